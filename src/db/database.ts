import net from 'node:net';
import { resolve } from 'node:path';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { Client, type ClientConfig } from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { Config } from '../config';
import { DataFolderError, DataFolderInUseError, type FolderOwner } from './data-folder-lock';
import { EmbeddedPostgres, type DatabaseStatus } from './embedded';
import { lendToCommands, lendingSocketPath, type Lending } from './embedded-sharing';
import { SnakeNamingStrategy } from './naming-strategy';
import { QueryCounter } from './query-counter';
import { runningPrepared } from './prepared';
import type { Queryable } from './change-log/read';
import { migrations } from '../../migrations';

export type DatabaseKind = 'pglite' | 'postgres';

/** The embedded PostgreSQL (PGlite) behind a Unix socket that only this process uses. */
export interface EmbeddedServer {
  /** Stops accepting connections and drops the open one (tests use it to simulate an outage). */
  stopSocket(): Promise<void>;
  startSocket(): Promise<void>;
  /** How many PGlite instances this process started (a renewal or a restart adds one). */
  readonly instances: number;
  /** A new PGlite instance on the folder, releasing the memory the old one grew to (see EmbeddedPostgres). */
  renew(): Promise<void>;
  /** The data folder as a tarball (after the pool is closed): what `OpenOptions.initialData` takes. */
  dump(): Promise<Uint8Array>;
  /** The size of the PGlite instance's WebAssembly memory (bytes; it only grows), for /metrics. */
  readonly memoryBytes: number;
}

export type { DatabaseStatus } from './embedded';

/** The connection pool's state at one moment (what /metrics reports). */
export interface PoolStats {
  /** Connections open (busy and idle). */
  total: number;
  idle: number;
  /** Requests waiting for a connection while every one is busy. */
  waiting: number;
  /** The most connections the pool opens (DATABASE_POOL_SIZE; 1 for the embedded database). */
  max: number;
}

export interface Database {
  kind: DatabaseKind;
  dataSource: DataSource;
  counter: QueryCounter;
  /**
   * Runs the instance's own background statements (the change feed's reads, pruning) on the driver's pool, beside
   * TypeORM: never counted (`counter`) as the statements of a request that runs meanwhile.
   */
  background: Queryable;
  /**
   * A request's short reads on the driver's pool, beside TypeORM: no query runner made and released (with its
   * broadcaster) per statement, which is a third of a one-row read's CPU. Counted (`counter`) and timed (slow
   * ones logged) as TypeORM's statements are; no span (db/query-tracing.ts wraps TypeORM's path only: with
   * tracing on, read through TypeORM). Outside any transaction; errors are pg's own.
   */
  reads: Queryable;
  embedded?: EmbeddedServer;
  /** A description safe to log (no credentials). */
  describe: string;
  /** What is wrong with the database, if anything, beyond answering queries (the embedded one's disk). */
  status(): Promise<DatabaseStatus>;
  /** The pool's connections now (zeros before it is open or after it is closed). */
  pool(): PoolStats;
  /** The URL this process serves, told to another process that finds the embedded data folder in use. */
  announce(url: string): void;
  /**
   * Set when this process reads the embedded database through the connection its owner lends (read-only, see
   * embedded-sharing.ts): it neither migrates nor seeds.
   */
  borrowedFrom?: FolderOwner;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** The TypeORM entities (the composition root's list: app/entities.ts). */
  entities: DataSourceOptions['entities'];
  onSlowQuery?: (ms: number, query: string) => void;
  /** Where the embedded database reports what happens to it (disk full, restarts); default: nowhere. */
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  /**
   * The caller only reads: when another process owns the embedded data folder, read through the connection it
   * lends instead of refusing (writes are refused there).
   */
  readOnly?: boolean;
  /** The in-memory embedded database starts from this data folder (`EmbeddedServer.dump()`), not an empty one. */
  initialData?: Uint8Array;
}

const MB = 1024 * 1024;

/** The pg client class of the pool: gives up connecting after `ms` (whatever the pool's own wait bound). */
function connectingWithin(ms: number): typeof Client {
  return class extends Client {
    constructor(options?: ClientConfig) {
      super({ ...options, connectionTimeoutMillis: ms });
    }
  };
}
/** The pg pool under a TypeORM data source (its "master" pool; there are no replicas). */
export function poolOf(dataSource: DataSource): Pool | undefined {
  return (dataSource.driver as unknown as { master?: Pool }).master;
}

/** Queries on the pool under `dataSource` (open by the time it is used), not through TypeORM. */
function backgroundOf(dataSource: DataSource): Queryable {
  return { query: async (sql, parameters) => (await poolOf(dataSource)!.query(sql, parameters)).rows };
}

/** How long a statement may take before it is logged as slow (TypeORM's `maxQueryExecutionTime`; `reads` too). */
const SLOW_QUERY_MS = 1000;

function readsOf(dataSource: DataSource, counter: QueryCounter): Queryable {
  return {
    async query(sql, parameters) {
      counter.logQuery(sql, parameters);
      const started = Date.now();
      const { rows } = await poolOf(dataSource)!.query(sql, parameters);
      const ms = Date.now() - started;
      if (ms > SLOW_QUERY_MS) counter.logQuerySlow(ms, sql);
      return rows;
    },
  };
}

function poolStats(dataSource: DataSource, max: number): PoolStats {
  const pool = dataSource.isInitialized ? poolOf(dataSource) : undefined;
  return {
    total: pool?.totalCount ?? 0,
    idle: pool?.idleCount ?? 0,
    waiting: pool?.waitingCount ?? 0,
    max,
  };
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Where PGlite keeps its files, or `undefined` for memory. */
function pgliteDir(config: Config): string | undefined {
  const url = config.database.url;
  if (!url) return resolve(config.database.dataDir, 'pgdata');
  const rest = url.slice('pglite://'.length);
  if (rest === 'memory' || rest === '' || rest === 'memory/') return undefined;
  return resolve(rest);
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres (unparsable URL)';
  }
}

function dataSourceFor(
  url: string,
  options: OpenOptions,
  counter: QueryCounter,
  extra: Record<string, unknown>,
): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: options.entities,
    migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    logging: ['query'],
    logger: counter,
    maxQueryExecutionTime: SLOW_QUERY_MS,
    applicationName: 'metacatalog',
    extra,
  });
}

export async function openDatabase(config: Config, options: OpenOptions): Promise<Database> {
  const isServer = !!config.database.url && !config.database.url.startsWith('pglite://');
  const dir = isServer ? undefined : pgliteDir(config);
  let embedded: EmbeddedPostgres | undefined;
  if (!isServer) {
    try {
      embedded = await EmbeddedPostgres.open({
        dir,
        minFreeBytes: config.database.dataMinFreeMb * MB,
        sharedBuffersMb: config.database.pgliteSharedBuffersMb,
        // What a second process is told this one runs: the command line after `metacatalog`.
        command: process.argv.slice(2).join(' ') || 'serve',
        logger: options.logger ?? silent,
        initialData: dir ? undefined : options.initialData,
      });
    } catch (error) {
      if (options.readOnly && dir && error instanceof DataFolderInUseError) {
        return openBorrowed(dir, error, options);
      }
      throw error;
    }
  }
  const url = embedded ? embedded.url : config.database.url!;
  const counter = new QueryCounter(options.onSlowQuery);
  // PGlite is a single session: exactly one connection, held for the life of the process.
  const max = embedded ? 1 : config.database.poolSize;
  const dataSource = dataSourceFor(url, options, counter, {
    max,
    idleTimeoutMillis: embedded ? 0 : 30000,
    // pg-pool bounds by this both connecting and waiting for a free connection when all are busy. A wait
    // under load is no outage (with 50 writers queued for the embedded database's one connection, it passed
    // the connect timeout and read as "database unreachable"): it gets the longer DATABASE_POOL_WAIT_MS, and
    // each connection attempt keeps DATABASE_CONNECT_TIMEOUT_MS through the client's own timeout.
    connectionTimeoutMillis: config.database.poolWaitMs,
    Client:
      !embedded && config.database.preparedStatements
        ? runningPrepared(connectingWithin(config.database.connectTimeoutMs))
        : connectingWithin(config.database.connectTimeoutMs),
  });
  try {
    await dataSource.initialize();
  } catch (error) {
    await embedded?.close();
    throw error;
  }
  let lending: Lending | undefined;
  if (embedded) {
    // Every transaction (mutations, seeds, migrations) first asks whether a change can be kept now.
    dataSource.subscribers.push({ beforeTransactionStart: () => embedded.assertWritable() });
    if (dir) lending = await lend(dir, embedded, dataSource, options.logger ?? silent);
  }
  return {
    kind: embedded ? 'pglite' : 'postgres',
    dataSource,
    counter,
    background: backgroundOf(dataSource),
    reads: readsOf(dataSource, counter),
    embedded,
    describe: embedded ? embedded.describe : redact(url),
    status: async () => (embedded ? embedded.status() : {}),
    pool: () => poolStats(dataSource, max),
    announce: (serving) => embedded?.announce(serving),
    async close() {
      await lending?.close();
      if (dataSource.isInitialized) await dataSource.destroy();
      await embedded?.close();
    },
  };
}

/**
 * Lends the pool's only connection to read-only commands run beside this process (embedded-sharing.ts). Not
 * lending (a folder path too long for the socket, say) only means those commands are refused as before.
 */
async function lend(
  dir: string,
  embedded: EmbeddedPostgres,
  dataSource: DataSource,
  logger: Pick<Logger, 'info' | 'warn'>,
): Promise<Lending | undefined> {
  const pool = poolOf(dataSource)!;
  try {
    return await lendToCommands(dir, {
      upstream: embedded.socketPath,
      logger,
      async borrow() {
        const client = await pool.connect();
        try {
          await client.query('SET default_transaction_read_only = on');
        } catch (error) {
          client.release(error as Error);
          throw error;
        }
        return async () => {
          // PGlite is one session: the setting would outlive the command, so it goes before the pool gets it back.
          const reset = await client.query('RESET default_transaction_read_only').then(
            () => undefined,
            (error: Error) => error,
          );
          client.release(reset);
        };
      },
    });
  } catch (error) {
    logger.warn({ err: error, folder: dir }, 'read-only commands cannot run beside this process');
    return undefined;
  }
}

function errnoOf(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Names of the migrations applied to a database, oldest first (none when it has no migrations table). */
export async function appliedMigrations(db: {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}): Promise<string[]> {
  const [{ exists }] = (await db.query(`SELECT to_regclass('migrations') IS NOT NULL AS exists`)) as {
    exists: boolean;
  }[];
  if (!exists) return [];
  const rows = (await db.query('SELECT name FROM migrations ORDER BY id')) as { name: string }[];
  return rows.map((row) => row.name);
}

/**
 * Opens the embedded database through the connection its owner lends (read-only). The owner lends nothing (an
 * older version, or another container's process): `inUse`, the usual refusal, which says who owns the folder.
 */
async function openBorrowed(
  dir: string,
  inUse: DataFolderInUseError,
  options: OpenOptions,
): Promise<Database> {
  const path = lendingSocketPath(dir);
  const counter = new QueryCounter(options.onSlowQuery);
  const dataSource = dataSourceFor('postgres://postgres@localhost/postgres', options, counter, {
    max: 1,
    idleTimeoutMillis: 0,
    // The owner bounds its own wait for its connection and answers why it cannot lend it.
    connectionTimeoutMillis: 60_000,
    // `pg` connects where it is told: here, always to the owner's socket.
    stream: () => {
      const socket = new net.Socket();
      const connect = socket.connect.bind(socket);
      socket.connect = (() => connect(path)) as typeof socket.connect;
      return socket;
    },
  });
  try {
    await dataSource.initialize();
  } catch (error) {
    const code = errnoOf(error);
    if (code === 'ENOENT' || code === 'ECONNREFUSED') throw inUse;
    if (code === 'EACCES' || code === 'EPERM') {
      throw new DataFolderError(
        `${inUse.message} It lends its connection to read-only commands of its own user only: run this command as that user.`,
      );
    }
    throw new DataFolderError(error instanceof Error ? error.message : String(error), { cause: error });
  }
  const close = async () => {
    if (dataSource.isInitialized) await dataSource.destroy();
  };
  const applied = await appliedMigrations(dataSource).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  const known = migrations.map((migration) => migration.name);
  if (applied.join() !== known.join()) {
    await close();
    throw new DataFolderError(
      `${inUse.message} Its database is at another schema version (${applied.at(-1) ?? 'none'}) than this ` +
        `metacatalog's (${known.at(-1)}): run this command with the same version as that process.`,
    );
  }
  const owner = inUse.owner ?? { pid: 0, command: 'unknown', since: '' };
  return {
    kind: 'pglite',
    dataSource,
    counter,
    background: backgroundOf(dataSource),
    reads: readsOf(dataSource, counter),
    describe: `embedded PGlite in ${dir}, read through pid ${owner.pid}`,
    status: async () => ({}),
    pool: () => poolStats(dataSource, 1),
    announce: () => undefined,
    borrowedFrom: owner,
    close,
  };
}
