import { Field, ObjectType } from 'type-graphql';
import { Column, Entity, JoinColumn, ManyToOne, Unique } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../common/columns';
import { Node } from '../../common/relay/node';
import { NodeEntity } from '../../common/relay/node-entity';
import { ResourceType } from '../resource-types/resource-type.entity';

export const DISCOVERED_PROPERTY_NAME_MAX = 255;

/**
 * A property key that resources of a type carry (Blazar's "extra capability"; the API's `resourceProperty`
 * queries): recorded the first time a resource of the type sets the key, with the configured default privacy
 * (CAPABILITY_DEFAULT_VISIBILITY). A private key is never enumerated to non-admins. Its values are the
 * resources' ResourceProperty rows.
 */
@Entity('discovered_properties')
@Unique('discovered_properties_resource_type_id_name_key', ['resourceTypeId', 'name'])
@ObjectType({
  implements: Node,
  description:
    'A property key that resources of a type carry (Blazar resource property discovery), with the values seen.',
})
export class DiscoveredProperty extends NodeEntity implements Node {
  static readonly nodeType = 'DiscoveredProperty';

  @Column({ type: 'integer' })
  resourceTypeId: number;

  /** Loaded with the property wherever it is handed out (the `resourceType` field reads its name). */
  @ManyToOne(() => ResourceType, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'resource_type_id' })
  type?: ResourceType;

  @Field({ description: 'The resource type, e.g. OS::Nova::Server.' })
  get resourceType(): string {
    return this.type!.name;
  }

  @Field({ description: 'The property key.' })
  @Column({ type: 'varchar', length: DISCOVERED_PROPERTY_NAME_MAX, collation: 'C' })
  name: string;

  @Field({
    description: 'A private key is never enumerated to non-admins (asking for it by name is FORBIDDEN).',
  })
  @Column({ type: 'boolean' })
  private: boolean;

  @CreatedAt()
  createdAt: Date;

  @UpdatedAt()
  updatedAt: Date;
}
