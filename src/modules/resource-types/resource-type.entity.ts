import { Field, ID, ObjectType } from 'type-graphql';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../common/columns';
import { encodeGlobalId } from '../../common/relay/global-id';
import { Node } from '../../common/relay/node';

export const RESOURCE_TYPE_NAME_MAX = 80;

@Entity('resource_types')
@ObjectType({
  implements: Node,
  description: 'A kind of cloud resource that metadata applies to, e.g. OS::Nova::Flavor.',
})
export class ResourceType implements Node {
  @PrimaryGeneratedColumn({ name: 'id' })
  pk: number;

  @Field(() => ID)
  get id(): string {
    return encodeGlobalId('ResourceType', this.pk);
  }

  @Field()
  @Column({ type: 'varchar', length: RESOURCE_TYPE_NAME_MAX, unique: true, collation: 'C' })
  name: string;

  @Field({ description: 'Seeded resource types are protected: they cannot be removed.' })
  @Column({ type: 'boolean', default: false })
  protected: boolean;

  @Field()
  @CreatedAt()
  createdAt: Date;

  @Field({ nullable: true })
  @UpdatedAt()
  updatedAt: Date;
}
