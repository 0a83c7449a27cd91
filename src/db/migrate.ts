import { Client } from 'pg';
import { MigrationExecutor } from 'typeorm';
import type { Database } from './database';

/** An arbitrary constant: the advisory lock that serializes migrations of replicas starting together. */
export const MIGRATION_LOCK = 7301946;

/**
 * Applies pending migrations, each in its own transaction. On a PostgreSQL server, replicas starting at once
 * take turns through an advisory lock held on a separate connection.
 */
export async function migrate(database: Database): Promise<string[]> {
  const run = async () =>
    (await database.dataSource.runMigrations({ transaction: 'each' })).map((m) => m.name);
  if (database.kind === 'pglite') return run();
  const options = database.dataSource.options as { url?: string };
  const lock = new Client({ connectionString: options.url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    return await run();
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.end();
  }
}

/** Reverts the newest migration (used by the migration test and `metacatalog migrate --undo`). */
export async function undoLastMigration(database: Database): Promise<void> {
  await database.dataSource.undoLastMigration({ transaction: 'each' });
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
