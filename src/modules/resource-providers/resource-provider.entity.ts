import { Field, Int, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CreatedAt, UpdatedAt, TIMESTAMP_DOCS } from '../../common/columns';
import { Node } from '../../common/relay/node';
import { NodeEntity } from '../../common/relay/node-entity';
import { UUIDScalar } from '../../common/scalars';

export const RESOURCE_PROVIDER_NAME_MAX = 200;

@Entity('resource_providers')
@Index('resource_providers_parent_id_idx', ['parentId'])
@Index('resource_providers_root_id_idx', ['rootId'])
@ObjectType({
  implements: Node,
  // Plain properties (and the id getter) are read by graphql-js's own resolver: no wrapper per field and row.
  simpleResolvers: true,
  description: 'Something that provides resources (a compute node, a shared storage pool…), in a tree.',
})
export class ResourceProvider extends NodeEntity implements Node {
  static readonly nodeType = 'ResourceProvider';

  @Field(() => UUIDScalar, { description: 'The natural key, given or generated at creation.' })
  @Column({ type: 'uuid', unique: true })
  uuid: string;

  @Field({ description: 'Unique name, 1–200 characters.' })
  @Column({ type: 'varchar', length: RESOURCE_PROVIDER_NAME_MAX, unique: true, collation: 'C' })
  name: string;

  @Field(() => Int, {
    description:
      'Incremented by exactly one at each change of the traits; pass it back to setResourceProviderTraits.',
  })
  @Column({ type: 'int', default: 0 })
  generation: number;

  @Column({ type: 'int', nullable: true })
  parentId: number | null;

  /** The relation behind parentId (the GraphQL `parent` goes through a loader). */
  @ManyToOne(() => ResourceProvider, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'parent_id' })
  parentProvider?: ResourceProvider | null;

  /** The top of this provider's tree (itself for a root), kept on every row so tree queries are cheap. */
  @Column({ type: 'int' })
  rootId: number;

  @ManyToOne(() => ResourceProvider, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'root_id' })
  rootProvider?: ResourceProvider;

  @Field({ description: TIMESTAMP_DOCS.createdAt })
  @CreatedAt()
  createdAt: Date;

  @Field({ nullable: true, description: TIMESTAMP_DOCS.updatedAt })
  @UpdatedAt()
  updatedAt: Date;
}
