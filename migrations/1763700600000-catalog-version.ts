import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Every table whose rows the catalog's read-only queries answer from (namespaces, resource types, definitions). */
export const CATALOG_TABLES = [
  'resource_types',
  'namespaces',
  'namespace_resource_types',
  'metadef_objects',
  'metadef_properties',
  'metadef_tags',
];

/**
 * The catalog's version: one row whose number grows in every transaction that changes a catalog table, whoever
 * writes (the service, the CLI, an importer, SQL by hand). Cached catalog answers (src/app/catalog-cache.ts)
 * are kept with the version read before they were computed and served only while it is still the current one,
 * so a write committed on any instance is seen by the next request on every instance.
 *
 * The bump is a deferred constraint trigger: it runs once per transaction, at commit, after everything else the
 * transaction does, so the row lock it takes is held only for the commit (concurrent catalog writers queue
 * there for an instant, and never while they hold any other lock they could wait on each other for).
 * TRUNCATE has no row triggers: a statement trigger bumps it then.
 */
export class CatalogVersion1763700600000 implements MigrationInterface {
  name = 'CatalogVersion1763700600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE catalog_version (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        version bigint NOT NULL
      )`);
    await queryRunner.query(`INSERT INTO catalog_version (id, version) VALUES (true, 1)`);
    // Once per transaction: a transaction-local setting remembers that this transaction has bumped it.
    await queryRunner.query(`
      CREATE FUNCTION catalog_version_bump() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF current_setting('metacatalog.catalog_bumped', true) IS DISTINCT FROM txid_current()::text THEN
          UPDATE catalog_version SET version = version + 1;
          PERFORM set_config('metacatalog.catalog_bumped', txid_current()::text, true);
        END IF;
        RETURN NULL;
      END $fn$`);
    for (const table of CATALOG_TABLES) {
      await queryRunner.query(`
        CREATE CONSTRAINT TRIGGER ${table}_catalog_version AFTER INSERT OR UPDATE OR DELETE ON ${table}
          DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_version_bump()`);
      await queryRunner.query(`
        CREATE TRIGGER ${table}_catalog_version_truncate AFTER TRUNCATE ON ${table}
          FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump()`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of CATALOG_TABLES) {
      await queryRunner.query(`DROP TRIGGER ${table}_catalog_version_truncate ON ${table}`);
      await queryRunner.query(`DROP TRIGGER ${table}_catalog_version ON ${table}`);
    }
    await queryRunner.query(`DROP FUNCTION catalog_version_bump()`);
    await queryRunner.query(`DROP TABLE catalog_version`);
  }
}
