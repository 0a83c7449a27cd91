import { migrations } from '../../migrations';
import type { Queryable } from './change-log/read';

/**
 * The channel a migration that changes what code may serve the schema NOTIFYs (migration 1763701700000): every
 * instance checks the schema's `schema_compat` again at once (and every SCHEMA_CHECK_MS anyway).
 */
export const SCHEMA_CHANNEL = 'metacatalog_schema';

/** How often a running instance reads `schema_compat` again, beside the NOTIFYs (one may be missed). */
export const SCHEMA_CHECK_MS = 30_000;

/** A migration's version: the timestamp its name ends with (`SchemaCompat1763701700000`). */
export function migrationVersion(name: string): bigint {
  const match = /([0-9]{13})$/.exec(name);
  if (!match) throw new Error(`migration ${name} has no timestamp at the end of its name`);
  return BigInt(match[1]);
}

/** This code's newest migration: its version, as far as the database is concerned. */
export const CODE_MIGRATION = new migrations[migrations.length - 1]().name!;
export const CODE_VERSION = migrationVersion(CODE_MIGRATION);

/** What the schema says of the code that may serve it (the `schema_compat` row). */
export interface SchemaCompat {
  /** The oldest code version (its newest migration's timestamp) that may serve this schema. */
  minCodeVersion: bigint;
  /** The migration that set it. */
  setBy: string;
}

/** The schema's `schema_compat` row; undefined on a schema older than migration 1763701700000 (any code). */
export async function readSchemaCompat(db: Queryable): Promise<SchemaCompat | undefined> {
  const [{ exists }] = (await db.query(`SELECT to_regclass('schema_compat') IS NOT NULL AS exists`)) as {
    exists: boolean;
  }[];
  if (!exists) return undefined;
  const rows = (await db.query(`SELECT min_code_version::text AS min, set_by FROM schema_compat`)) as {
    min: string;
    set_by: string;
  }[];
  return rows.length ? { minCodeVersion: BigInt(rows[0].min), setBy: rows[0].set_by } : undefined;
}

/** This code may not serve a schema (too new for it): says both versions and what to do. */
export class SchemaTooNewError extends Error {
  constructor(readonly compat: SchemaCompat) {
    super(
      `This metacatalog (code version ${CODE_VERSION}, migration ${CODE_MIGRATION}) is older than the oldest ` +
        `version that may serve this database (${compat.minCodeVersion}, set by migration ${compat.setBy}): ` +
        `run metacatalog of version ${compat.minCodeVersion} or newer (docs/operations.md, Upgrades).`,
    );
    this.name = 'SchemaTooNewError';
  }
}

/** Why this code may not serve the schema behind `db` (a SchemaTooNewError), or undefined when it may. */
export async function schemaProblem(db: Queryable): Promise<SchemaTooNewError | undefined> {
  const compat = await readSchemaCompat(db);
  return compat && compat.minCodeVersion > CODE_VERSION ? new SchemaTooNewError(compat) : undefined;
}
