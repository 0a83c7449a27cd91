import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { copyPreparedFolder, preparedSnapshot, preparedTemplate } from './prepared-database';

/** A database of one test file (or one test server). */
export interface TestDatabase {
  url: string;
  /** Whether several service instances may open it at once (a server database; not PGlite). */
  shared: boolean;
  /**
   * The PGlite data folder to start from (`boot({ initialData })`): set for a prepared database in memory, whose
   * `url` alone would open an empty one.
   */
  initialData?: Uint8Array;
  drop(): Promise<void>;
}

/**
 * Each test file gets a database of its own: PGlite in memory by default, or, with TEST_DATABASE_URL, a
 * fresh database created on that PostgreSQL server (dropped afterwards). Empty unless `prepared`: then it is
 * already migrated and seeded, a copy of the run's prepared database (prepared-database.ts), which booting finds
 * up to date. Tests of migrating and seeding themselves take an empty one.
 */
export async function createTestDatabaseUrl({ prepared = false } = {}): Promise<TestDatabase> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) {
    return {
      url: 'pglite://memory',
      shared: false,
      initialData: prepared ? await preparedSnapshot() : undefined,
      drop: async () => undefined,
    };
  }
  const template = prepared ? await preparedTemplate(server) : undefined;
  const name = `metacatalog_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    shared: true,
    async drop() {
      const client = new Client({ connectionString: server });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A database for real `metacatalog` processes (support/processes.ts), named by its `url` alone: a process cannot
 * take `initialData`, so on PGlite it is an embedded data folder on disk (`pglite://<folder>`, one process at a
 * time), holding a copy of the prepared database when `prepared` (copyPreparedFolder); on PostgreSQL it is
 * createTestDatabaseUrl's.
 */
export async function createProcessDatabase({ prepared = false } = {}): Promise<TestDatabase> {
  if (process.env.TEST_DATABASE_URL) return createTestDatabaseUrl({ prepared });
  const dir = mkdtempSync(join(tmpdir(), 'metacatalog-db-'));
  const folder = join(dir, 'pgdata');
  if (prepared) await copyPreparedFolder(folder);
  return {
    url: `pglite://${folder}`,
    shared: false,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
