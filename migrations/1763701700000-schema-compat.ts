import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The channel instances LISTEN on to read `schema_compat` again (src/db/schema-compat.ts). */
const SCHEMA_CHANNEL = 'metacatalog_schema';

/**
 * The schema says which code may serve it (rolling upgrades, docs/operations.md): `schema_compat`'s one row holds
 * the oldest code version (the timestamp of that code's newest migration) that may serve this schema, and the
 * migration that set it. Code from this migration on refuses to start on a schema that names a newer one, and a
 * running instance that reads it (NOTIFY on `metacatalog_schema`, or its periodic check) stops being ready. A
 * later migration that older code cannot live beside raises it, in the same transaction as its change, and
 * NOTIFYs.
 *
 * Here: the code of the previous release (its newest migration 1763701600000) may serve this schema; older code
 * has not the columns it reads (`namespaces.complete`).
 */
export class SchemaCompat1763701700000 implements MigrationInterface {
  name = 'SchemaCompat1763701700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE schema_compat (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        min_code_version bigint NOT NULL,
        set_by text NOT NULL
      )`);
    await queryRunner.query(
      `INSERT INTO schema_compat (min_code_version, set_by) VALUES (1763701600000, '${this.name}')`,
    );
    await queryRunner.query(`NOTIFY ${SCHEMA_CHANNEL}`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE schema_compat`);
  }
}
