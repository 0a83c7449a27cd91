import { Field, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../common/columns';
import { Node } from '../../common/relay/node';
import { Namespace } from '../namespaces/namespace.entity';
import { ViewableNodeEntity } from '../namespaces/resource-type-view';

export const OBJECT_NAME_MAX = 80;

/** A named group of properties; `required` names some of them. Its properties are rows of metadef_properties. */
@Entity('metadef_objects')
@Index('metadef_objects_namespace_id_name_key', ['namespaceId', 'name'], { unique: true })
@ObjectType('MetadefObject', { implements: Node, description: 'A named group of property definitions.' })
export class MetadefObject extends ViewableNodeEntity implements Node {
  static readonly nodeType = 'MetadefObject';

  @Column({ type: 'integer' })
  namespaceId: number;

  @ManyToOne(() => Namespace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'namespace_id' })
  namespace?: Namespace;

  @Field()
  @Column({ type: 'varchar', length: OBJECT_NAME_MAX, collation: 'C' })
  name: string;

  @Field(() => String, { nullable: true })
  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** Names of required properties, stored without prefix. */
  @Column({ name: 'required', type: 'jsonb', default: () => `'[]'` })
  requiredNames: string[];

  @Field()
  @CreatedAt()
  createdAt: Date;

  @Field({ nullable: true })
  @UpdatedAt()
  updatedAt: Date;

  @Field(() => [String], {
    description:
      'Properties a user of the object should set (prefixed like the names in a resource type view).',
  })
  get required(): string[] {
    const view = this.view;
    return view ? this.requiredNames.map((name) => view.name(name)) : this.requiredNames;
  }
}
