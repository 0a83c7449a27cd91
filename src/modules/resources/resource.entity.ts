import { Field, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CreatedAt, UpdatedAt, TIMESTAMP_DOCS } from '../../common/columns';
import { Node } from '../../common/relay/node';
import { NodeEntity } from '../../common/relay/node-entity';
import { UUIDScalar } from '../../common/scalars';
import { ResourceType } from '../resource-types/resource-type.entity';

export const RESOURCE_LIMITS = { name: 255, projectId: 255 } as const;

@Entity('resources')
@Index('resources_project_id_id_idx', ['projectId', 'pk'])
@Index('resources_resource_type_id_id_idx', ['resourceTypeId', 'pk'])
@Index('resources_resource_type_id_project_id_idx', ['resourceTypeId', 'projectId'])
@ObjectType({
  implements: Node,
  description:
    'A cloud object registered in the catalog (server, image, host…): its type, owning project, tags and properties.',
})
export class Resource extends NodeEntity implements Node {
  static readonly nodeType = 'Resource';

  @Field(() => UUIDScalar, { description: 'The natural key (the cloud object uuid).' })
  @Column({ type: 'uuid', unique: true })
  uuid: string;

  @Field(() => String, { nullable: true, description: 'Display name; null when none was given.' })
  @Column({ type: 'varchar', length: RESOURCE_LIMITS.name, nullable: true })
  name: string | null;

  @Column({ type: 'integer' })
  resourceTypeId: number;

  @ManyToOne(() => ResourceType, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'resource_type_id' })
  type?: ResourceType;

  @Field({ description: 'The resource type name, e.g. OS::Nova::Server.' })
  get resourceType(): string {
    return this.type!.name;
  }

  @Field({ description: 'The owning project.' })
  @Column({ type: 'varchar', length: RESOURCE_LIMITS.projectId })
  projectId: string;

  @Field({ description: TIMESTAMP_DOCS.createdAt })
  @CreatedAt()
  createdAt: Date;

  @Field({ nullable: true, description: TIMESTAMP_DOCS.updatedAt })
  @UpdatedAt()
  updatedAt: Date;
}
