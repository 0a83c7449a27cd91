import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Resources (any cloud object registered here), their tags (Nova instance tags) and their key/value
 * properties, normalised through capabilities (Blazar resource property discovery).
 */
export class Resources1763700300000 implements MigrationInterface {
  name = 'Resources1763700300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE resources (
        id serial PRIMARY KEY,
        uuid uuid NOT NULL UNIQUE,
        name varchar(255),
        resource_type_id integer NOT NULL REFERENCES resource_types (id) ON DELETE RESTRICT,
        project_id varchar(255) NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX resources_project_id_id_idx ON resources (project_id, id)`);
    await queryRunner.query(
      `CREATE INDEX resources_resource_type_id_id_idx ON resources (resource_type_id, id)`,
    );
    // The primary key serves "tags of these resources"; the second index serves "resources with this tag".
    await queryRunner.query(`
      CREATE TABLE resource_tags (
        resource_id integer NOT NULL REFERENCES resources (id) ON DELETE CASCADE,
        tag varchar(60) COLLATE "C" NOT NULL,
        PRIMARY KEY (resource_id, tag)
      )`);
    await queryRunner.query(
      `CREATE INDEX resource_tags_tag_resource_id_idx ON resource_tags (tag, resource_id)`,
    );
    await queryRunner.query(`
      CREATE TABLE capabilities (
        id serial PRIMARY KEY,
        resource_type_id integer NOT NULL REFERENCES resource_types (id) ON DELETE CASCADE,
        name varchar(255) COLLATE "C" NOT NULL,
        private boolean NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT capabilities_resource_type_id_name_key UNIQUE (resource_type_id, name)
      )`);
    await queryRunner.query(`
      CREATE TABLE resource_properties (
        resource_id integer NOT NULL REFERENCES resources (id) ON DELETE CASCADE,
        capability_id integer NOT NULL REFERENCES capabilities (id) ON DELETE CASCADE,
        value jsonb NOT NULL,
        PRIMARY KEY (resource_id, capability_id)
      )`);
    // Distinct values of a capability come straight off this index.
    await queryRunner.query(
      `CREATE INDEX resource_properties_capability_id_value_idx ON resource_properties (capability_id, value)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE resource_properties`);
    await queryRunner.query(`DROP TABLE capabilities`);
    await queryRunner.query(`DROP TABLE resource_tags`);
    await queryRunner.query(`DROP TABLE resources`);
  }
}
