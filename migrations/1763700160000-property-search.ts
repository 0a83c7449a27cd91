import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Full-text search over property definitions: a generated `search` tsvector (name weighted A, title B,
 * description C) with a GIN index. The 'simple' configuration keeps technical words as they are (no
 * stemming, no stop words); `_` and `:` in names become spaces so that `cores` finds `hw_cpu_cores` and
 * `features` finds `cpu_info:features`. Every function used is IMMUTABLE, as a generated column requires.
 * The column is DB-only: the entity does not map it, so inserts and updates never write it.
 */
export class PropertySearch1763700160000 implements MigrationInterface {
  name = 'PropertySearch1763700160000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE metadef_properties ADD COLUMN search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple'::regconfig, regexp_replace(name, '[_:]', ' ', 'g')), 'A')
        || setweight(to_tsvector('simple'::regconfig, coalesce(schema ->> 'title', '')), 'B')
        || setweight(to_tsvector('simple'::regconfig, coalesce(schema ->> 'description', '')), 'C')
      ) STORED`);
    await queryRunner.query(
      `CREATE INDEX metadef_properties_search_idx ON metadef_properties USING gin (search)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX metadef_properties_search_idx`);
    await queryRunner.query(`ALTER TABLE metadef_properties DROP COLUMN search`);
  }
}
