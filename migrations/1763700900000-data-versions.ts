import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The data groups besides the catalog whose answers may be cached, each with the tables its version follows
 * (the module manifests' `versionedTables` say the same; test/cache-rules.test.ts compares with pg_trigger).
 */
export const DATA_GROUP_TABLES: Readonly<Record<string, readonly string[]>> = {
  traits: ['traits'],
  providers: ['resource_providers', 'resource_provider_traits'],
};

/**
 * A version per data group, as catalog_version is the catalog's (migration 1763700600000, whose pattern this
 * repeats exactly): one row per group whose number grows in every transaction that changes one of the group's
 * tables, whoever writes (the service, the CLI, SQL by hand). Cached answers (src/app/catalog-cache.ts) are kept
 * with the versions of the groups they read, read before computing them, and served only while all are current.
 *
 * The bump is a deferred constraint trigger, once per transaction and group (a transaction-local setting per
 * group remembers it), at commit: the group's row lock is held only for the commit. A rolled-back transaction
 * bumps nothing. TRUNCATE has no row triggers: a statement trigger bumps it then.
 */
export class DataVersions1763700900000 implements MigrationInterface {
  name = 'DataVersions1763700900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE data_versions (
        name text PRIMARY KEY,
        version bigint NOT NULL
      )`);
    for (const group of Object.keys(DATA_GROUP_TABLES)) {
      await queryRunner.query(`INSERT INTO data_versions (name, version) VALUES ($1, 1)`, [group]);
    }
    // The group is the trigger's argument.
    await queryRunner.query(`
      CREATE FUNCTION data_version_bump() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF current_setting('metacatalog.bumped_' || TG_ARGV[0], true) IS DISTINCT FROM txid_current()::text THEN
          UPDATE data_versions SET version = version + 1 WHERE name = TG_ARGV[0];
          PERFORM set_config('metacatalog.bumped_' || TG_ARGV[0], txid_current()::text, true);
        END IF;
        RETURN NULL;
      END $fn$`);
    for (const [group, tables] of Object.entries(DATA_GROUP_TABLES)) {
      for (const table of tables) {
        await queryRunner.query(`
          CREATE CONSTRAINT TRIGGER ${table}_data_version AFTER INSERT OR UPDATE OR DELETE ON ${table}
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION data_version_bump('${group}')`);
        await queryRunner.query(`
          CREATE TRIGGER ${table}_data_version_truncate AFTER TRUNCATE ON ${table}
            FOR EACH STATEMENT EXECUTE FUNCTION data_version_bump('${group}')`);
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const tables of Object.values(DATA_GROUP_TABLES)) {
      for (const table of tables) {
        await queryRunner.query(`DROP TRIGGER ${table}_data_version_truncate ON ${table}`);
        await queryRunner.query(`DROP TRIGGER ${table}_data_version ON ${table}`);
      }
    }
    await queryRunner.query(`DROP FUNCTION data_version_bump()`);
    await queryRunner.query(`DROP TABLE data_versions`);
  }
}
