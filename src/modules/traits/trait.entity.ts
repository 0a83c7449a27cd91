import { Field, ObjectType } from 'type-graphql';
import { Column, Entity } from 'typeorm';
import { CreatedAt, TIMESTAMP_DOCS } from '../../common/columns';
import { Node } from '../../common/relay/node';
import { NodeEntity } from '../../common/relay/node-entity';

export const TRAIT_NAME_MAX = 255;
/** Every trait name (os-traits' rule). */
export const TRAIT_NAME = /^[A-Z0-9_]+$/;
/** The names of traits a deployer may create. */
export const CUSTOM_TRAIT_NAME = /^CUSTOM_[A-Z0-9_]+$/;

@Entity('traits')
@ObjectType({
  implements: Node,
  // Plain properties (and the id getter) are read by graphql-js's own resolver: no wrapper per field and row.
  simpleResolvers: true,
  description: 'A qualitative characteristic of resource providers, e.g. HW_CPU_X86_AVX2 or CUSTOM_GOLD.',
})
export class Trait extends NodeEntity implements Node {
  static readonly nodeType = 'Trait';

  @Field({ description: 'Upper-case name; custom traits start with CUSTOM_.' })
  @Column({ type: 'varchar', length: TRAIT_NAME_MAX, unique: true, collation: 'C' })
  name: string;

  @Field({ description: 'A standard (os-traits) trait: read-only, synced from seeds/standard-traits.txt.' })
  @Column({ type: 'boolean', default: false })
  standard: boolean;

  @Field({ description: TIMESTAMP_DOCS.createdAt })
  @CreatedAt()
  createdAt: Date;
}
