import { Field, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CreatedAt, UpdatedAt, TIMESTAMP_DOCS } from '../../common/columns';
import { Node } from '../../common/relay/node';
import { Namespace } from '../namespaces/namespace.entity';
import { ViewableNodeEntity } from '../namespaces/resource-type-view';

export const OBJECT_NAME_MAX = 80;
export const OBJECT_DESCRIPTION_MAX = 10_000;

/** A named group of properties; `required` names some of them. Its properties are rows of metadef_properties. */
@Entity('metadef_objects')
@Index('metadef_objects_namespace_id_name_key', ['namespaceId', 'name'], { unique: true })
@ObjectType('MetadefObject', {
  implements: Node,
  description:
    'A named group of property definitions in a namespace (Glance metadefs object), e.g. the CPU limits of a flavor.',
})
export class MetadefObject extends ViewableNodeEntity implements Node {
  static readonly nodeType = 'MetadefObject';

  @Column({ type: 'integer' })
  namespaceId: number;

  @ManyToOne(() => Namespace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'namespace_id' })
  namespace?: Namespace;

  @Field({ description: 'Unique within the namespace, e.g. CPU Limits.' })
  @Column({ type: 'varchar', length: OBJECT_NAME_MAX, collation: 'C' })
  name: string;

  @Field(() => String, { nullable: true, description: 'What the object is for.' })
  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** Names of required properties, stored without prefix. */
  @Column({ name: 'required', type: 'jsonb', default: () => `'[]'` })
  requiredNames: string[];

  @Field({ description: TIMESTAMP_DOCS.createdAt })
  @CreatedAt()
  createdAt: Date;

  @Field({ nullable: true, description: TIMESTAMP_DOCS.updatedAt })
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
