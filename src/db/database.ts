import { resolve } from 'node:path';
import type { Logger } from 'pino';
import { Client, type ClientConfig } from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { Config } from '../config';
import { EmbeddedPostgres, type DatabaseStatus } from './embedded';
import { SnakeNamingStrategy } from './naming-strategy';
import { QueryCounter } from './query-counter';
import { migrations } from '../../migrations';

export type DatabaseKind = 'pglite' | 'postgres';

/** The embedded PostgreSQL (PGlite) behind a Unix socket that only this process uses. */
export interface EmbeddedServer {
  /** Stops accepting connections and drops the open one (tests use it to simulate an outage). */
  stopSocket(): Promise<void>;
  startSocket(): Promise<void>;
}

export type { DatabaseStatus } from './embedded';

export interface Database {
  kind: DatabaseKind;
  dataSource: DataSource;
  counter: QueryCounter;
  embedded?: EmbeddedServer;
  /** A description safe to log (no credentials). */
  describe: string;
  /** What is wrong with the database, if anything, beyond answering queries (the embedded one's disk). */
  status(): Promise<DatabaseStatus>;
  /** The URL this process serves, told to another process that finds the embedded data folder in use. */
  announce(url: string): void;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** The TypeORM entities (the composition root's list: app/entities.ts). */
  entities: DataSourceOptions['entities'];
  onSlowQuery?: (ms: number, query: string) => void;
  /** Where the embedded database reports what happens to it (disk full, restarts); default: nowhere. */
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
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
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Where PGlite keeps its files, or `undefined` for memory. */
function pgliteDir(config: Config): string | undefined {
  const url = config.databaseUrl;
  if (!url) return resolve(config.dataDir, 'pgdata');
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

export async function openDatabase(config: Config, options: OpenOptions): Promise<Database> {
  const isServer = !!config.databaseUrl && !config.databaseUrl.startsWith('pglite://');
  const embedded = isServer
    ? undefined
    : await EmbeddedPostgres.open({
        dir: pgliteDir(config),
        minFreeBytes: config.dataMinFreeMb * MB,
        sharedBuffersMb: config.pgliteSharedBuffersMb,
        // What a second process is told this one runs: the command line after `metacatalog`.
        command: process.argv.slice(2).join(' ') || 'serve',
        logger: options.logger ?? silent,
      });
  const url = embedded ? embedded.url : config.databaseUrl!;
  const counter = new QueryCounter(options.onSlowQuery);
  const dataSource = new DataSource({
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
    maxQueryExecutionTime: 1000,
    applicationName: 'metacatalog',
    extra: {
      // PGlite is a single session: exactly one connection, held for the life of the process.
      max: embedded ? 1 : config.databasePoolSize,
      idleTimeoutMillis: embedded ? 0 : 30000,
      // pg-pool bounds by this both connecting and waiting for a free connection when all are busy. A wait
      // under load is no outage (with 50 writers queued for the embedded database's one connection, it passed
      // the connect timeout and read as "database unreachable"): it gets the longer DATABASE_POOL_WAIT_MS, and
      // each connection attempt keeps DATABASE_CONNECT_TIMEOUT_MS through the client's own timeout.
      connectionTimeoutMillis: config.databasePoolWaitMs,
      Client: connectingWithin(config.databaseConnectTimeoutMs),
    },
  });
  try {
    await dataSource.initialize();
  } catch (error) {
    await embedded?.close();
    throw error;
  }
  if (embedded) {
    // Every transaction (mutations, seeds, migrations) first asks whether a change can be kept now.
    dataSource.subscribers.push({ beforeTransactionStart: () => embedded.assertWritable() });
  }
  return {
    kind: embedded ? 'pglite' : 'postgres',
    dataSource,
    counter,
    embedded,
    describe: embedded ? embedded.describe : redact(url),
    status: async () => (embedded ? embedded.status() : {}),
    announce: (serving) => embedded?.announce(serving),
    async close() {
      if (dataSource.isInitialized) await dataSource.destroy();
      await embedded?.close();
    },
  };
}
