import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Traits (standard and custom), resource providers (trees) and the traits of each provider. */
export class Traits1763700200000 implements MigrationInterface {
  name = 'Traits1763700200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // COLLATE "C": a plain btree index then serves `name LIKE 'PREFIX%'` (the startsWith filter).
    await queryRunner.query(`
      CREATE TABLE traits (
        id serial PRIMARY KEY,
        name varchar(255) COLLATE "C" NOT NULL UNIQUE,
        standard boolean NOT NULL DEFAULT false,
        created_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE resource_providers (
        id serial PRIMARY KEY,
        uuid uuid NOT NULL UNIQUE,
        name varchar(200) COLLATE "C" NOT NULL UNIQUE,
        generation integer NOT NULL DEFAULT 0,
        parent_id integer REFERENCES resource_providers (id) ON DELETE RESTRICT,
        root_id integer NOT NULL REFERENCES resource_providers (id) ON DELETE RESTRICT,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX resource_providers_parent_id_idx ON resource_providers (parent_id)`,
    );
    await queryRunner.query(`CREATE INDEX resource_providers_root_id_idx ON resource_providers (root_id)`);
    await queryRunner.query(`
      CREATE TABLE resource_provider_traits (
        resource_provider_id integer NOT NULL REFERENCES resource_providers (id) ON DELETE CASCADE,
        trait_id integer NOT NULL REFERENCES traits (id) ON DELETE RESTRICT,
        PRIMARY KEY (resource_provider_id, trait_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX resource_provider_traits_trait_id_resource_provider_id_idx
         ON resource_provider_traits (trait_id, resource_provider_id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE resource_provider_traits`);
    await queryRunner.query(`DROP TABLE resource_providers`);
    await queryRunner.query(`DROP TABLE traits`);
  }
}
