import type { QueryRunner } from 'typeorm';
import { Resources1763700300000 } from '../migrations/1763700300000-resources';
import { createResource } from './support/resource-factories';
import { startTestApp, type TestApp } from './support/test-app';

const TABLES = ['capabilities', 'resource_properties', 'resource_tags', 'resources'];

describe('resources migration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const tables = async (runner: QueryRunner): Promise<string[]> =>
    (
      await runner.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name = ANY($1)
         ORDER BY table_name`,
        [TABLES],
      )
    ).map((row: { table_name: string }) => row.table_name);

  it('matches the entities (TypeORM would change nothing)', async () => {
    // TypeORM's schema reader needs its bookkeeping table once any table has a generated column
    // (metadef_properties.search); we never let TypeORM write the schema, so it exists only here.
    await t.app.database.dataSource.query(
      `CREATE TABLE IF NOT EXISTS typeorm_metadata (type varchar NOT NULL, database varchar, schema varchar,
         "table" varchar, name varchar, value text)`,
    );
    const sql = await t.app.database.dataSource.driver.createSchemaBuilder().log();
    const ours = sql.upQueries.filter((query) => TABLES.some((table) => query.query.includes(`"${table}"`)));
    expect(ours.map((query) => query.query)).toEqual([]);
  });

  it('goes down and up again, with data', async () => {
    await createResource(t, { tags: ['a'], properties: { k: 1 } });
    const migration = new Resources1763700300000();
    const runner = t.app.database.dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      expect(await tables(runner)).toEqual([]);
      await migration.up(runner);
      expect(await tables(runner)).toEqual(TABLES);
    } finally {
      await runner.release();
    }
    await createResource(t, { tags: ['a'], properties: { k: 1 } });
  });
});
