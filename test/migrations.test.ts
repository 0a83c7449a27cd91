import { entities } from '../src/app/entities';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/database';
import { migrate, undoLastMigration } from '../src/db/migrate';
import { migrations } from '../migrations';
import { createTestDatabaseUrl } from './support/test-database';

async function tables(database: Database): Promise<string[]> {
  const rows: { table_name: string }[] = await database.dataSource.query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'migrations' ORDER BY 1`,
  );
  return rows.map((row) => row.table_name);
}

describe('migrations', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const test = await createTestDatabaseUrl();
    drop = test.drop;
    database = await openDatabase(loadConfig({ DATABASE_URL: test.url }), { entities });
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('go up, all the way down, and up again', async () => {
    expect(await tables(database)).toEqual([]);
    const applied = await migrate(database);
    expect(applied).toEqual(migrations.map((migration) => new migration().name));
    const created = await tables(database);
    expect(created).toEqual(
      expect.arrayContaining(['namespaces', 'resource_types', 'namespace_resource_types']),
    );

    for (let i = 0; i < migrations.length; i += 1) await undoLastMigration(database);
    expect(await tables(database)).toEqual([]);

    expect(await migrate(database)).toHaveLength(migrations.length);
    expect(await tables(database)).toEqual(created);
    expect(await migrate(database)).toEqual([]);
  });
});
