import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ResourceType } from '../resource-types/resource-type.entity';
import { DiscoveredProperty } from './discovered-property.entity';
import type { PropertyValue } from './resource-property.entity';
import { TAG_MAX_LENGTH } from './resource-tag.entity';
import { RESOURCE_LIMITS } from './resource.entity';

/**
 * How many resources of a type in a project carry a tag: what the tag catalog view reads. Kept exact by
 * database triggers, at the writing transaction's commit (src/db/usage-counts/sql/); never written here.
 */
@Entity('tag_usage')
export class TagUsageCount {
  @PrimaryColumn({ type: 'varchar', length: RESOURCE_LIMITS.projectId })
  projectId: string;

  @PrimaryColumn({ type: 'integer' })
  resourceTypeId: number;

  @PrimaryColumn({ type: 'varchar', length: TAG_MAX_LENGTH, collation: 'C' })
  tag: string;

  @Column({ type: 'integer' })
  count: number;

  @ManyToOne(() => ResourceType, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'resource_type_id' })
  type?: ResourceType;
}

/**
 * How many resources carry a value of a discovered property: what discovery's `values` reads. Kept exact by
 * database triggers, at the writing transaction's commit (src/db/usage-counts/sql/); never written here.
 */
@Entity('discovered_property_values')
export class DiscoveredPropertyValueCount {
  @PrimaryColumn({ type: 'integer' })
  discoveredPropertyId: number;

  @PrimaryColumn({ type: 'jsonb' })
  value: PropertyValue;

  @Column({ type: 'integer' })
  count: number;

  @ManyToOne(() => DiscoveredProperty, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'discovered_property_id' })
  discoveredProperty?: DiscoveredProperty;
}
