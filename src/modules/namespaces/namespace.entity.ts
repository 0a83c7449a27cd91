import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { Column, Entity, Index, OneToMany } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../common/columns';
import { Node } from '../../common/relay/node';
import type { NamespaceResourceType } from './namespace-resource-type.entity';
import { ViewableNodeEntity } from './resource-type-view';

export enum Visibility {
  PUBLIC = 'public',
  PRIVATE = 'private',
}
registerEnumType(Visibility, {
  name: 'Visibility',
  description: 'PUBLIC: every project sees it. PRIVATE: only the owner project and admins.',
});

export const NAMESPACE_LIMITS = { name: 80, displayName: 80, description: 500, owner: 255 } as const;

@Entity('namespaces')
@Index('namespaces_owner_idx', ['owner'])
@Index('namespaces_created_at_idx', ['createdAt', 'pk'])
@Index('namespaces_updated_at_idx', ['updatedAt', 'pk'])
@ObjectType({
  implements: Node,
  description: 'A container of metadata definitions, with its access controls.',
})
export class Namespace extends ViewableNodeEntity implements Node {
  static readonly nodeType = 'Namespace';

  @Field({ description: 'Unique name, e.g. OS::Compute::VirtCPUTopology.' })
  @Column({ type: 'varchar', length: NAMESPACE_LIMITS.name, unique: true, collation: 'C' })
  name: string;

  @Field(() => String, { nullable: true })
  @Column({ type: 'varchar', length: NAMESPACE_LIMITS.displayName, nullable: true })
  displayName: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: 'varchar', length: NAMESPACE_LIMITS.description, nullable: true })
  description: string | null;

  @Field(() => Visibility)
  @Column({ type: 'varchar', length: 16 })
  visibility: Visibility;

  @Field({ description: 'A protected namespace, and everything in it, cannot be deleted.' })
  @Column({ type: 'boolean', default: false })
  protected: boolean;

  @Field({ description: 'The owning project.' })
  @Column({ type: 'varchar', length: NAMESPACE_LIMITS.owner })
  owner: string;

  @Field()
  @CreatedAt()
  createdAt: Date;

  @Field({ nullable: true })
  @UpdatedAt()
  updatedAt: Date;

  @OneToMany('NamespaceResourceType', (association: NamespaceResourceType) => association.namespace)
  associations?: NamespaceResourceType[];
}
