import type { QueryRunner } from 'typeorm';
import { Resources1763700300000 } from '../migrations/1763700300000-resources';
import { DiscoveredProperties1763700450000 } from '../migrations/1763700450000-discovered-properties';
import { UsageCounts1763700500000 } from '../migrations/1763700500000-usage-counts';
import { createResource } from './support/resource-factories';
import { startTestApp, type TestApp } from './support/test-app';

const TABLES = ['discovered_properties', 'resource_properties', 'resource_tags', 'resources'];

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

  it('goes down and up again, with data', async () => {
    await createResource(t, { tags: ['a'], properties: { k: 1 } });
    const resources = new Resources1763700300000();
    const renames = new DiscoveredProperties1763700450000();
    const counts = new UsageCounts1763700500000();
    const runner = t.app.database.dataSource.createQueryRunner();
    try {
      await counts.down(runner);
      await renames.down(runner);
      await resources.down(runner);
      expect(await tables(runner)).toEqual([]);
      await resources.up(runner);
      await renames.up(runner);
      await counts.up(runner);
      expect(await tables(runner)).toEqual(TABLES);
    } finally {
      await runner.release();
    }
    await createResource(t, { tags: ['a'], properties: { k: 1 } });
  });

  it('renames capabilities to discovered_properties and back without losing a value', async () => {
    const key = `renamed_${Date.now()}`;
    const uuid = await createResource(t, { properties: { [key]: 'kept' } });
    const READ = `query ($uuid: UUID!) { resource(uuid: $uuid) { properties } }`;
    const renames = new DiscoveredProperties1763700450000();
    const runner = t.app.database.dataSource.createQueryRunner();
    try {
      await renames.down(runner);
      const before: { value: string }[] = await runner.query(
        `SELECT rp.value FROM resource_properties rp JOIN capabilities c ON c.id = rp.capability_id
          WHERE c.name = $1`,
        [key],
      );
      expect(before).toEqual([{ value: 'kept' }]);
      const indexes: { indexname: string }[] = await runner.query(
        `SELECT indexname FROM pg_indexes WHERE tablename IN ('capabilities', 'resource_properties') ORDER BY 1`,
      );
      expect(indexes.map((row) => row.indexname)).toEqual([
        'capabilities_pkey',
        'capabilities_resource_type_id_name_key',
        'resource_properties_capability_id_value_idx',
        'resource_properties_pkey',
      ]);
      await renames.up(runner);
    } finally {
      await runner.release();
    }
    expect((await t.ok(READ, { uuid })).resource.properties).toEqual({ [key]: 'kept' });
  });
});
