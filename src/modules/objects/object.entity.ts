import { Field, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../common/columns';
import { Node } from '../../common/relay/node';
import { NodeEntity } from '../../common/relay/node-entity';
import { Namespace } from '../namespaces/namespace.entity';
import { withPrefix } from '../properties/prefixed';

export const OBJECT_NAME_MAX = 80;

/** A named group of properties; `required` names some of them. Its properties are rows of metadef_properties. */
@Entity('metadef_objects')
@Index('metadef_objects_namespace_id_name_key', ['namespaceId', 'name'], { unique: true })
@ObjectType('MetadefObject', { implements: Node, description: 'A named group of property definitions.' })
export class MetadefObject extends NodeEntity implements Node {
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

  /** Not a column: the prefix of the resource type the namespace was read for. */
  prefix?: string | null;

  /** This object as shown for a resource type with that prefix. */
  withPrefix(prefix: string | null | undefined): MetadefObject {
    return withPrefix(this, prefix);
  }

  @Field(() => [String], {
    description: 'Properties a user of the object should set (prefixed like the names).',
  })
  get required(): string[] {
    return this.requiredNames.map((name) => `${this.prefix ?? ''}${name}`);
  }
}
