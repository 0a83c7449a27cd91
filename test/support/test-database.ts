import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * Each test file gets a database of its own: PGlite in memory by default, or, with TEST_DATABASE_URL, a
 * fresh database created on that PostgreSQL server (dropped afterwards).
 */
export async function createTestDatabaseUrl(): Promise<{
  url: string;
  /** Whether several service instances may open it at once (a server database; not PGlite). */
  shared: boolean;
  drop(): Promise<void>;
}> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return { url: 'pglite://memory', shared: false, drop: async () => undefined };
  const name = `metacatalog_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
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
