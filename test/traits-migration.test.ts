import pino from 'pino';
import { boot, type Runtime } from '../src/app/runtime';
import { loadConfig } from '../src/config';
import { migrate, undoLastMigration } from '../src/db/migrate';
import { createTestDatabaseUrl } from './support/test-database';

const TABLES = ['resource_provider_traits', 'resource_providers', 'traits'];

describe('traits migration', () => {
  let runtime: Runtime;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabaseUrl();
    drop = database.drop;
    const config = loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
    runtime = await boot({ config, logger: pino({ level: 'silent' }), seed: false });
  });
  afterAll(async () => {
    await runtime.database.close();
    await drop();
  });

  const tables = async (): Promise<string[]> => {
    const rows: { table_name: string }[] = await runtime.database.dataSource.query(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_name = ANY($1) ORDER BY table_name`,
      [TABLES],
    );
    return rows.map((row) => row.table_name);
  };

  it('goes up, down and up again', async () => {
    expect(await tables()).toEqual([...TABLES].sort());
    // Newer migrations (of other modules) go down first, then this one.
    const applied = async () =>
      ((await runtime.database.dataSource.query('SELECT name FROM migrations')) as { name: string }[]).map(
        (row) => row.name,
      );
    while ((await applied()).includes('Traits1763700200000')) await undoLastMigration(runtime.database);
    expect(await tables()).toEqual([]);
    expect(await migrate(runtime.database)).toContain('Traits1763700200000');
    expect(await tables()).toEqual([...TABLES].sort());
    const indexes: { indexname: string }[] = await runtime.database.dataSource.query(
      `SELECT indexname FROM pg_indexes WHERE tablename = ANY($1) ORDER BY indexname`,
      [TABLES],
    );
    expect(indexes.map((row) => row.indexname)).toEqual([
      'resource_provider_traits_pkey',
      'resource_provider_traits_trait_id_resource_provider_id_idx',
      'resource_providers_name_key',
      'resource_providers_parent_id_idx',
      'resource_providers_pkey',
      'resource_providers_root_id_idx',
      'resource_providers_uuid_key',
      'traits_name_key',
      'traits_pkey',
    ]);
  });
});
