import { Field, ObjectType } from 'type-graphql';
import { Column, Entity, Index, OneToMany } from 'typeorm';
import { CreatedAt, UpdatedAt, TIMESTAMP_DOCS } from '../../common/columns';
import { Node } from '../../common/relay/node';
import { Visibility } from '../../common/visibility';
import type { NamespaceResourceType } from './namespace-resource-type.entity';
import { ViewableNodeEntity } from './resource-type-view';

/** What `complete` means (namespace.docs.ts repeats it for the inputs). */
export const NAMESPACE_COMPLETE_DOCS =
  "true: validateMetadata refuses a key in the scope of this namespace (each of its keys' text up to the first colon, or the association's prefix) that none of its definitions names, instead of listing it in unknownKeys.";

export const NAMESPACE_LIMITS = { name: 80, displayName: 80, description: 500, owner: 255 } as const;

@Entity('namespaces')
@Index('namespaces_owner_idx', ['owner'])
@Index('namespaces_created_at_idx', ['createdAt', 'pk'])
@Index('namespaces_updated_at_idx', ['updatedAt', 'pk'])
@ObjectType({
  implements: Node,
  description:
    'A container of metadata definitions (Glance metadefs namespace): properties, objects and tags, with who sees them and the resource types they apply to.',
})
export class Namespace extends ViewableNodeEntity implements Node {
  static readonly nodeType = 'Namespace';

  @Field({ description: 'Unique name, e.g. OS::Compute::VirtCPUTopology.' })
  @Column({ type: 'varchar', length: NAMESPACE_LIMITS.name, unique: true, collation: 'C' })
  name: string;

  @Field(() => String, { nullable: true, description: 'Human-readable name.' })
  @Column({ type: 'varchar', length: NAMESPACE_LIMITS.displayName, nullable: true })
  displayName: string | null;

  @Field(() => String, { nullable: true, description: 'What the namespace is for.' })
  @Column({ type: 'varchar', length: NAMESPACE_LIMITS.description, nullable: true })
  description: string | null;

  @Field(() => Visibility, { description: 'Who sees the namespace and everything in it.' })
  @Column({ type: 'varchar', length: 16 })
  visibility: Visibility;

  @Field({
    description:
      'A protected namespace, and everything in it, cannot be deleted (FORBIDDEN); adding and editing stay allowed.',
  })
  @Column({ type: 'boolean', default: false })
  protected: boolean;

  @Field({ description: NAMESPACE_COMPLETE_DOCS })
  @Column({ type: 'boolean', default: false })
  complete: boolean;

  @Field({ description: 'The owning project.' })
  @Column({ type: 'varchar', length: NAMESPACE_LIMITS.owner })
  owner: string;

  @Field({ description: TIMESTAMP_DOCS.createdAt })
  @CreatedAt()
  createdAt: Date;

  @Field({ nullable: true, description: TIMESTAMP_DOCS.updatedAt })
  @UpdatedAt()
  updatedAt: Date;

  @OneToMany('NamespaceResourceType', (association: NamespaceResourceType) => association.namespace)
  associations?: NamespaceResourceType[];
}
