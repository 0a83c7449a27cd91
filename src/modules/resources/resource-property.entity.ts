import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Capability } from '../discovery/capability.entity';
import { Resource } from './resource.entity';

/** A JSON scalar: what a resource property may hold. */
export type PropertyValue = string | number | boolean;

/** One key/value of one resource; the key is a capability of the resource's type. */
@Entity('resource_properties')
@Index('resource_properties_capability_id_value_idx', ['capabilityId', 'value'])
export class ResourceProperty {
  @PrimaryColumn({ type: 'integer' })
  resourceId: number;

  @PrimaryColumn({ type: 'integer' })
  capabilityId: number;

  @Column({ type: 'jsonb' })
  value: PropertyValue;

  @ManyToOne(() => Resource, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'resource_id' })
  resource?: Resource;

  @ManyToOne(() => Capability, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'capability_id' })
  capability?: Capability;
}
