import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../common/context';
import { defineNodeType, numericKey } from '../../common/relay/node';
import { JSONScalar, UUIDScalar } from '../../common/scalars';
import { AddTagPayload, ResourceConnection } from './resource.connection';
import { Resource } from './resource.entity';
import {
  CreateResourceInput,
  ResourceFilter,
  ResourceTagUsageFilter,
  UpdateResourceInput,
} from './resource.inputs';
import { propertiesByResourcePk, tagsByResourcePk, visibleResourceByPk } from './resource.loaders';
import type { PropertyValue } from './resource-property.entity';
import { resourceService } from './resource.service';
import { tagUsageService } from './tag-usage.service';
import { ResourceTagUsageConnection } from './tag-usage.type';

export const resourceNode = defineNodeType('Resource', (ctx, key) => {
  const pk = numericKey(key);
  return pk === null ? Promise.resolve(null) : ctx.loaders.get(visibleResourceByPk).load(pk);
});

@Resolver(() => Resource)
export class ResourceResolver {
  @Query(() => ResourceConnection, {
    description:
      "Resources the caller can see (their project's; every project's for admins), oldest first, filtered by type, project and tags (Nova semantics).",
  })
  async resources(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('last', () => Int, { nullable: true }) last?: number,
    @Arg('before', () => String, { nullable: true }) before?: string,
    @Arg('filter', () => ResourceFilter, { nullable: true }) filter?: ResourceFilter,
  ): Promise<ResourceConnection> {
    return ResourceConnection.from(await resourceService.list(ctx, { first, after, last, before, filter }));
  }

  @Query(() => Resource, {
    nullable: true,
    description: 'A resource by uuid; null if absent or not visible.',
  })
  resource(@Ctx() ctx: Context, @Arg('uuid', () => UUIDScalar) uuid: string): Promise<Resource | null> {
    return resourceService.getByUuid(ctx, uuid);
  }

  @Query(() => Boolean, {
    description:
      'Whether the resource carries this exact tag (case-sensitive); NOT_FOUND if the resource is not visible.',
  })
  resourceHasTag(
    @Ctx() ctx: Context,
    @Arg('uuid', () => UUIDScalar) uuid: string,
    @Arg('tag') tag: string,
  ): Promise<boolean> {
    return resourceService.hasTag(ctx, uuid, tag);
  }

  @Query(() => ResourceTagUsageConnection, {
    description:
      "The tag catalog view: tags in use on resources of every type, with counts overall and per resource type, ordered by their lower-case form so that near-duplicates (BigData, bigdata) are listed together. Counts respect visibility: non-admins count (and see) only their own project's resources; admins count every project's, or one with filter.projectId. startsWith and search ignore case and match literally (no wildcards).",
  })
  async resourceTagUsage(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('filter', () => ResourceTagUsageFilter, { nullable: true }) filter?: ResourceTagUsageFilter,
  ): Promise<ResourceTagUsageConnection> {
    return ResourceTagUsageConnection.from(await tagUsageService.list(ctx, { first, after, filter }));
  }

  @FieldResolver(() => [String], { description: 'Tags, in byte order.' })
  tags(@Root() resource: Resource, @Ctx() ctx: Context): Promise<string[]> {
    return ctx.loaders.get(tagsByResourcePk).load(resource.pk);
  }

  @FieldResolver(() => JSONScalar, {
    description:
      "Key/value properties (JSON scalars). Whoever sees the resource sees all of them: a key's privacy only keeps it out of discovery.",
  })
  properties(@Root() resource: Resource, @Ctx() ctx: Context): Promise<Record<string, PropertyValue>> {
    return ctx.loaders.get(propertiesByResourcePk).load(resource.pk);
  }

  @Mutation(() => Resource, {
    description:
      "Registers a resource. The type must be in the catalog (admins register an unknown one); projectId other than the caller's: admins only.",
  })
  createResource(@Ctx() ctx: Context, @Arg('input') input: CreateResourceInput): Promise<Resource> {
    return resourceService.create(ctx, input);
  }

  @Mutation(() => Resource, { description: 'Changes the name and/or replaces the properties.' })
  updateResource(
    @Ctx() ctx: Context,
    @Arg('uuid', () => UUIDScalar) uuid: string,
    @Arg('input') input: UpdateResourceInput,
  ): Promise<Resource> {
    return resourceService.update(ctx, uuid, input);
  }

  @Mutation(() => Boolean, { description: 'Deletes a resource with its tags and properties.' })
  deleteResource(@Ctx() ctx: Context, @Arg('uuid', () => UUIDScalar) uuid: string): Promise<boolean> {
    return resourceService.delete(ctx, uuid);
  }

  @Mutation(() => Resource, { description: 'Replaces every property of the resource.' })
  setResourceProperties(
    @Ctx() ctx: Context,
    @Arg('uuid', () => UUIDScalar) uuid: string,
    @Arg('properties', () => JSONScalar) properties: unknown,
  ): Promise<Resource> {
    return resourceService.setProperties(ctx, uuid, properties);
  }

  @Mutation(() => [String], {
    description: 'Replaces all tags (duplicates count once; at most 50); returns the tags now set.',
  })
  setResourceTags(
    @Ctx() ctx: Context,
    @Arg('uuid', () => UUIDScalar) uuid: string,
    @Arg('tags', () => [String]) tags: string[],
  ): Promise<string[]> {
    return resourceService.setTags(ctx, uuid, tags);
  }

  @Mutation(() => AddTagPayload, {
    description: 'Adds one tag; created is false if it was already there. BAD_USER_INPUT past 50 tags.',
  })
  addResourceTag(
    @Ctx() ctx: Context,
    @Arg('uuid', () => UUIDScalar) uuid: string,
    @Arg('tag') tag: string,
  ): Promise<AddTagPayload> {
    return resourceService.addTag(ctx, uuid, tag);
  }

  @Mutation(() => [String], { description: 'Removes one tag; NOT_FOUND if the resource does not carry it.' })
  removeResourceTag(
    @Ctx() ctx: Context,
    @Arg('uuid', () => UUIDScalar) uuid: string,
    @Arg('tag') tag: string,
  ): Promise<string[]> {
    return resourceService.removeTag(ctx, uuid, tag);
  }

  @Mutation(() => Boolean, { description: 'Removes every tag of the resource.' })
  removeAllResourceTags(@Ctx() ctx: Context, @Arg('uuid', () => UUIDScalar) uuid: string): Promise<boolean> {
    return resourceService.removeAllTags(ctx, uuid);
  }
}
