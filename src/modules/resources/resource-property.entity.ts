import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { DiscoveredProperty } from './discovered-property.entity';
import { Resource } from './resource.entity';

/** A JSON scalar: what a resource property may hold. */
export type PropertyValue = string | number | boolean;

/** One key/value of one resource; the key is a discovered property of the resource's type. */
@Entity('resource_properties')
@Index('resource_properties_discovered_property_id_value_idx', ['discoveredPropertyId', 'value'])
export class ResourceProperty {
  @PrimaryColumn({ type: 'integer' })
  resourceId: number;

  @PrimaryColumn({ type: 'integer' })
  discoveredPropertyId: number;

  @Column({ type: 'jsonb' })
  value: PropertyValue;

  @ManyToOne(() => Resource, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'resource_id' })
  resource?: Resource;

  @ManyToOne(() => DiscoveredProperty, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'discovered_property_id' })
  discoveredProperty?: DiscoveredProperty;
}
