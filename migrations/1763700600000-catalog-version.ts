import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createTriggers, dropTriggers, sqlFile } from './sql-files';

/** Where the versions' functions and triggers are defined, one file each (their current text). */
const SQL = 'src/db/versions/sql';

/** The functions (each `<name>.sql`), created before the triggers that call them. */
const FUNCTIONS = ['catalog_version_bump', 'data_version_bump'];

/** The data groups besides the catalog, each a row of `data_versions` (src/common/module.ts, DATA_GROUPS). */
const DATA_GROUPS = ['traits', 'providers'];

/**
 * The versions of the data whose answers may be cached: `catalog_version`, one row, the catalog's (namespaces,
 * resource types, definitions); `data_versions`, a row per other group (traits; providers and their traits). A
 * version grows in every transaction that changes one of its group's tables, whoever writes (the service, the
 * CLI, an importer, SQL by hand). Cached answers (src/app/catalog-cache.ts) are kept with the versions of the
 * groups they read, read before they were computed, and served only while all are still current, so a write
 * committed on any instance is seen by the next request on every instance.
 *
 * The bump is a deferred constraint trigger (src/db/versions/sql/: the functions, and triggers.sql, which names
 * each table; the modules' `versionedTables` say the same, test/cache-rules.test.ts compares): it runs once per
 * transaction and group (a transaction-local setting remembers it), at commit, after everything else the
 * transaction does, so the row lock it takes is held only for the commit (concurrent writers queue there for an
 * instant, and never while they hold any other lock they could wait on each other for). A rolled-back
 * transaction bumps nothing. TRUNCATE has no row triggers: a statement trigger bumps it then.
 *
 * It folds DataVersions1763700900000 of the unreleased 0.1.0 (migrations/index.ts, foldedMigrations): a database
 * it migrated has this migration's name in `migrations`, and the same tables and triggers.
 */
export class CatalogVersion1763700600000 implements MigrationInterface {
  name = 'CatalogVersion1763700600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const q = (sql: string) => queryRunner.query(sql);
    await q(`
      CREATE TABLE catalog_version (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        version bigint NOT NULL
      )`);
    await q(`INSERT INTO catalog_version (id, version) VALUES (true, 1)`);
    await q(`
      CREATE TABLE data_versions (
        name text PRIMARY KEY,
        version bigint NOT NULL
      )`);
    for (const group of DATA_GROUPS) {
      await queryRunner.query(`INSERT INTO data_versions (name, version) VALUES ($1, 1)`, [group]);
    }
    for (const fn of FUNCTIONS) await q(sqlFile(`${SQL}/${fn}.sql`));
    await createTriggers(queryRunner, SQL);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const q = (sql: string) => queryRunner.query(sql);
    await dropTriggers(queryRunner, SQL);
    for (const fn of FUNCTIONS) await q(`DROP FUNCTION ${fn}()`);
    await q(`DROP TABLE data_versions`);
    await q(`DROP TABLE catalog_version`);
  }
}
