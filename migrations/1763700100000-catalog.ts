import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Objects, property definitions (of namespaces and of objects) and metadef tags. */
export class Catalog1763700100000 implements MigrationInterface {
  name = 'Catalog1763700100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE metadef_objects (
        id serial PRIMARY KEY,
        namespace_id integer NOT NULL REFERENCES namespaces (id) ON DELETE CASCADE,
        name varchar(80) COLLATE "C" NOT NULL,
        description text,
        required jsonb NOT NULL DEFAULT '[]'::jsonb,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX metadef_objects_namespace_id_name_key ON metadef_objects (namespace_id, name)`,
    );
    await queryRunner.query(`
      CREATE TABLE metadef_properties (
        id serial PRIMARY KEY,
        namespace_id integer NOT NULL REFERENCES namespaces (id) ON DELETE CASCADE,
        object_id integer REFERENCES metadef_objects (id) ON DELETE CASCADE,
        name varchar(80) COLLATE "C" NOT NULL,
        schema jsonb NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX metadef_properties_namespace_id_name_key ON metadef_properties (namespace_id, name) WHERE object_id IS NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX metadef_properties_object_id_name_key ON metadef_properties (object_id, name) WHERE object_id IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE metadef_tags (
        id serial PRIMARY KEY,
        namespace_id integer NOT NULL REFERENCES namespaces (id) ON DELETE CASCADE,
        name varchar(80) NOT NULL,
        parent_id integer REFERENCES metadef_tags (id) ON DELETE SET NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX metadef_tags_namespace_id_lower_name_key ON metadef_tags (namespace_id, lower(name))`,
    );
    await queryRunner.query(`CREATE INDEX metadef_tags_parent_id_idx ON metadef_tags (parent_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE metadef_tags`);
    await queryRunner.query(`DROP TABLE metadef_properties`);
    await queryRunner.query(`DROP TABLE metadef_objects`);
  }
}
