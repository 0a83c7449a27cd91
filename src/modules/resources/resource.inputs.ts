import { Field, InputType } from 'type-graphql';
import { JSONScalar, UUIDScalar } from '../../common/scalars';
import { RESOURCE_DOCS } from './resource.docs';
import { RESOURCE_LIMITS } from './resource.entity';
import { FILTER_TAGS_MAX } from './resource.rules';

@InputType({ description: 'A resource to register.' })
export class CreateResourceInput {
  @Field(() => UUIDScalar, {
    nullable: true,
    description: RESOURCE_DOCS.newUuid,
  })
  uuid?: string | null;

  @Field(() => String, {
    nullable: true,
    description: `Display name, at most ${RESOURCE_LIMITS.name} characters.`,
  })
  name?: string | null;

  @Field({
    description:
      'A resource type of the catalog, e.g. OS::Nova::Server. Admins register an unknown type; others get BAD_USER_INPUT.',
  })
  resourceType: string;

  @Field(() => String, {
    nullable: true,
    description: `Owning project, 1–${RESOURCE_LIMITS.projectId} characters; another project than the caller's: admins only (FORBIDDEN). Default: the caller's project.`,
  })
  projectId?: string | null;

  @Field(() => [String], {
    nullable: true,
    description: RESOURCE_DOCS.tags,
  })
  tags?: string[] | null;

  @Field(() => JSONScalar, {
    nullable: true,
    description: RESOURCE_DOCS.properties,
  })
  properties?: unknown;
}

@InputType({ description: 'Changes to a resource: fields left out stay as they are.' })
export class UpdateResourceInput {
  @Field(() => String, {
    nullable: true,
    description: `Display name, at most ${RESOURCE_LIMITS.name} characters; null clears it.`,
  })
  name?: string | null;

  @Field(() => JSONScalar, {
    nullable: true,
    description: `Replaces all properties (as setResourceProperties); {} removes them all, null is BAD_USER_INPUT. ${RESOURCE_DOCS.properties}`,
  })
  properties?: unknown;
}

@InputType({
  description: `Every condition given must hold (AND). Tag conditions follow Nova: contradictory ones simply match nothing. Each tag list holds at most ${FILTER_TAGS_MAX} tags (BAD_USER_INPUT).`,
})
export class ResourceFilter {
  @Field(() => String, { nullable: true, description: 'Resources of this type.' })
  resourceType?: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Resources of this project (non-admins only ever see their own project's).",
  })
  projectId?: string | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Has all of these tags. An empty list: every resource (each has all of none).',
  })
  tags?: string[] | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Has at least one of these tags. An empty list: no resource.',
  })
  tagsAny?: string[] | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Has none of these tags. An empty list: every resource.',
  })
  notTags?: string[] | null;

  @Field(() => [String], {
    nullable: true,
    description:
      'Lacks at least one of these tags (does not have all of them). An empty list: no resource (none lacks one of none).',
  })
  notTagsAny?: string[] | null;
}

@InputType({
  description: 'Which tags to list, and which resources count; conditions given combine with AND.',
})
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
