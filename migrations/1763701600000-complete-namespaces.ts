import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A namespace can say it is complete (docs/search-and-validation.md, "Complete namespaces"): validateMetadata
 * refuses a key under its prefix that none of its definitions names, as Nova refuses an unknown extra spec in a
 * namespace it validates. Existing namespaces are not complete. (Parameterized names, deprecation and the other
 * definition keywords live in a property's stored schema document: no column.)
 */
export class CompleteNamespaces1763701600000 implements MigrationInterface {
  name = 'CompleteNamespaces1763701600000';
  /** The tables it changes: the runner (src/db/migrate.ts) locks them first, in its order. */
  locks = ['namespaces'];

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE namespaces ADD COLUMN complete boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE namespaces DROP COLUMN complete`);
  }
}
