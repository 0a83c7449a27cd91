import { startTestApp, type TestApp } from './support/test-app';

/** Tables the migrations create that no entity maps, on purpose. */
const WITHOUT_ENTITY = [
  'catalog_version',
  // The change log: written by triggers, read in SQL (src/db/change-log/).
  'change_log',
  'change_log_head',
  'change_log_pending',
  'change_log_retention',
  'data_versions',
  'discovered_property_values_pending',
  'migrations',
  // The oldest code version that may serve the schema: written by migrations, read in SQL (src/db/schema-compat.ts).
  'schema_compat',
  'seed_state',
  'tag_usage_pending',
  'typeorm_metadata',
  'usage_count_flushes',
];

/**
 * What only the database knows, on purpose: the generated full-text `search` column of metadef_properties and
 * its GIN index (property-search migration), queried in SQL only. No entity declares them, so TypeORM would
 * drop them (and the bookkeeping row it keeps for a generated column).
 */
const DATABASE_ONLY =
  /metadef_properties_search_idx|"metadef_properties" DROP COLUMN "search"|FROM "typeorm_metadata"/;

describe('entities and migrated tables', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    // TypeORM's schema reader needs its bookkeeping table once any table has a generated column
    // (metadef_properties.search); we never let TypeORM write the schema, so it exists only here.
    await t.app.database.dataSource.query(
      `CREATE TABLE IF NOT EXISTS typeorm_metadata (type varchar NOT NULL, database varchar, schema varchar,
         "table" varchar, name varchar, value text)`,
    );
  });
  afterAll(() => t.close());

  it('every table the migrations create has an entity, and every entity a table', async () => {
    const rows: { table_name: string }[] = await t.app.database.dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1`,
    );
    const tables = rows.map((row) => row.table_name).filter((name) => !WITHOUT_ENTITY.includes(name));
    const mapped = t.app.database.dataSource.entityMetadatas.map((entity) => entity.tableName).sort();
    expect(tables).toEqual(mapped);
  });

  it('TypeORM would change nothing in any table (columns, keys, indexes, constraints match the entities)', async () => {
    const sql = await t.app.database.dataSource.driver.createSchemaBuilder().log();
    const changes = sql.upQueries.map((query) => query.query).filter((query) => !DATABASE_ONLY.test(query));
    expect(changes).toEqual([]);
  });
});
