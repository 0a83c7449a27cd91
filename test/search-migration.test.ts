import { PropertySearch1763700160000 } from '../migrations/1763700160000-property-search';
import { insertProperty } from './support/catalog-factories';
import { createNamespace } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

const COLUMN = `SELECT count(*)::int AS n FROM information_schema.columns
  WHERE table_name = 'metadef_properties' AND column_name = 'search'`;
const INDEX = `SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = 'metadef_properties_search_idx'`;

describe('property search migration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('goes down and up again, recomputing the search column of existing rows', async () => {
    const ns = await createNamespace(t);
    await insertProperty(t, ns, 'hw_migrated_cores', { description: 'survives the round trip' });
    const dataSource = t.app.database.dataSource;
    const migration = new PropertySearch1763700160000();
    // Everything through the runner: the embedded database has a single connection, which it holds.
    const runner = dataSource.createQueryRunner();
    const count = async (sql: string) => ((await runner.query(sql)) as { n: number }[])[0].n;
    try {
      await migration.down(runner);
      expect([await count(COLUMN), await count(INDEX)]).toEqual([0, 0]);
      await migration.up(runner);
      expect([await count(COLUMN), await count(INDEX)]).toEqual([1, 1]);
    } finally {
      await runner.release();
    }
    const { searchProperties } = await t.ok(
      `{ searchProperties(query: "migrated round trip") { nodes { property { name } } } }`,
    );
    expect(searchProperties.nodes).toEqual([{ property: { name: 'hw_migrated_cores' } }]);
  });
});
