import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../common/columns';
import { ResourceType } from '../resource-types/resource-type.entity';

export const CAPABILITY_NAME_MAX = 255;

/**
 * A property key of a resource type (Blazar's extra capability): created the first time a resource of the
 * type carries the key, with the configured default privacy. A private key is never enumerated to non-admins.
 */
@Entity('capabilities')
@Unique('capabilities_resource_type_id_name_key', ['resourceTypeId', 'name'])
export class Capability {
  @PrimaryGeneratedColumn({ name: 'id' })
  pk: number;

  @Column({ type: 'integer' })
  resourceTypeId: number;

  @ManyToOne(() => ResourceType, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'resource_type_id' })
  resourceType?: ResourceType;

  @Column({ type: 'varchar', length: CAPABILITY_NAME_MAX, collation: 'C' })
  name: string;

  @Column({ type: 'boolean' })
  private: boolean;

  @CreatedAt()
  createdAt: Date;

  @UpdatedAt()
  updatedAt: Date;
}
