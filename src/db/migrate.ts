import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import type { Logger } from 'pino';
import { MigrationExecutor, type MigrationInterface, type QueryRunner } from 'typeorm';
import { foldedMigrations } from '../../migrations';
import type { Database } from './database';
import { errorCode } from './error-code';
import { refreshFunctions } from './sql-definitions';

/** An arbitrary constant: the advisory lock that serializes migrations of replicas starting together. */
export const MIGRATION_LOCK = 7301946;

/**
 * How long a migration's statement waits for a lock before the migration gives up and is tried again. Older
 * replicas keep writing during a rollout: a migration queued for a table's lock stalls every write queued behind
 * it, so it waits briefly, lets them pass, and comes back.
 */
export const MIGRATION_LOCK_TIMEOUT_MS = 2000;

/** lock_not_available (lock_timeout), deadlock_detected: the migration is rolled back and run again. */
const RETRYABLE = new Set(['55P03', '40P01']);

/** How long the runner keeps trying a migration that meets locks before it gives up (exit, nothing half-done). */
const RETRY_FOR_MS = 10 * 60_000;
const MAX_BACKOFF_MS = 5000;

/**
 * The order every migration takes its table locks in (`locks`, below): the order a write takes them, parents
 * before children and the change log's tables last (their triggers write them at the end of each statement).
 * Every table of the schema is here (test/migration-locks.test.ts): a new table gets its place when it comes.
 */
export const TABLE_LOCK_ORDER: readonly string[] = [
  'resource_types',
  'namespaces',
  'namespace_resource_types',
  'metadef_objects',
  'metadef_properties',
  'metadef_tags',
  'traits',
  'resource_providers',
  'resource_provider_traits',
  'resources',
  'resource_tags',
  'resource_properties',
  'discovered_properties',
  'discovered_property_values',
  'discovered_property_values_pending',
  'tag_usage',
  'tag_usage_pending',
  'usage_count_flushes',
  'catalog_version',
  'data_versions',
  'seed_state',
  'change_log_pending',
  'change_log_head',
  'change_log_retention',
  'change_log',
  'schema_compat',
  'migrations',
];

/**
 * A migration that says which tables it changes: the runner locks them (ACCESS EXCLUSIVE) first, in
 * TABLE_LOCK_ORDER, in one statement, so that it never holds one while it waits for another a writer holds.
 */
export interface LockingMigration extends MigrationInterface {
  locks?: readonly string[];
}

/** The tables, in TABLE_LOCK_ORDER (an unknown one is a mistake of the migration's: refused before it runs). */
export function inLockOrder(tables: readonly string[]): string[] {
  for (const table of tables) {
    if (!TABLE_LOCK_ORDER.includes(table)) throw new Error(`table ${table} has no place in TABLE_LOCK_ORDER`);
  }
  return TABLE_LOCK_ORDER.filter((table) => tables.includes(table));
}

const wrapped = new WeakSet<MigrationInterface>();

/** Makes each migration's up() lock its declared tables first (once per migration instance). */
function lockingFirst(migrations: readonly MigrationInterface[]): void {
  for (const migration of migrations as LockingMigration[]) {
    if (wrapped.has(migration) || !migration.locks?.length) continue;
    wrapped.add(migration);
    const tables = inLockOrder(migration.locks);
    const up = migration.up.bind(migration);
    migration.up = async (queryRunner: QueryRunner) => {
      await queryRunner.query(`LOCK TABLE ${tables.join(', ')} IN ACCESS EXCLUSIVE MODE`);
      await up(queryRunner);
    };
  }
}

export interface MigrateOptions {
  /** Where a retried migration is told (default: nowhere). */
  logger?: Pick<Logger, 'warn'>;
  lockTimeoutMs?: number;
  /** Called each time a migration is rolled back to be retried, with the SQLSTATE that stopped it. */
  onRetry?: (code: string) => void;
  /** Called with the functions installed again from their changed files (refreshFunctions), when any. */
  onRefreshed?: (functions: string[]) => void;
}

/**
 * Applies pending migrations, each in its own transaction, beside older replicas that keep serving (rolling
 * upgrades, docs/operations.md): each statement waits at most `lockTimeoutMs` for a lock, a migration locks the
 * tables it declares first in TABLE_LOCK_ORDER, and one that meets a lock timeout or a deadlock is rolled back and
 * run again after a backoff (for up to RETRY_FOR_MS), so the schema is always at a migration's end. Then, the
 * repeatable step: each function whose file (src/db/sql-definitions.ts) changed since a migration installed it is
 * installed again from the file. On a PostgreSQL server, replicas starting at once take turns through an advisory
 * lock held on a separate connection. Returns the migrations applied, oldest first.
 */
export async function migrate(database: Database, options: MigrateOptions = {}): Promise<string[]> {
  if (database.kind === 'pglite') return run(database, options);
  const url = (database.dataSource.options as { url?: string }).url;
  const lock = new Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    return await run(database, options);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.end();
  }
}

async function run(
  database: Database,
  { logger, lockTimeoutMs = MIGRATION_LOCK_TIMEOUT_MS, onRetry, onRefreshed }: MigrateOptions,
): Promise<string[]> {
  const { dataSource } = database;
  lockingFirst(dataSource.migrations);
  const runner = dataSource.createQueryRunner();
  const executor = new MigrationExecutor(dataSource, runner);
  executor.transaction = 'each';
  const giveUpAt = Date.now() + RETRY_FOR_MS;
  try {
    // The session's setting: every migration's transaction on this connection has it.
    await runner.query(`SET lock_timeout = ${Math.max(1, Math.round(lockTimeoutMs))}`);
    const pending = (await executor.getPendingMigrations()).map((migration) => migration.name);
    for (let attempt = 1; ; attempt += 1) {
      try {
        // Each migration commits on its own: those done before a failure stay done, the next try goes on after.
        await executor.executePendingMigrations();
        const refreshed = await refreshFunctions(runner);
        if (refreshed.length) onRefreshed?.(refreshed);
        return pending;
      } catch (error) {
        const code = errorCode(error);
        if (!code || !RETRYABLE.has(code) || Date.now() >= giveUpAt) throw error;
        onRetry?.(code);
        const waitMs = Math.min(100 * 2 ** Math.min(attempt, 6), MAX_BACKOFF_MS) * (0.5 + Math.random() / 2);
        logger?.warn(
          { code, attempt, waitMs: Math.round(waitMs) },
          code === '55P03'
            ? 'migration: a lock was not free in time (older replicas writing); rolled back, retrying'
            : 'migration: deadlock with a writer; rolled back, retrying',
        );
        await sleep(waitMs);
      }
    }
  } finally {
    await runner.query('RESET lock_timeout').catch(() => undefined);
    await runner.release();
  }
}

/**
 * Reverts the newest migration the database has applied, in one transaction (`metacatalog migrate --undo`, the
 * migration tests); returns its name, or undefined when none is applied. See undoNewestMigration.
 */
export async function undoLastMigration(database: Database): Promise<string | undefined> {
  const runner = database.dataSource.createQueryRunner();
  try {
    await runner.startTransaction();
    try {
      // Not while another process migrates (on PGlite, the one connection is ours).
      if (database.kind === 'postgres')
        await runner.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const undone = await undoNewestMigration(runner, database.dataSource.migrations);
      await runner.commitTransaction();
      return undone;
    } catch (error) {
      await runner.rollbackTransaction();
      throw error;
    }
  } finally {
    await runner.release();
  }
}

/**
 * Inside the caller's transaction, reverts the newest migration of `migrations` (the list, oldest first) that the
 * database has applied: its down(), then its row of `migrations` and those of the migrations folded into it
 * (migrations/index.ts, foldedMigrations) go. A folded migration's row stands for the one it was folded into: on
 * a database an older version migrated, such a row may be the newest (its migration came after the one it is
 * now part of), and the list's order, not the rows', says which migration is the newest, so that `migrations`
 * always names the first migrations of the list (with those folded into them), as `migrate` leaves it. Refuses
 * when the database has a migration this version does not know (a newer version's): undo that with that version.
 * Returns the name undone, or undefined when none is applied.
 */
export async function undoNewestMigration(
  runner: QueryRunner,
  migrations: readonly MigrationInterface[],
): Promise<string | undefined> {
  const names = migrations.map((migration) => migration.name ?? migration.constructor.name);
  const rows = await new MigrationExecutor(runner.connection, runner).getExecutedMigrations();
  const folded = (name: string) =>
    Object.hasOwn(foldedMigrations, name) ? foldedMigrations[name] : undefined;
  const unknown = rows.filter((row) => !names.includes(row.name) && !folded(row.name)).map((row) => row.name);
  if (unknown.length) {
    throw new Error(
      `the database has migrations this version of metacatalog does not know (${unknown.join(', ')}): undo them with the version that applied them`,
    );
  }
  const applied = new Set(rows.map((row) => folded(row.name) ?? row.name));
  const newest = names.findLastIndex((name) => applied.has(name));
  if (newest < 0) return undefined;
  const name = names[newest];
  await migrations[newest].down(runner);
  const gone = [name, ...Object.keys(foldedMigrations).filter((row) => foldedMigrations[row] === name)];
  await runner.query(`DELETE FROM migrations WHERE name = ANY($1)`, [gone]);
  return name;
}

/** Which migrations the database has applied and which are pending, each oldest first. */
export async function migrationStatus(database: Database): Promise<{ applied: string[]; pending: string[] }> {
  const executor = new MigrationExecutor(database.dataSource);
  const applied = (await executor.getExecutedMigrations()).sort((a, b) => a.timestamp - b.timestamp);
  const pending = await executor.getPendingMigrations();
  return {
    applied: applied.map((migration) => migration.name),
    pending: pending.map((migration) => migration.name),
  };
}
