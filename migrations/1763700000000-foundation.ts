import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Resource types, namespaces and their associations; the bookkeeping of one-time seeds. */
export class Foundation1763700000000 implements MigrationInterface {
  name = 'Foundation1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE resource_types (
        id serial PRIMARY KEY,
        name varchar(80) COLLATE "C" NOT NULL UNIQUE,
        protected boolean NOT NULL DEFAULT false,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE namespaces (
        id serial PRIMARY KEY,
        name varchar(80) COLLATE "C" NOT NULL UNIQUE,
        display_name varchar(80),
        description varchar(500),
        visibility varchar(16) NOT NULL,
        protected boolean NOT NULL DEFAULT false,
        owner varchar(255) NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX namespaces_owner_idx ON namespaces (owner)`);
    await queryRunner.query(`CREATE INDEX namespaces_created_at_idx ON namespaces (created_at, id)`);
    await queryRunner.query(`CREATE INDEX namespaces_updated_at_idx ON namespaces (updated_at, id)`);
    await queryRunner.query(`
      CREATE TABLE namespace_resource_types (
        namespace_id integer NOT NULL REFERENCES namespaces (id) ON DELETE CASCADE,
        resource_type_id integer NOT NULL REFERENCES resource_types (id) ON DELETE RESTRICT,
        prefix varchar(80),
        properties_target varchar(80),
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now(),
        PRIMARY KEY (namespace_id, resource_type_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX namespace_resource_types_resource_type_id_idx ON namespace_resource_types (resource_type_id)`,
    );
    await queryRunner.query(`
      CREATE TABLE seed_state (
        name varchar(100) PRIMARY KEY,
        applied_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE seed_state`);
    await queryRunner.query(`DROP TABLE namespace_resource_types`);
    await queryRunner.query(`DROP TABLE namespaces`);
    await queryRunner.query(`DROP TABLE resource_types`);
  }
}
