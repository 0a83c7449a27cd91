import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One name for one concept: the keys resources of a type carry (Blazar's "extra capabilities", the API's
 * DiscoveredProperty) were the table `capabilities`; they become `discovered_properties`, and a resource's
 * value of one of them points at it through `discovered_property_id`. Renames only: no data moves.
 */
const RENAMES: [
  kind: 'TABLE' | 'SEQUENCE' | 'INDEX' | 'COLUMN' | 'CONSTRAINT',
  on: string,
  from: string,
  to: string,
][] = [
  ['TABLE', '', 'capabilities', 'discovered_properties'],
  ['SEQUENCE', '', 'capabilities_id_seq', 'discovered_properties_id_seq'],
  ['CONSTRAINT', 'discovered_properties', 'capabilities_pkey', 'discovered_properties_pkey'],
  [
    'CONSTRAINT',
    'discovered_properties',
    'capabilities_resource_type_id_name_key',
    'discovered_properties_resource_type_id_name_key',
  ],
  [
    'CONSTRAINT',
    'discovered_properties',
    'capabilities_resource_type_id_fkey',
    'discovered_properties_resource_type_id_fkey',
  ],
  ['COLUMN', 'resource_properties', 'capability_id', 'discovered_property_id'],
  [
    'CONSTRAINT',
    'resource_properties',
    'resource_properties_capability_id_fkey',
    'resource_properties_discovered_property_id_fkey',
  ],
  [
    'INDEX',
    '',
    'resource_properties_capability_id_value_idx',
    'resource_properties_discovered_property_id_value_idx',
  ],
];

function rename(kind: string, on: string, from: string, to: string): string {
  if (kind === 'COLUMN' || kind === 'CONSTRAINT') return `ALTER TABLE ${on} RENAME ${kind} ${from} TO ${to}`;
  return `ALTER ${kind} ${from} RENAME TO ${to}`;
}

export class DiscoveredProperties1763700450000 implements MigrationInterface {
  name = 'DiscoveredProperties1763700450000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [kind, on, from, to] of RENAMES) await queryRunner.query(rename(kind, on, from, to));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // In reverse order, so that a table's constraints are renamed back while it still has its new name.
    for (const [kind, on, from, to] of [...RENAMES].reverse())
      await queryRunner.query(rename(kind, on, to, from));
  }
}
