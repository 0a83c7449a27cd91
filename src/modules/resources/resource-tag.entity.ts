import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Resource } from './resource.entity';

export const TAG_MAX_LENGTH = 60;
export const TAGS_PER_RESOURCE = 50;

/** One tag of one resource (Nova instance tags): case-sensitive, compared byte for byte. */
@Entity('resource_tags')
@Index('resource_tags_tag_resource_id_idx', ['tag', 'resourceId'])
export class ResourceTag {
  @PrimaryColumn({ type: 'integer' })
  resourceId: number;

  @PrimaryColumn({ type: 'varchar', length: TAG_MAX_LENGTH, collation: 'C' })
  tag: string;

  @ManyToOne(() => Resource, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'resource_id' })
  resource?: Resource;
}
