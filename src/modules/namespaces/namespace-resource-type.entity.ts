import { Field, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CreatedAt, UpdatedAt, TIMESTAMP_DOCS } from '../../common/columns';
import { ResourceType } from '../resource-types/resource-type.entity';
import { Namespace } from './namespace.entity';

export const ASSOCIATION_LIMITS = { prefix: 80, propertiesTarget: 80 } as const;

@Entity('namespace_resource_types')
@Index('namespace_resource_types_resource_type_id_idx', ['resourceTypeId'])
@ObjectType('ResourceTypeAssociation', {
  description: 'Applies a namespace to a resource type, with the prefix its property keys take there.',
})
export class NamespaceResourceType {
  @PrimaryColumn({ type: 'integer' })
  namespaceId: number;

  @PrimaryColumn({ type: 'integer' })
  resourceTypeId: number;

  @ManyToOne(() => Namespace, (namespace) => namespace.associations, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'namespace_id' })
  namespace?: Namespace;

  @ManyToOne(() => ResourceType, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'resource_type_id' })
  resourceType: ResourceType;

  @Field({ description: 'The resource type name, e.g. OS::Nova::Flavor.' })
  get name(): string {
    return this.resourceType.name;
  }

  @Field(() => String, {
    nullable: true,
    description: 'Prefix of property keys on this resource type, e.g. "hw:".',
  })
  @Column({ type: 'varchar', length: ASSOCIATION_LIMITS.prefix, nullable: true })
  prefix: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Which key/value set of the resource the properties go to, e.g. "image" for OS::Cinder::Volume.',
  })
  @Column({ type: 'varchar', length: ASSOCIATION_LIMITS.propertiesTarget, nullable: true })
  propertiesTarget: string | null;

  @Field({ description: TIMESTAMP_DOCS.createdAt })
  @CreatedAt()
  createdAt: Date;

  @Field({ nullable: true, description: TIMESTAMP_DOCS.updatedAt })
  @UpdatedAt()
  updatedAt: Date;
}
