import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Resource types are visible to non-admins only when protected, associated with a namespace they can see, or
 * carried by a resource of their project (src/modules/resource-types/resource-type.service.ts). The last is
 * asked for every resource type of a list: this index answers "has project P a resource of type T" with one
 * probe, however many resources of T other projects have.
 */
export class ResourceTypeVisibility1763700800000 implements MigrationInterface {
  name = 'ResourceTypeVisibility1763700800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX resources_resource_type_id_project_id_idx ON resources (resource_type_id, project_id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX resources_resource_type_id_project_id_idx`);
  }
}
