import { Client } from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { entities } from '../src/app/entities';
import { sequenceChanges } from '../src/db/change-log';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/database';
import { inLockOrder, migrate, TABLE_LOCK_ORDER, undoLastMigration } from '../src/db/migrate';
import { startTestApp, type TestApp, unique } from './support/test-app';
import { createTestDatabaseUrl } from './support/test-database';
import { migrations } from '../migrations';

/**
 * Migrations beside older replicas that keep writing (rolling upgrades, docs/operations.md): a statement waits
 * 2 s at most for a lock, a migration takes the locks it declares first in TABLE_LOCK_ORDER, and one that meets a
 * lock timeout or a deadlock is rolled back and run again, so the rollout never stops between migrations.
 */
const onServer = !!process.env.TEST_DATABASE_URL;
const CREATE_TRAIT = `mutation ($name: String!) { createTrait(name: $name) { created } }`;

describe('the migration runner', () => {
  it('knows the lock order of every table the migrations create, and refuses a table it does not know', async () => {
    const test = await createTestDatabaseUrl();
    const database = await openDatabase(loadConfig({ DATABASE_URL: test.url }), { entities });
    try {
      await migrate(database);
      const rows = (await database.dataSource.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
      )) as { table_name: string }[];
      const tables = rows.map((row) => row.table_name);
      expect(tables.filter((table) => !TABLE_LOCK_ORDER.includes(table))).toEqual([]);
      expect(inLockOrder(['change_log_pending', 'namespaces'])).toEqual(['namespaces', 'change_log_pending']);
      expect(() => inLockOrder(['no_such_table'])).toThrow(
        'table no_such_table has no place in TABLE_LOCK_ORDER',
      );
    } finally {
      await database.close();
      await test.drop();
    }
  });

  // Writers beside a migration need a PostgreSQL server: the embedded database is one session. CI runs this file
  // on both.
  if (onServer)
    it('completes while a replica writes through GraphQL and another holds a table the migration needs', async () => {
      const t: TestApp = await startTestApp();
      const database: Database = await openDatabase(loadConfig({ DATABASE_URL: t.config.database.url! }), {
        entities,
      });
      const holder = new Client({ connectionString: t.config.database.url! });
      await holder.connect();
      try {
        // The schema before the migration of complete namespaces (it alters namespaces), undone while nobody writes.
        const from = migrations.findIndex(
          (migration) => new migration().name === 'CompleteNamespaces1763701600000',
        );
        for (let i = from; i < migrations.length; i += 1) await undoLastMigration(database);
        const [{ name: namespace }] = (await holder.query(`SELECT name FROM namespaces LIMIT 1`)).rows as {
          name: string;
        }[];

        let writing = true;
        const failures: unknown[] = [];
        let writes = 0;
        const writer = async () => {
          while (writing) {
            const result = await t.gql(CREATE_TRAIT, {
              name: unique('CUSTOM_MIG').replace(/[^A-Z0-9_]/g, '_'),
            });
            if (result.errors) failures.push(result.errors);
            else writes += 1;
          }
        };
        // An older replica's long transaction on namespaces (the table the migration of complete namespaces
        // alters), open until the migration has given up once and been rolled back.
        await holder.query('BEGIN');
        await holder.query(
          `SELECT set_config('metacatalog.actor', '{"via":"graphql","project":"old","user":"old"}', true)`,
        );
        await holder.query(`UPDATE namespaces SET display_name = $2 WHERE name = $1`, [
          namespace,
          'Retitled by an older replica',
        ]);
        const writers = [writer(), writer(), writer()];
        await new Promise((resolve) => setTimeout(resolve, 300));
        const retried: string[] = [];
        let released: Promise<unknown> | undefined;
        const applied = await migrate(database, {
          onRetry: (code) => {
            retried.push(code);
            released ??= holder.query('COMMIT');
          },
        });
        writing = false;
        await Promise.all([...writers, released]);

        expect(applied).toEqual(migrations.slice(from).map((migration) => new migration().name));
        expect(retried.length).toBeGreaterThan(0);
        expect(retried.every((code) => code === '55P03' || code === '40P01')).toBe(true);
        expect(failures).toEqual([]);
        expect(writes).toBeGreaterThan(0);
        const pending = (await database.dataSource.query(
          `SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'namespaces' AND column_name = 'complete'`,
        )) as { n: number }[];
        expect(pending[0].n).toBe(1);
        // The older replica's write, committed while the migrations ran, is recorded with its actor.
        await sequenceChanges(database.dataSource);
        expect(
          await database.dataSource.query(
            `SELECT kind, via, actor_user FROM change_log WHERE node_type = 'Namespace' AND actor_project = 'old'`,
          ),
        ).toEqual([{ kind: 'UPDATED', via: 'graphql', actor_user: 'old' }]);
      } finally {
        await holder.end();
        await database.close();
        await t.close();
      }
    }, 60_000);
  if (onServer)
    it('runs a migration again after it deadlocked with a writer', async () => {
      const test = await createTestDatabaseUrl({ prepared: true });
      const database = await openDatabase(loadConfig({ DATABASE_URL: test.url }), { entities });
      const writer = new Client({ connectionString: test.url });
      await writer.connect();
      let tookNamespaces!: () => void;
      const namespacesTaken = new Promise<void>((resolve) => (tookNamespaces = resolve));
      let runs = 0;
      // A migration that locks namespaces, then traits, while a writer holds traits and then wants namespaces.
      class DeadlockProbe9999999999999 implements MigrationInterface {
        name = 'DeadlockProbe9999999999999';
        async up(queryRunner: QueryRunner): Promise<void> {
          runs += 1;
          await queryRunner.query(`LOCK TABLE namespaces IN ACCESS EXCLUSIVE MODE`);
          tookNamespaces();
          await queryRunner.query(`LOCK TABLE traits IN ACCESS EXCLUSIVE MODE`);
        }
        async down(): Promise<void> {}
      }
      try {
        await writer.query('BEGIN');
        await writer.query(`UPDATE traits SET name = name WHERE id = (SELECT min(id) FROM traits)`);
        (database.dataSource.migrations as MigrationInterface[]).push(new DeadlockProbe9999999999999());
        const retried: string[] = [];
        const migrating = migrate(database, { onRetry: (code) => retried.push(code) });
        await namespacesTaken;
        // The writer then waits for namespaces, which the migration holds while it waits for traits: a cycle that
        // PostgreSQL breaks by failing the one that waited first (the migration), and the writer goes on.
        // Once the migration waits for traits (it must wait first: the first waiter finds the cycle).
        while (
          !(
            await writer.query(
              `SELECT 1 FROM pg_locks WHERE relation = 'traits'::regclass AND NOT granted AND pid <> pg_backend_pid()`,
            )
          ).rowCount
        )
          await new Promise((resolve) => setTimeout(resolve, 20));
        await writer.query(
          `UPDATE namespaces SET display_name = display_name WHERE id = (SELECT min(id) FROM namespaces)`,
        );
        await writer.query('COMMIT');
        expect(await migrating).toEqual(['DeadlockProbe9999999999999']);
        expect(retried).toEqual(['40P01']);
        expect(runs).toBe(2);
      } finally {
        await writer.end();
        await database.close();
        await test.drop();
      }
    }, 60_000);
});
