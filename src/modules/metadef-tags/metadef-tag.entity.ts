import { Field, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CreatedAt, UpdatedAt, TIMESTAMP_DOCS } from '../../common/columns';
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
@ObjectType('MetadefTag', {
  implements: Node,
  description:
    'A tag name a namespace offers for consistent tagging (Glance metadefs tag), in a hierarchy of parents and children.',
})
export class MetadefTag extends NodeEntity implements Node {
  static readonly nodeType = 'MetadefTag';

  @Column({ type: 'integer' })
  namespaceId: number;

  @ManyToOne(() => Namespace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'namespace_id' })
  namespace?: Namespace;

  @Field({
    description: `The tag, 1–${METADEF_TAG_NAME_MAX} characters, case kept for display; unique in its namespace ignoring case.`,
  })
  @Column({ type: 'varchar', length: METADEF_TAG_NAME_MAX })
  name: string;

  @Column({ type: 'integer', nullable: true })
  parentId: number | null;

  @ManyToOne(() => MetadefTag, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'parent_id' })
  parent?: MetadefTag | null;

  @Field({ description: TIMESTAMP_DOCS.createdAt })
  @CreatedAt()
  createdAt: Date;

  @Field({ nullable: true, description: TIMESTAMP_DOCS.updatedAt })
  @UpdatedAt()
  updatedAt: Date;
}
