import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, FieldResolver, Info, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../common/context';
import { ConnectionArgs } from '../../common/relay/page-args';
import { defineNodeType, numericKey } from '../../common/relay/node';
import {
  fieldsUnderAny,
  selectedFields,
  selectedNodeFields,
  type SelectionInfo,
} from '../../common/relay/selection';
import { UUIDScalar } from '../../common/scalars';
import { Trait } from '../traits/trait.entity';
import { PLACEMENT_READ_ACCESS, PLACEMENT_WRITE_ACCESS } from '../traits/trait.policy';
import { ResourceProviderConnection } from './resource-provider.connection';
import { ResourceProvider } from './resource-provider.entity';
import {
  CreateResourceProviderInput,
  ResourceProviderFilter,
  UpdateResourceProviderInput,
} from './resource-provider.inputs';
import { childrenByParentPk, resourceProviderByPk } from './resource-provider.loaders';
import { resourceProviderService } from './resource-provider.service';

const PROVIDER_UUID =
  "The provider's uuid; NOT_FOUND when there is none (null for the resourceProvider query).";

/**
 * When the provider's `traits` is among `fields` (what the operation selects on it): the Trait fields the
 * operation selects under any `traits`, for the service to read them with the provider (one statement).
 */
const traitsAsked = (
  info: SelectionInfo & Pick<GraphQLResolveInfo, 'operation'>,
  fields: ReadonlySet<string>,
): ReadonlySet<string> | undefined => (fields.has('traits') ? fieldsUnderAny(info, 'traits') : undefined);

export const resourceProviderNode = defineNodeType('ResourceProvider', (ctx, key, selection) => {
  const pk = numericKey(key);
  if (pk === null) return Promise.resolve(null);
  const traits = selection && traitsAsked(selection, selectedFields(selection));
  return resourceProviderService.getByPk(ctx, pk, traits);
});

@Resolver(() => ResourceProvider)
export class ResourceProviderResolver {
  @Query(() => ResourceProviderConnection, {
    description: `Resource providers, by name. ${PLACEMENT_READ_ACCESS} BAD_USER_INPUT for a trait name in the filter that is no trait.`,
  })
  async resourceProviders(
    @Ctx() ctx: Context,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => ResourceProviderFilter, {
      nullable: true,
      description: 'Which providers; null: all.',
    })
    filter: ResourceProviderFilter | undefined,
    @Info() info: GraphQLResolveInfo,
  ): Promise<ResourceProviderConnection> {
    const fields = selectedNodeFields(info);
    return ResourceProviderConnection.from(
      await resourceProviderService.list(ctx, { ...page, filter }, fields, traitsAsked(info, fields)),
    );
  }

  @Query(() => ResourceProvider, {
    nullable: true,
    description: `A provider by uuid; null if absent. ${PLACEMENT_READ_ACCESS}`,
  })
  resourceProvider(
    @Ctx() ctx: Context,
    @Arg('uuid', () => UUIDScalar, { description: PROVIDER_UUID }) uuid: string,
    @Info() info: GraphQLResolveInfo,
  ): Promise<ResourceProvider | null> {
    return resourceProviderService.getByUuid(ctx, uuid, traitsAsked(info, selectedFields(info)));
  }

  @FieldResolver(() => ResourceProvider, { nullable: true, description: 'null for a root.' })
  async parent(@Root() provider: ResourceProvider, @Ctx() ctx: Context): Promise<ResourceProvider | null> {
    return provider.parentId == null ? null : ctx.loaders.get(resourceProviderByPk).load(provider.parentId);
  }

  @FieldResolver(() => ResourceProvider, { description: 'The top of the tree (itself for a root).' })
  async root(@Root() provider: ResourceProvider, @Ctx() ctx: Context): Promise<ResourceProvider> {
    if (provider.rootId === provider.pk) return provider;
    return (await ctx.loaders.get(resourceProviderByPk).load(provider.rootId)) ?? provider;
  }

  @FieldResolver(() => [ResourceProvider], { description: 'Direct children, by name.' })
  children(@Root() provider: ResourceProvider, @Ctx() ctx: Context): Promise<ResourceProvider[]> {
    return ctx.loaders.get(childrenByParentPk).load(provider.pk);
  }

  @FieldResolver(() => [Trait], {
    description:
      'Its traits, by name. Open to everyone by default (placement:resource_providers:traits:list).',
  })
  traits(@Root() provider: ResourceProvider, @Ctx() ctx: Context): Promise<Trait[]> {
    return resourceProviderService.traitsOf(ctx, provider);
  }

  @Mutation(() => ResourceProvider, {
    description: `Creates a provider, a root or under a parent. CONFLICT when the name or uuid is taken; BAD_USER_INPUT for an unknown parentUuid. ${PLACEMENT_WRITE_ACCESS}`,
  })
  createResourceProvider(
    @Ctx() ctx: Context,
    @Arg('input', { description: 'The provider.' }) input: CreateResourceProviderInput,
  ): Promise<ResourceProvider> {
    return resourceProviderService.create(ctx, input);
  }

  @Mutation(() => ResourceProvider, {
    description: `Renames or re-parents a provider: BAD_USER_INPUT under itself or a descendant, CONFLICT when the new name is taken. ${PLACEMENT_WRITE_ACCESS}`,
  })
  updateResourceProvider(
    @Ctx() ctx: Context,
    @Arg('uuid', () => UUIDScalar, { description: PROVIDER_UUID }) uuid: string,
    @Arg('input', { description: 'The changes.' }) input: UpdateResourceProviderInput,
  ): Promise<ResourceProvider> {
    return resourceProviderService.update(ctx, uuid, input);
  }

  @Mutation(() => Boolean, {
    description: `Deletes a provider with its traits; returns true. CONFLICT while it has children. ${PLACEMENT_WRITE_ACCESS}`,
  })
  deleteResourceProvider(
    @Ctx() ctx: Context,
    @Arg('uuid', () => UUIDScalar, { description: PROVIDER_UUID }) uuid: string,
  ): Promise<boolean> {
    return resourceProviderService.delete(ctx, uuid);
  }

  @Mutation(() => ResourceProvider, {
    description: `Replaces all traits of a provider. CONFLICT (and no change) unless generation is current, checked before the names; a change of the set increments it by one, the same set again leaves it. BAD_USER_INPUT naming unknown traits. ${PLACEMENT_WRITE_ACCESS}`,
  })
  setResourceProviderTraits(
    @Ctx() ctx: Context,
    @Arg('uuid', () => UUIDScalar, { description: PROVIDER_UUID }) uuid: string,
    @Arg('traits', () => [String], {
      description: 'The trait names the provider should have, each existing.',
    })
    traits: string[],
    @Arg('generation', () => Int, {
      description: "The provider's generation as last read: CONFLICT when it has changed since.",
    })
    generation: number,
  ): Promise<ResourceProvider> {
    return resourceProviderService.setTraits(ctx, uuid, traits, generation);
  }

  @Mutation(() => ResourceProvider, {
    description: `Removes every trait of a provider (its generation increments if it had any). ${PLACEMENT_WRITE_ACCESS}`,
  })
  deleteResourceProviderTraits(
    @Ctx() ctx: Context,
    @Arg('uuid', () => UUIDScalar, { description: PROVIDER_UUID }) uuid: string,
  ): Promise<ResourceProvider> {
    return resourceProviderService.deleteTraits(ctx, uuid);
  }
}
