import { Field, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../common/columns';
import { Node } from '../../common/relay/node';
import { NodeEntity } from '../../common/relay/node-entity';
import { Namespace } from '../namespaces/namespace.entity';

export const METADEF_TAG_NAME_MAX = 80;

/**
 * A tag of the catalog: unique per namespace case-insensitively (index on lower(name)), original case kept;
 * optionally the child of another tag of the same namespace.
 */
@Entity('metadef_tags')
// Unique on (namespace_id, lower(name)): an expression index, which TypeORM cannot declare; the migration owns it.
@Index('metadef_tags_namespace_id_lower_name_key', { synchronize: false })
@Index('metadef_tags_parent_id_idx', ['parentId'])
@ObjectType('MetadefTag', { implements: Node, description: 'A tag name offered for consistent tagging.' })
export class MetadefTag extends NodeEntity implements Node {
  static readonly nodeType = 'MetadefTag';

  @Column({ type: 'integer' })
  namespaceId: number;

  @ManyToOne(() => Namespace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'namespace_id' })
  namespace?: Namespace;

  @Field()
  @Column({ type: 'varchar', length: METADEF_TAG_NAME_MAX })
  name: string;

  @Column({ type: 'integer', nullable: true })
  parentId: number | null;

  @ManyToOne(() => MetadefTag, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'parent_id' })
  parent?: MetadefTag | null;

  @Field()
  @CreatedAt()
  createdAt: Date;

  @Field({ nullable: true })
  @UpdatedAt()
  updatedAt: Date;
}
