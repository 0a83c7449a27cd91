import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { Config } from '../config';
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

export interface Database {
  kind: DatabaseKind;
  dataSource: DataSource;
  counter: QueryCounter;
  embedded?: EmbeddedServer;
  /** A description safe to log (no credentials). */
  describe: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** The TypeORM entities (the composition root's list: app/entities.ts). */
  entities: DataSourceOptions['entities'];
  onSlowQuery?: (ms: number, query: string) => void;
}

/** Where PGlite keeps its files, or `undefined` for memory. */
function pgliteDir(config: Config): string | undefined {
  const url = config.databaseUrl;
  if (!url) return resolve(config.dataDir, 'pgdata');
  const rest = url.slice('pglite://'.length);
  if (rest === 'memory' || rest === '' || rest === 'memory/') return undefined;
  return resolve(rest);
}

async function startEmbedded(
  config: Config,
): Promise<{ url: string; embedded: EmbeddedServer; describe: string; close(): Promise<void> }> {
  const dir = pgliteDir(config);
  if (dir) mkdirSync(dir, { recursive: true });
  const db = await PGlite.create(dir ? { dataDir: dir } : {});
  // A private folder for the socket: short path (Unix socket paths are limited to ~100 bytes), mode 0700.
  const socketDir = mkdtempSync(join(tmpdir(), 'metacatalog-'));
  const socketPath = join(socketDir, '.s.PGSQL.5432');
  let server: PGLiteSocketServer | undefined;
  const embedded: EmbeddedServer = {
    async startSocket() {
      if (server) return;
      server = new PGLiteSocketServer({ db, path: socketPath });
      await server.start();
    },
    async stopSocket() {
      const running = server;
      server = undefined;
      await running?.stop();
    },
  };
  await embedded.startSocket();
  return {
    url: `postgres://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}`,
    embedded,
    describe: dir ? `embedded PGlite in ${dir}` : 'embedded PGlite in memory',
    async close() {
      await embedded.stopSocket();
      await db.close();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
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
  const embedded = isServer ? undefined : await startEmbedded(config);
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
      connectionTimeoutMillis: config.databaseConnectTimeoutMs,
    },
  });
  try {
    await dataSource.initialize();
  } catch (error) {
    await embedded?.close();
    throw error;
  }
  return {
    kind: embedded ? 'pglite' : 'postgres',
    dataSource,
    counter,
    embedded: embedded?.embedded,
    describe: embedded ? embedded.describe : redact(url),
    async close() {
      if (dataSource.isInitialized) await dataSource.destroy();
      await embedded?.close();
    },
  };
}
