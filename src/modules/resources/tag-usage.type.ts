import { Field, Int, ObjectType } from 'type-graphql';
import { ConnectionType } from '../../common/relay/connection.type';

@ObjectType({ description: 'How many resources of one type carry a tag.' })
export class ResourceTypeTagCount {
  @Field({ description: 'The resource type name, e.g. OS::Nova::Server.' })
  resourceType: string;

  @Field(() => Int, {
    description: 'Resources of that type carrying the tag (only those the caller can see).',
  })
  count: number;
}

@ObjectType({
  description:
    'A tag in use on resources, with counts: lets a UI offer existing tags (and their near-duplicates) before a user invents a new one.',
})
export class ResourceTagUsage {
  @Field({ description: 'The tag, exactly as stored (tags are case-sensitive).' })
  tag: string;

  @Field({
    description:
      'The tag in lower case: tags that differ only by case (BigData, bigdata) share it and are listed together.',
  })
  normalized: string;

  @Field(() => Int, { description: 'Resources carrying the tag (only those the caller can see).' })
  count: number;

  @Field(() => [ResourceTypeTagCount], { description: 'The count per resource type, by type name.' })
  resourceTypes: ResourceTypeTagCount[];

  @Field(() => [String], {
    description:
      'Every tag in use (this one included) with the same normalized form, e.g. ["BigData", "bigdata"].',
  })
  caseVariants: string[];
}

export const ResourceTagUsageConnection = ConnectionType('ResourceTagUsage', ResourceTagUsage);
export type ResourceTagUsageConnection = InstanceType<typeof ResourceTagUsageConnection>;
