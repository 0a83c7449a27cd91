import { setFlagsFromString } from 'node:v8';
import type { Logger } from 'pino';
import { loadConfig, type Config } from '../config';
import type { Context } from '../common/context';
import { makeIdentity } from '../common/identity/identity';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { schemaProblem } from '../db/schema-compat';
import { runSeeds } from '../db/seed';
import { contextFor } from './context';
import { entities } from './entities';
import { createLogger } from './logger';
import { seeders } from './seeds';

export interface Runtime {
  config: Config;
  logger: Logger;
  database: Database;
  /** A context acting as an admin of the given project (CLI commands and seeds). */
  adminContext(projectId?: string): Context;
}

export interface BootOptions {
  config?: Config;
  logger?: Logger;
  migrate?: boolean;
  seed?: boolean;
  /** The command only reads: beside the owner of the embedded data folder, it reads through that process. */
  readOnly?: boolean;
  /**
   * An in-memory embedded database starts from this data folder (`EmbeddedServer.dump()`) instead of an empty
   * one: tests start each server from one database migrated and seeded once per run (test/support).
   */
  initialData?: Uint8Array;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens the database, waiting up to ~30 s for a PostgreSQL server that is still starting. */
async function openWithRetry(
  config: Config,
  logger: Logger,
  { readOnly = false, initialData }: Pick<BootOptions, 'readOnly' | 'initialData'>,
): Promise<Database> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await openDatabase(config, {
        entities,
        onSlowQuery: (ms, query) => logger.warn({ ms, query }, 'slow query'),
        logger,
        readOnly,
        initialData,
      });
    } catch (error) {
      if (attempt >= 10 || !config.database.url || config.database.url.startsWith('pglite://')) throw error;
      logger.warn({ attempt, err: error }, 'database not reachable yet; retrying');
      await sleep(Math.min(500 * attempt, 5000));
    }
  }
}

export async function boot(options: BootOptions = {}): Promise<Runtime> {
  const config = options.config ?? loadConfig();
  // A command's runtime (serve passes its own logger): its logs on stderr, its stdout the command's results alone.
  const logger = options.logger ?? createLogger(config.observability.logLevel, 2);
  const database = await openWithRetry(config, logger, options);
  // Reading through the folder's owner: it migrated and seeded, and the connection it lends is read-only.
  const owner = !database.borrowedFrom;
  const runtime: Runtime = {
    config,
    logger,
    database,
    adminContext: (projectId = 'admin') =>
      contextFor(
        { config, dataSource: database.dataSource, logger },
        makeIdentity(projectId, 'metacatalog-cli', ['admin']),
      ),
  };
  try {
    let applied: string[] = [];
    if (owner && (options.migrate ?? true)) {
      applied = await migrate(database, {
        logger,
        onRefreshed: (functions) =>
          logger.info({ functions }, 'database functions installed from changed files'),
      });
      if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
    }
    // Code older than the schema allows refuses to serve or write it (a read-only command still may read it).
    const problem = owner && !options.readOnly ? await schemaProblem(database.dataSource) : undefined;
    if (problem) throw problem;
    if (owner && (options.seed ?? config.database.seedOnStart)) {
      const report = await runSeeds(runtime.adminContext(), seeders);
      logger.info({ seeds: report }, 'seeds checked');
    }
    // A folder just built or upgraded: the embedded instance gives back the memory that took.
    if (applied.length && database.embedded) await database.embedded.renew();
  } catch (error) {
    await database.close();
    throw error;
  }
  return runtime;
}

/**
 * Sets V8's `--heap-growing-percent` to HEAP_GROWING_PERCENT (unless 0): under load V8 let the old generation grow
 * to about 3× what a full collection kept (garbage promoted by a small young generation) before collecting it:
 * 173-236 MB of RSS at peak on PostgreSQL against 126-129 MB with 50%, for the same CPU per request (docs/benchmarks.md,
 * Memory). V8 reads it at every collection: setting it at start is as the node flag. `serve` and the benches.
 */
export function tuneHeap(config: Config): void {
  if (config.http.heapGrowingPercent > 0)
    setFlagsFromString(`--heap-growing-percent=${config.http.heapGrowingPercent}`);
}
