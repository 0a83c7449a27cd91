import {
  closeSync,
  createReadStream,
  createWriteStream,
  fsyncSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { Migration, MigrationExecutor, type QueryRunner } from 'typeorm';
import { actorStatement } from '../common/actor';
import { sequenceChanges } from './change-log/sequencer';
import { FEED_APPLICATION_NAME } from './change-log/feed';
import { foldedMigrations } from '../../migrations';
import { appliedMigrations, type Database } from './database';
import { MIGRATION_LOCK, undoNewestMigration } from './migrate';

/**
 * Backup and restore of the whole database (docs/backup.md). A backup is one gzip file of JSON lines, written
 * from one snapshot and readable by any later metacatalog on PGlite (PostgreSQL 18) or PostgreSQL 15+:
 *
 * 1. a header: `{"format":"metacatalog-backup","version":2,"createdAt":…,"metacatalog":…,"database":…,
 *    "serverVersion":…,"migrations":[…]}`: the migrations applied to the database (its schema level);
 * 2. for every table (all of the schema's but `migrations`, listed from the database): `{"table":…,"columns":[…]}`,
 *    then each row as PostgreSQL's `row_to_json` writes it (jsonb as stored, timestamps with their offset),
 *    ordered by primary key; generated columns are left out (they are computed again);
 * 3. `{"sequences":{…}}`: each sequence's last value (ids of deleted rows are not handed out again);
 * 4. `{"end":{"rows":{table: count}}}`: a file without it, or whose counts disagree, is refused.
 *
 * A restore migrates an empty database to the backup's level, inserts the rows in foreign-key order, sets the
 * sequences, then applies the newer migrations, all in one transaction: it keeps everything or nothing.
 */

export const BACKUP_FORMAT = 'metacatalog-backup';
/**
 * The file's format. 2: the change log is in it, like every other table. 1 (until 2026-11): it was not, but for its
 * head; such a file still restores as it did then (restoreBackup: its nodes' history starts with the restore).
 */
export const BACKUP_VERSION = 2;

/**
 * Tables whose rows triggers compute from other tables' (migrations/1763700500000-usage-counts.ts, src/db/usage-counts/sql/): a restore
 * does not insert them, the triggers fill them as the rows they count arrive; they are then compared with the
 * backup's (a difference is reported: the recomputed counts are the right ones).
 */
export const RECOMPUTED_TABLES = ['tag_usage', 'discovered_property_values'];
/**
 * The catalog's version (migrations/1763700600000-catalog-version.ts): restored above both the backup's and the
 * database's previous one, so that no cache holds an answer under the number it ends with.
 */
export const VERSION_TABLE = 'catalog_version';

/**
 * The other data groups' versions (migrations/1763700600000-catalog-version.ts: traits, providers), restored the
 * same way: never below the number the database had, so no cache holds an answer under the number it ends with.
 */
export const DATA_VERSIONS_TABLE = 'data_versions';

/**
 * The change log (migrations/*change-log*, docs/live.md): its records, the changes of committed transactions not
 * numbered yet, its head (the highest seq) and its pruning point (cursors below it are expired). A backup holds
 * the four tables from its snapshot, where each change is either numbered or pending, never both nor neither (a
 * sequencing step moves changes from one table to the other in one transaction): none is lost or doubled, and none
 * needs numbering first (which a backup, a reader, could not do beside an embedded server: its session is
 * read-only). A restore puts them back exactly, then numbers the pending changes after the restored head, as the
 * source would have (restoreChangeLog).
 */
export const CHANGE_LOG_TABLE = 'change_log';
export const CHANGE_LOG_PENDING_TABLE = 'change_log_pending';
export const CHANGE_LOG_HEAD_TABLE = 'change_log_head';
export const CHANGE_LOG_RETENTION_TABLE = 'change_log_retention';
/**
 * Tables of a backup that hold bookkeeping, not contents: one row each, which their migration makes; restored by
 * their own rule, not counted.
 */
const BOOKKEEPING_TABLES = [
  VERSION_TABLE,
  DATA_VERSIONS_TABLE,
  CHANGE_LOG_HEAD_TABLE,
  CHANGE_LOG_RETENTION_TABLE,
  // Which code may serve the schema (migration 1763701700000): the target's own migrations decide it.
  'schema_compat',
];

const FETCH_ROWS = 5000;
const STAGE_ROWS = 1000;

/** A file that cannot be written, or restored: the message says why. Nothing was written. */
export class BackupFileError extends Error {}

/** What the system's errors about a backup's own file mean. */
const FILE_PROBLEMS: Record<string, string> = {
  ENOENT: 'its folder does not exist',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of its path is not a folder',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full (nothing was left behind)',
  EDQUOT: "the user's disk quota is used up (nothing was left behind)",
};

/** A database the backup is not restored into as it is (not empty, servers on it, a newer schema). */
export class RestoreRefusedError extends Error {}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The version of metacatalog that wrote it. */
  metacatalog: string;
  database: Database['kind'];
  serverVersion: string;
  /** The migrations applied to the database, oldest first. */
  migrations: string[];
}

export interface BackupSummary {
  file: string;
  bytes: number;
  /** Rows per table. */
  rows: Record<string, number>;
  migrations: string[];
}

export interface RestoreSummary {
  header: BackupHeader;
  rows: Record<string, number>;
  /** The migrations applied after loading (the backup was older than this metacatalog). */
  migrated: string[];
  /** Differences found between the backup's counts and those the triggers computed again. */
  warnings: string[];
}

type Queryable = Pick<QueryRunner, 'query'>;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The tables a backup holds: every table of the schema, but the migrations' bookkeeping and unlogged tables
 * (work tables a transaction empties before it commits, such as the usage counts' pending changes: PostgreSQL
 * itself does not keep them across a crash).
 */
async function tablesOf(db: Queryable): Promise<string[]> {
  const rows = (await db.query(
    `SELECT relname AS name FROM pg_class
      WHERE relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
        AND relkind IN ('r', 'p') AND relpersistence = 'p' AND relname <> 'migrations'
      ORDER BY relname`,
  )) as { name: string }[];
  return rows.map((row) => row.name);
}

/** A table's stored columns (generated ones are computed again on insert). */
async function columnsOf(db: Queryable, table: string): Promise<string[]> {
  const rows = (await db.query(
    `SELECT attname AS name FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
      ORDER BY attnum`,
    [ident(table)],
  )) as { name: string }[];
  return rows.map((row) => row.name);
}

async function primaryKeyOf(db: Queryable, table: string): Promise<string[]> {
  const rows = (await db.query(
    `SELECT a.attname AS name FROM pg_index i
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
      WHERE i.indrelid = $1::regclass AND i.indisprimary
      ORDER BY array_position(i.indkey::int2[], a.attnum)`,
    [ident(table)],
  )) as { name: string }[];
  return rows.map((row) => row.name);
}

/** The sequences owned by the tables' columns (serial and identity), with their table and column. */
async function sequencesOf(
  db: Queryable,
): Promise<{ name: string; table: string; column: string; last: string | null }[]> {
  return (await db.query(
    `SELECT s.relname AS name, t.relname AS "table", a.attname AS "column", q.last_value AS last
       FROM pg_class s
       JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = s.oid
                       AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
       JOIN pg_class t ON t.oid = d.refobjid
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
       LEFT JOIN pg_sequences q ON q.schemaname = current_schema() AND q.sequencename = s.relname
      WHERE s.relkind = 'S' AND t.relname <> 'migrations'
        AND s.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
      ORDER BY s.relname`,
  )) as { name: string; table: string; column: string; last: string | null }[];
}

/**
 * Writes a backup of `database` to `file`, from one snapshot: a SERIALIZABLE READ ONLY DEFERRABLE transaction
 * (on PostgreSQL it waits for a snapshot no running transaction can disturb, then never fails; PGlite is one
 * session, so nothing else runs meanwhile). The file appears only once complete (written aside, then renamed),
 * readable by its owner only.
 */
export async function writeBackup(
  database: Database,
  file: string,
  about: { metacatalog: string },
): Promise<BackupSummary> {
  const partial = `${file}.${process.pid}.partial`;
  const runner = database.dataSource.createQueryRunner();
  const rows: Record<string, number> = {};
  let migrations: string[] = [];
  try {
    await runner.connect();
    await runner.query('START TRANSACTION ISOLATION LEVEL SERIALIZABLE, READ ONLY, DEFERRABLE');
    try {
      migrations = await appliedMigrations(runner);
      const [{ server_version: serverVersion }] = (await runner.query('SHOW server_version')) as {
        server_version: string;
      }[];
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: new Date().toISOString(),
        metacatalog: about.metacatalog,
        database: database.kind,
        serverVersion,
        migrations,
      };
      const tables = await tablesOf(runner);
      async function* lines(): AsyncGenerator<string> {
        yield `${JSON.stringify(header)}\n`;
        for (const table of tables) {
          const columns = await columnsOf(runner, table);
          const key = await primaryKeyOf(runner, table);
          yield `${JSON.stringify({ table, columns })}\n`;
          const list = columns.map(ident).join(', ');
          await runner.query(
            `DECLARE backup_rows NO SCROLL CURSOR FOR
             SELECT row_to_json(t)::text AS line FROM (SELECT ${list} FROM ${ident(table)}
              ORDER BY ${(key.length ? key : columns).map(ident).join(', ')}) t`,
          );
          let count = 0;
          for (;;) {
            const batch = (await runner.query(`FETCH FORWARD ${FETCH_ROWS} FROM backup_rows`)) as {
              line: string;
            }[];
            if (!batch.length) break;
            count += batch.length;
            yield batch.map((row) => `${row.line}\n`).join('');
          }
          await runner.query('CLOSE backup_rows');
          rows[table] = count;
        }
        const sequences: Record<string, string> = {};
        for (const sequence of await sequencesOf(runner)) {
          if (sequence.last !== null) sequences[sequence.name] = sequence.last;
        }
        yield `${JSON.stringify({ sequences })}\n`;
        yield `${JSON.stringify({ end: { rows } })}\n`;
      }
      await pipeline(lines(), createGzip(), createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    } finally {
      await runner.query('ROLLBACK').catch(() => undefined);
    }
    const fd = openSync(partial, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    const reason = FILE_PROBLEMS[(error as NodeJS.ErrnoException).code ?? ''];
    if (reason) throw new BackupFileError(`Cannot write the backup to ${file}: ${reason}`, { cause: error });
    throw error;
  } finally {
    await runner.release();
  }
  return { file, bytes: statSync(file).size, rows, migrations };
}

/** The file's lines, decompressed; gzip's own errors (truncated, corrupt, not gzip) said in words. */
async function* readLines(file: string): AsyncGenerator<string> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of gunzip) {
      const parts = (rest + decoder.write(chunk as Buffer)).split('\n');
      rest = parts.pop()!;
      yield* parts;
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message = (error as Error).message;
    if (code === 'ENOENT') throw new BackupFileError(`${file}: no such file`);
    if (code === 'EISDIR') throw new BackupFileError(`${file} is a folder, not a backup file`);
    if (code === 'EACCES') throw new BackupFileError(`${file} cannot be read (permission denied)`);
    if (/unexpected end of file/.test(message)) {
      throw new BackupFileError(
        `${file} is truncated: it ends in the middle (cut short or not copied whole)`,
      );
    }
    if (/incorrect header check/.test(message)) {
      throw new BackupFileError(`${file} is not a metacatalog backup (not a gzip file)`);
    }
    if (code?.startsWith('Z_')) throw new BackupFileError(`${file} is corrupt (${message})`);
    throw error;
  } finally {
    input.destroy();
    gunzip.destroy();
  }
  if (rest + decoder.end()) {
    throw new BackupFileError(`${file} is truncated: its last line is incomplete`);
  }
}

interface Section {
  table: string;
  columns: string[];
  rows: number;
}

/** A backup file read through and found whole (`checkBackup`): what it holds. */
export interface CheckedBackup {
  file: string;
  header: BackupHeader;
  sections: Section[];
  sequences: Record<string, string>;
}

function parseLine(file: string, number: number, line: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // Said below.
  }
  throw new BackupFileError(`${file} is corrupt: line ${number} is not what a backup holds there`);
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * Reads the whole file, before anything is written (before the database is even opened): its header, every
 * table's rows (each a JSON object), and the closing line with the count of each table, which must match.
 * gzip's checksum covers every byte.
 */
export async function checkBackup(file: string): Promise<CheckedBackup> {
  if (statSync(file, { throwIfNoEntry: false })?.size === 0) {
    throw new BackupFileError(`${file} is empty: not a metacatalog backup`);
  }
  let header: BackupHeader | undefined;
  const sections: Section[] = [];
  let sequences: Record<string, string> | undefined;
  let ended = false;
  let number = 0;
  for await (const line of readLines(file)) {
    number += 1;
    if (ended) throw new BackupFileError(`${file} is corrupt: something follows its last line`);
    if (!header) {
      const value = parseLine(file, number, line);
      if (value.format !== BACKUP_FORMAT) throw new BackupFileError(`${file} is not a metacatalog backup`);
      if (typeof value.version !== 'number' || value.version > BACKUP_VERSION) {
        throw new BackupFileError(
          `${file} was written by a newer metacatalog (backup format ${String(value.version)}; this one reads up to ${BACKUP_VERSION})`,
        );
      }
      if (!isStringList(value.migrations))
        throw new BackupFileError(`${file} is corrupt: its header is incomplete`);
      header = value as unknown as BackupHeader;
      continue;
    }
    const section = sections.at(-1);
    if (line.startsWith('{"table":') || line.startsWith('{"sequences":') || line.startsWith('{"end":')) {
      const value = parseLine(file, number, line);
      if (typeof value.table === 'string' && isStringList(value.columns) && !sequences) {
        if (sections.some((seen) => seen.table === value.table)) {
          throw new BackupFileError(`${file} is corrupt: table ${value.table} appears twice`);
        }
        sections.push({ table: value.table, columns: value.columns, rows: 0 });
        continue;
      }
      if (value.sequences && typeof value.sequences === 'object' && !sequences) {
        sequences = value.sequences as Record<string, string>;
        continue;
      }
      const end = value.end as { rows?: Record<string, unknown> } | undefined;
      if (end?.rows && typeof end.rows === 'object' && sequences) {
        for (const { table, rows } of sections) {
          if (end.rows[table] !== rows) {
            throw new BackupFileError(
              `${file} is corrupt: it holds ${rows} rows of ${table}, its last line says ${String(end.rows[table])}`,
            );
          }
        }
        ended = true;
        continue;
      }
    }
    // A row: a JSON object of its table's columns (PostgreSQL checks each value when it is inserted).
    if (!section || sequences || !line.startsWith('{') || !line.endsWith('}')) {
      throw new BackupFileError(`${file} is corrupt: line ${number} is not what a backup holds there`);
    }
    section.rows += 1;
  }
  if (!header) throw new BackupFileError(`${file} is empty: not a metacatalog backup`);
  if (!ended) {
    throw new BackupFileError(`${file} is incomplete: its last line (the count of each table) is missing`);
  }
  return { file, header, sections, sequences: sequences ?? {} };
}

/** Tables in an order that inserts every row after the rows it refers to (references within a table aside). */
async function insertOrder(db: Queryable, tables: string[]): Promise<string[]> {
  const edges = (await db.query(
    `SELECT child.relname AS child, parent.relname AS parent
       FROM pg_constraint c
       JOIN pg_class child ON child.oid = c.conrelid
       JOIN pg_class parent ON parent.oid = c.confrelid
      WHERE c.contype = 'f' AND c.connamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())`,
  )) as { child: string; parent: string }[];
  const order: string[] = [];
  const left = new Set(tables);
  while (left.size) {
    const ready = [...left].filter(
      (table) =>
        !edges.some((edge) => edge.child === table && edge.parent !== table && left.has(edge.parent)),
    );
    if (!ready.length) throw new Error(`foreign keys form a cycle among ${[...left].join(', ')}`);
    for (const table of ready.sort()) {
      order.push(table);
      left.delete(table);
    }
  }
  return order;
}

/** What a database holds, table by table (not counting what is computed or bookkeeping). */
async function contentsOf(db: Queryable): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tablesOf(db)) {
    if (RECOMPUTED_TABLES.includes(table) || BOOKKEEPING_TABLES.includes(table)) continue;
    const [{ count }] = (await db.query(`SELECT count(*)::int AS count FROM ${ident(table)}`)) as {
      count: number;
    }[];
    if (count) counts[table] = count;
  }
  return counts;
}

async function currentVersion(db: Queryable): Promise<string | null> {
  const [{ exists }] = (await db.query(`SELECT to_regclass($1) IS NOT NULL AS exists`, [
    ident(VERSION_TABLE),
  ])) as { exists: boolean }[];
  if (!exists) return null;
  const rows = (await db.query(`SELECT max(version)::text AS version FROM ${ident(VERSION_TABLE)}`)) as {
    version: string | null;
  }[];
  return rows[0]?.version ?? null;
}

/** Each data group's version (traits, providers), by name; none before their migration. */
async function currentDataVersions(db: Queryable): Promise<Record<string, string>> {
  const [{ exists }] = (await db.query(`SELECT to_regclass($1) IS NOT NULL AS exists`, [
    ident(DATA_VERSIONS_TABLE),
  ])) as { exists: boolean }[];
  if (!exists) return {};
  const rows = (await db.query(
    `SELECT name, version::text AS version FROM ${ident(DATA_VERSIONS_TABLE)}`,
  )) as {
    name: string;
    version: string;
  }[];
  return Object.fromEntries(rows.map((row) => [row.name, row.version]));
}

/** The change log's highest seq; null before its migration. */
async function currentChangeHead(db: Queryable): Promise<string | null> {
  const [{ exists }] = (await db.query(`SELECT to_regclass($1) IS NOT NULL AS exists`, [
    ident(CHANGE_LOG_HEAD_TABLE),
  ])) as { exists: boolean }[];
  if (!exists) return null;
  const rows = (await db.query(`SELECT last_seq::text AS seq FROM ${ident(CHANGE_LOG_HEAD_TABLE)}`)) as {
    seq: string;
  }[];
  return rows[0]?.seq ?? null;
}

/**
 * Restores `file` into `database`, which must be empty (no rows in any table: a database just migrated counts
 * as empty) unless `force`, which replaces whatever it holds. Nothing is written before the whole file has been
 * read and checked, and everything is written in one transaction.
 */
export async function restoreBackup(
  database: Database,
  backup: CheckedBackup,
  { force = false }: { force?: boolean } = {},
): Promise<RestoreSummary> {
  const { file } = backup;
  const known = database.dataSource.migrations.map(
    (migration) => migration.name ?? migration.constructor.name,
  );
  const level = withoutFolded(backup.header.migrations);
  if (level.some((name, i) => known[i] !== name)) {
    const unknown = level.find((name) => !known.includes(name)) ?? level.join(', ');
    throw new RestoreRefusedError(
      `${file} was written by another version of metacatalog: its database has the migration ${unknown}, unknown here. Restore it with that version or a newer one.`,
    );
  }
  const runner = database.dataSource.createQueryRunner();
  await runner.connect();
  try {
    const applied = withoutFolded(await appliedMigrations(runner));
    const newer = applied.filter((name) => !known.includes(name));
    if (newer.length) {
      throw new RestoreRefusedError(
        `The database was migrated by a newer metacatalog (${newer.join(', ')}): restore with that version.`,
      );
    }
    if (database.kind === 'postgres') {
      const [{ servers }] = (await runner.query(
        `SELECT count(*)::int AS servers FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = $1`,
        [FEED_APPLICATION_NAME],
      )) as { servers: number }[];
      if (servers) {
        throw new RestoreRefusedError(
          `${servers} metacatalog server(s) are connected to this database: stop them before restoring (they would keep serving what they cached).`,
        );
      }
    }
    if (!force) {
      const held = Object.entries(await contentsOf(runner));
      if (held.length) {
        throw new RestoreRefusedError(
          `The database is not empty (${held.map(([table, count]) => `${table}: ${count}`).join(', ')}): a restore ` +
            'replaces everything in it. Restore into an empty database, or add --force to replace its contents.',
        );
      }
    }
    await runner.startTransaction();
    try {
      // What the change log records in this transaction (the newer migrations' changes; all of a backup of format
      // 1) is the CLI's doing.
      await runner.query(actorStatement({ via: 'cli', project: null, user: null }));
      const summary = await load(database, runner, backup, applied.length);
      await runner.commitTransaction();
      // What it recorded, numbered now (no service instance may be there to do it).
      await sequenceChanges(runner);
      // Fresh tables: statistics for the planner now, not after the first slow queries.
      await runner.query('ANALYZE');
      return summary;
    } catch (error) {
      await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    }
  } finally {
    await runner.release();
  }
}

/** Migration names without those folded into another (foldedMigrations: the one they went into stands for them). */
function withoutFolded(names: readonly string[]): string[] {
  return names.filter((name) => !Object.hasOwn(foldedMigrations, name));
}

/** A row trigger of a table: what a restore turns off while it inserts, and on again. */
interface Trigger {
  table: string;
  trigger: string;
}

/**
 * The change log's row triggers, which record every write of a node (migrations/*change-log*): those whose function
 * is one of the log's (all named change_log_…) or writes its pending changes.
 */
async function changeLogTriggers(db: Queryable): Promise<Trigger[]> {
  return (await db.query(
    `SELECT c.relname AS "table", t.tgname AS trigger
       FROM pg_trigger t
       JOIN pg_class c ON c.oid = t.tgrelid
       JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE NOT t.tgisinternal AND t.tgenabled <> 'D'
        AND c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
        AND (p.proname LIKE 'change\\_log\\_%' OR p.prosrc LIKE '%${CHANGE_LOG_PENDING_TABLE}%')
      ORDER BY 1, 2`,
  )) as Trigger[];
}

/**
 * Inside the restore's transaction, every row inserted (the log's triggers off meanwhile): the log holds the
 * backup's records and pending changes, no more; its head and pruning point become the backup's; then the changes
 * pending at the backup are numbered after the head, as the backup's database numbers them at its next step (in
 * the order of each transaction's last change, with their own actor and time).
 */
async function restoreChangeLog(
  runner: QueryRunner,
  { sections }: CheckedBackup,
  sourceOf: (table: string) => string,
): Promise<void> {
  const rowsOf = (table: string) => sections.find((section) => section.table === table)!.rows;
  const [held] = (await runner.query(
    `SELECT (SELECT count(*) FROM ${ident(CHANGE_LOG_TABLE)})::int AS records,
            (SELECT count(*) FROM ${ident(CHANGE_LOG_PENDING_TABLE)})::int AS pending`,
  )) as { records: number; pending: number }[];
  if (held.records !== rowsOf(CHANGE_LOG_TABLE) || held.pending !== rowsOf(CHANGE_LOG_PENDING_TABLE)) {
    throw new Error(
      `the change log holds ${held.records} records and ${held.pending} pending changes where the backup holds ` +
        `${rowsOf(CHANGE_LOG_TABLE)} and ${rowsOf(CHANGE_LOG_PENDING_TABLE)}: a trigger recorded the restore's own rows`,
    );
  }
  await runner.query(
    `UPDATE ${ident(CHANGE_LOG_HEAD_TABLE)} h SET last_seq = r.last_seq FROM ${sourceOf(CHANGE_LOG_HEAD_TABLE)}`,
  );
  await runner.query(
    `UPDATE ${ident(CHANGE_LOG_RETENTION_TABLE)} k SET pruned_through = r.pruned_through
       FROM ${sourceOf(CHANGE_LOG_RETENTION_TABLE)}`,
  );
  // At the backup's schema level: its step numbers its pending changes (newer migrations carry its records on).
  if (held.pending) await sequenceChanges(runner);
}

/** Inside the restore's transaction: empty the schema, migrate to the backup's level, insert, migrate on. */
async function load(
  database: Database,
  runner: QueryRunner,
  backup: CheckedBackup,
  appliedCount: number,
): Promise<RestoreSummary> {
  const { file, header, sections } = backup;
  // Replicas starting meanwhile wait for this to commit rather than migrate halfway through it.
  if (database.kind === 'postgres') await runner.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
  const previousVersion = await currentVersion(runner);
  const previousDataVersions = await currentDataVersions(runner);
  const previousChangeHead = await currentChangeHead(runner);

  const executor = new MigrationExecutor(database.dataSource, runner);
  executor.transaction = 'none';
  const instances = database.dataSource.migrations;
  // Newest first, each with the rows of the migrations folded into it.
  for (let i = 0; i < appliedCount; i += 1) await undoNewestMigration(runner, instances);
  for (const instance of instances.slice(0, withoutFolded(header.migrations).length)) {
    const name = instance.name ?? instance.constructor.name;
    await executor.executeMigration(new Migration(undefined, Number(name.slice(-13)), name, instance));
  }

  const present = new Set(await tablesOf(runner));
  const missing = sections.filter((section) => !present.has(section.table)).map((section) => section.table);
  if (missing.length) {
    throw new BackupFileError(
      `${file} is corrupt: it holds tables its schema level does not have (${missing.join(', ')})`,
    );
  }
  // A backup of format 2, at a schema level that has the change log, holds it whole (restoreChangeLog).
  const rowsOf = (table: string) => sections.find((section) => section.table === table)?.rows;
  const keepsLog = rowsOf(CHANGE_LOG_TABLE) !== undefined;
  if (
    keepsLog &&
    (rowsOf(CHANGE_LOG_PENDING_TABLE) === undefined ||
      rowsOf(CHANGE_LOG_HEAD_TABLE) !== 1 ||
      rowsOf(CHANGE_LOG_RETENTION_TABLE) !== 1)
  ) {
    throw new BackupFileError(
      `${file} is corrupt: it holds the change log's records without its pending changes, its head or its pruning point`,
    );
  }

  // Rows first go to temporary tables, one per table, so that each table is then filled by a single INSERT:
  // rows referring to others of the same table (parent tags, provider trees) may come in any order.
  const staged = new Map(sections.map((section, i) => [section.table, `restore_rows_${i}`]));
  for (const name of staged.values()) {
    await runner.query(
      `CREATE TEMPORARY TABLE ${name} (n bigint NOT NULL, line text NOT NULL) ON COMMIT DROP`,
    );
  }
  let stage: string | undefined;
  let batch: string[] = [];
  let n = 0;
  const flush = async () => {
    if (!stage || !batch.length) return;
    await runner.query(
      `INSERT INTO ${stage} (n, line) SELECT n, line FROM unnest($1::bigint[], $2::text[]) AS r (n, line)`,
      [batch.map((_, i) => n - batch.length + i), batch],
    );
    batch = [];
  };
  let lineNumber = 0;
  for await (const line of readLines(file)) {
    lineNumber += 1;
    if (lineNumber === 1) continue;
    if (line.startsWith('{"table":')) {
      await flush();
      stage = staged.get((JSON.parse(line) as { table: string }).table);
      continue;
    }
    if (line.startsWith('{"sequences":')) {
      await flush();
      stage = undefined;
      continue;
    }
    if (!stage) continue;
    n += 1;
    batch.push(line);
    if (batch.length >= STAGE_ROWS) await flush();
  }
  await flush();

  const warnings: string[] = [];
  const byTable = new Map(sections.map((section) => [section.table, section]));
  const sourceOf = (table: string) =>
    `${staged.get(table)} s CROSS JOIN LATERAL json_populate_record(NULL::${ident(table)}, s.line::json) r`;
  const listsOf = (table: string) => {
    const { columns } = byTable.get(table)!;
    return {
      list: columns.map(ident).join(', '),
      values: columns.map((column) => `r.${ident(column)}`).join(', '),
    };
  };
  const inserted = (await insertOrder(runner, [...byTable.keys()])).filter(
    (table) => !RECOMPUTED_TABLES.includes(table) && !BOOKKEEPING_TABLES.includes(table),
  );
  // The restore's own inserts are not changes: the backup's log holds these nodes' history already, and a CREATED
  // record of each, numbered after the restored head, would rewrite it. So the log's row triggers are off while
  // they run (on tables this transaction created: no other session sees them). Letting the triggers record, then
  // replacing what they wrote with the backup's pending changes, costs their work for every row: twice the CPU of
  // a restore of 20,000 resources with 4 tags each on PGlite (11.5 s instead of 5.5 s).
  // `session_replication_role = replica` would need a superuser, and turn off the foreign keys and the usage
  // counts' triggers too. A trigger of the log this misses is caught below (restoreChangeLog counts the log).
  const triggers = keepsLog ? await changeLogTriggers(runner) : [];
  for (const { table, trigger } of triggers) {
    await runner.query(`ALTER TABLE ${ident(table)} DISABLE TRIGGER ${ident(trigger)}`);
  }
  for (const table of inserted) {
    const { list, values } = listsOf(table);
    const expected = byTable.get(table)!.rows;
    const result = (await runner.query(
      `INSERT INTO ${ident(table)} (${list}) OVERRIDING SYSTEM VALUE SELECT ${values} FROM ${sourceOf(table)} ORDER BY s.n`,
      [],
      true,
    )) as { affected?: number };
    if (result.affected !== expected) {
      throw new Error(`${table}: ${result.affected} rows inserted of the ${expected} the backup holds`);
    }
  }
  // Every row is in: the triggers have computed the counts again (those applied at commit by a deferred trigger
  // are applied now); they must be the backup's.
  await runner.query('SET CONSTRAINTS usage_count_flushes_flush IMMEDIATE');
  for (const table of RECOMPUTED_TABLES.filter((name) => byTable.has(name))) {
    const { list, values } = listsOf(table);
    const [{ differing }] = (await runner.query(
      `SELECT count(*)::int AS differing FROM (
         (SELECT ${list} FROM ${ident(table)} EXCEPT SELECT ${values} FROM ${sourceOf(table)})
         UNION ALL
         (SELECT ${values} FROM ${sourceOf(table)} EXCEPT SELECT ${list} FROM ${ident(table)})) d`,
    )) as { differing: number }[];
    if (differing) {
      warnings.push(
        `${table}: ${differing} rows differ between the backup and the counts computed again from its rows (the computed ones are kept)`,
      );
    }
  }
  if (byTable.has(VERSION_TABLE)) {
    await runner.query(
      `UPDATE ${ident(VERSION_TABLE)} v SET version = greatest(v.version, r.version, $1::bigint)
         FROM ${sourceOf(VERSION_TABLE)} WHERE v.id = r.id`,
      [previousVersion],
    );
  }
  if (byTable.has(DATA_VERSIONS_TABLE)) {
    // The rows are the migration's (one per group, made again above): each takes the greatest of its number,
    // the backup's and the one the database had before the restore.
    await runner.query(
      `UPDATE ${ident(DATA_VERSIONS_TABLE)} v
          SET version = greatest(v.version, r.version, ($1::jsonb ->> v.name)::bigint)
         FROM ${sourceOf(DATA_VERSIONS_TABLE)} WHERE v.name = r.name`,
      [JSON.stringify(previousDataVersions)],
    );
  }
  if (keepsLog) {
    await restoreChangeLog(runner, backup, sourceOf);
  } else if (byTable.has(CHANGE_LOG_HEAD_TABLE)) {
    // A backup of format 1 holds the log's head only. The log records what the restore inserted (the triggers'
    // pending changes, numbered once it commits: CREATED, via cli), above the backup's number and the database's
    // previous one, and every cursor up to it expires: a client resuming with a cursor of either database is told
    // to refetch (CURSOR_EXPIRED) or, with the backup's last cursor exactly, receives the restore's records.
    await runner.query(
      `UPDATE ${ident(CHANGE_LOG_HEAD_TABLE)} h SET last_seq = greatest(h.last_seq, r.last_seq, $1::bigint)
         FROM ${sourceOf(CHANGE_LOG_HEAD_TABLE)}`,
      [previousChangeHead ?? '0'],
    );
    await runner.query(
      `UPDATE ${ident(CHANGE_LOG_RETENTION_TABLE)} SET pruned_through = (SELECT last_seq FROM ${ident(CHANGE_LOG_HEAD_TABLE)})`,
    );
    warnings.push(
      `${file} holds no change log (backup format ${header.version}): every restored node's history starts with this restore, and every change cursor handed out before it has expired`,
    );
  }
  // The deferred triggers (the versions' bumps, each once per transaction) fire now, as they would at the commit,
  // the versions being set: PostgreSQL refuses to alter a table with deferred trigger events pending, and the log's
  // triggers are turned on again here, and the newer migrations may alter the tables (1763701600000 adds a column
  // to namespaces). Every deferrable constraint is declared INITIALLY DEFERRED: so it is again afterwards.
  await runner.query('SET CONSTRAINTS ALL IMMEDIATE');
  for (const { table, trigger } of triggers) {
    await runner.query(`ALTER TABLE ${ident(table)} ENABLE TRIGGER ${ident(trigger)}`);
  }
  await runner.query('SET CONSTRAINTS ALL DEFERRED');
  const rows = Object.fromEntries(sections.map((section) => [section.table, section.rows]));
  for (const sequence of await sequencesOf(runner)) {
    const saved = backup.sequences[sequence.name] ?? null;
    await runner.query(
      `SELECT setval($1::regclass, v, true) FROM (
         SELECT greatest($2::bigint, (SELECT max(${ident(sequence.column)}) FROM ${ident(sequence.table)})) AS v) m
        WHERE v IS NOT NULL`,
      [ident(sequence.name), saved],
    );
  }
  const migrated = (await executor.executePendingMigrations()).map((migration) => migration.name);
  return { header, rows, migrated, warnings };
}
