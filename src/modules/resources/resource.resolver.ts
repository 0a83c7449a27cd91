import { Arg, Args, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../common/context';
import { ConnectionArgs, ForwardPageArgs } from '../../common/relay/page-args';
import { defineNodeType, numericKey } from '../../common/relay/node';
import { JSONScalar, UUIDScalar } from '../../common/scalars';
import { AddTagPayload, ResourceConnection } from './resource.connection';
import { TAGS_PER_RESOURCE } from './resource-tag.entity';
import { RESOURCE_DOCS } from './resource.docs';
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
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => ResourceFilter, {
      nullable: true,
      description: 'Which resources; null: all visible.',
    })
    filter?: ResourceFilter,
  ): Promise<ResourceConnection> {
    return ResourceConnection.from(await resourceService.list(ctx, { ...page, filter }));
  }

  @Query(() => Resource, {
    nullable: true,
    description: 'A resource by uuid; null if absent or not visible.',
  })
  resource(
    @Ctx() ctx: Context,
    @Arg('uuid', () => UUIDScalar, { description: RESOURCE_DOCS.uuid }) uuid: string,
  ): Promise<Resource | null> {
    return resourceService.getByUuid(ctx, uuid);
  }

  @Query(() => Boolean, {
    description:
      'Whether the resource carries this exact tag (case-sensitive); NOT_FOUND if the resource is not visible.',
  })
  resourceHasTag(
    @Ctx() ctx: Context,
    @Arg('uuid', () => UUIDScalar, { description: RESOURCE_DOCS.uuid }) uuid: string,
    @Arg('tag', { description: 'The tag, compared exactly.' }) tag: string,
  ): Promise<boolean> {
    return resourceService.hasTag(ctx, uuid, tag);
  }

  @Query(() => ResourceTagUsageConnection, {
    description:
      "The tag catalog view: tags in use on resources of every type, with counts overall and per resource type, ordered by their lower-case form so that near-duplicates (BigData, bigdata) are listed together. Counts respect visibility: non-admins count (and see) only their own project's resources; admins count every project's, or one with filter.projectId. startsWith and search ignore case and match literally (no wildcards).",
  })
  async resourceTagUsage(
    @Ctx() ctx: Context,
    @Args(() => ForwardPageArgs) page: ForwardPageArgs,
    @Arg('filter', () => ResourceTagUsageFilter, {
      nullable: true,
      description: 'Which tags and which resources count; null: every tag in use on visible resources.',
    })
    filter?: ResourceTagUsageFilter,
  ): Promise<ResourceTagUsageConnection> {
    return ResourceTagUsageConnection.from(await tagUsageService.list(ctx, { ...page, filter }));
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
      "Registers a resource with its tags and properties. The type must be in the catalog (admins register an unknown one); projectId other than the caller's: admins only (FORBIDDEN). CONFLICT when a resource the caller can see has the uuid; BAD_USER_INPUT (input.uuid) when the uuid cannot be used, another project's resource having it included (see CreateResourceInput.uuid).",
  })
  createResource(
    @Ctx() ctx: Context,
    @Arg('input', { description: 'The resource.' }) input: CreateResourceInput,
  ): Promise<Resource> {
    return resourceService.create(ctx, input);
  }

  @Mutation(() => Resource, {
    description:
      'Changes the name and/or replaces the properties of a resource the caller can see (NOT_FOUND otherwise).',
  })
  updateResource(
    @Ctx() ctx: Context,
    @Arg('uuid', () => UUIDScalar, { description: RESOURCE_DOCS.uuid }) uuid: string,
    @Arg('input', { description: 'The changes.' }) input: UpdateResourceInput,
  ): Promise<Resource> {
    return resourceService.update(ctx, uuid, input);
  }

  @Mutation(() => Boolean, {
    description: 'Deletes a resource with its tags and properties; returns true. NOT_FOUND when not visible.',
  })
  deleteResource(
    @Ctx() ctx: Context,
    @Arg('uuid', () => UUIDScalar, { description: RESOURCE_DOCS.uuid }) uuid: string,
  ): Promise<boolean> {
    return resourceService.delete(ctx, uuid);
  }

  @Mutation(() => Resource, {
    description: 'Replaces every property of the resource ({} removes them all). NOT_FOUND when not visible.',
  })
  setResourceProperties(
    @Ctx() ctx: Context,
    @Arg('uuid', () => UUIDScalar, { description: RESOURCE_DOCS.uuid }) uuid: string,
    @Arg('properties', () => JSONScalar, { description: RESOURCE_DOCS.properties }) properties: unknown,
  ): Promise<Resource> {
    return resourceService.setProperties(ctx, uuid, properties);
  }

  @Mutation(() => [String], {
    description: `Replaces all tags of the resource; returns the tags now set, in byte order. NOT_FOUND when not visible.`,
  })
  setResourceTags(
    @Ctx() ctx: Context,
    @Arg('uuid', () => UUIDScalar, { description: RESOURCE_DOCS.uuid }) uuid: string,
    @Arg('tags', () => [String], { description: RESOURCE_DOCS.tags }) tags: string[],
  ): Promise<string[]> {
    return resourceService.setTags(ctx, uuid, tags);
  }

  @Mutation(() => AddTagPayload, {
    description: `Adds one tag; created is false if it was already there. BAD_USER_INPUT past ${TAGS_PER_RESOURCE} tags; NOT_FOUND when the resource is not visible.`,
  })
  addResourceTag(
    @Ctx() ctx: Context,
    @Arg('uuid', () => UUIDScalar, { description: RESOURCE_DOCS.uuid }) uuid: string,
    @Arg('tag', { description: RESOURCE_DOCS.tag }) tag: string,
  ): Promise<AddTagPayload> {
    return resourceService.addTag(ctx, uuid, tag);
  }

  @Mutation(() => [String], {
    description:
      'Removes one tag; returns the tags left. NOT_FOUND if the resource does not carry it or is not visible.',
  })
  removeResourceTag(
    @Ctx() ctx: Context,
    @Arg('uuid', () => UUIDScalar, { description: RESOURCE_DOCS.uuid }) uuid: string,
    @Arg('tag', { description: RESOURCE_DOCS.tag }) tag: string,
  ): Promise<string[]> {
    return resourceService.removeTag(ctx, uuid, tag);
  }

  @Mutation(() => Boolean, {
    description: 'Removes every tag of the resource; returns true. NOT_FOUND when not visible.',
  })
  removeAllResourceTags(
    @Ctx() ctx: Context,
    @Arg('uuid', () => UUIDScalar, { description: RESOURCE_DOCS.uuid }) uuid: string,
  ): Promise<boolean> {
    return resourceService.removeAllTags(ctx, uuid);
  }
}
