import { Field, ObjectType } from 'type-graphql';
import { Column, Entity } from 'typeorm';
import { CreatedAt, UpdatedAt, TIMESTAMP_DOCS } from '../../common/columns';
import { Node } from '../../common/relay/node';
import { NodeEntity } from '../../common/relay/node-entity';

export const RESOURCE_TYPE_NAME_MAX = 80;

@Entity('resource_types')
@ObjectType({
  implements: Node,
  description: 'A kind of cloud resource that metadata applies to, e.g. OS::Nova::Flavor.',
})
export class ResourceType extends NodeEntity implements Node {
  static readonly nodeType = 'ResourceType';

  @Field({
    description: `The unique name, at most ${RESOURCE_TYPE_NAME_MAX} characters, e.g. OS::Nova::Flavor or OS::Glance::Image.`,
  })
  @Column({ type: 'varchar', length: RESOURCE_TYPE_NAME_MAX, unique: true, collation: 'C' })
  name: string;

  @Field({ description: 'Seeded resource types are protected: they cannot be removed.' })
  @Column({ type: 'boolean', default: false })
  protected: boolean;

  @Field({ description: TIMESTAMP_DOCS.createdAt })
  @CreatedAt()
  createdAt: Date;

  @Field({ nullable: true, description: TIMESTAMP_DOCS.updatedAt })
  @UpdatedAt()
  updatedAt: Date;
}
