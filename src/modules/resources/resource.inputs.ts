import { Field, InputType } from 'type-graphql';
import { JSONScalar, UUIDScalar } from '../../common/scalars';

@InputType({ description: 'A resource to register.' })
export class CreateResourceInput {
  @Field(() => UUIDScalar, { nullable: true, description: 'Default: a new random uuid.' })
  uuid?: string | null;

  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field({
    description:
      'A resource type of the catalog, e.g. OS::Nova::Server. Admins register an unknown type; others get BAD_USER_INPUT.',
  })
  resourceType: string;

  @Field(() => String, {
    nullable: true,
    description:
      "Owning project; another project than the caller's: admins only. Default: the caller's project.",
  })
  projectId?: string | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Tags: case-sensitive, 1–60 characters, no "/" or ",", at most 50 (duplicates count once).',
  })
  tags?: string[] | null;

  @Field(() => JSONScalar, {
    nullable: true,
    description:
      'Key/value properties: a JSON object whose values are strings, numbers or booleans; keys 1–255 characters.',
  })
  properties?: unknown;
}

@InputType({ description: 'Fields left out stay as they are.' })
export class UpdateResourceInput {
  @Field(() => String, { nullable: true, description: 'null clears it.' })
  name?: string | null;

  @Field(() => JSONScalar, {
    nullable: true,
    description: 'Replaces all properties (as setResourceProperties); {} removes them all.',
  })
  properties?: unknown;
}

@InputType({
  description:
    'Every condition given must hold (AND). Tag conditions follow Nova: contradictory ones simply match nothing.',
})
export class ResourceFilter {
  @Field(() => String, { nullable: true, description: 'Resources of this type.' })
  resourceType?: string | null;

  @Field(() => String, { nullable: true, description: 'Resources of this project.' })
  projectId?: string | null;

  @Field(() => [String], { nullable: true, description: 'Has all of these tags.' })
  tags?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Has at least one of these tags.' })
  tagsAny?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Has none of these tags.' })
  notTags?: string[] | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Lacks at least one of these tags (does not have all of them).',
  })
  notTagsAny?: string[] | null;
}

@InputType()
export class ResourceTagUsageFilter {
  @Field(() => String, { nullable: true, description: 'Only tags on resources of this type.' })
  resourceType?: string | null;

  @Field(() => String, { nullable: true, description: 'Tags beginning with this text, ignoring case.' })
  startsWith?: string | null;

  @Field(() => String, { nullable: true, description: 'Tags containing this text, ignoring case.' })
  search?: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Only tags on this project's resources (non-admins only ever count their own project).",
  })
  projectId?: string | null;
}
