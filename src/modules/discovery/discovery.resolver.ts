import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../common/context';
import { defineNodeType, numericKey } from '../../common/relay/node';
import { JSONScalar } from '../../common/scalars';
import type { PropertyValue } from '../resources/resource-property.entity';
import { PropertyDefinition } from '../properties/property.entity';
import { definitionKey, definitionsByResourceTypeKey } from '../properties/property.loaders';
import { DiscoveredProperty } from '../resources/discovered-property.entity';
import { valuesByDiscoveredPropertyPk } from './discovery.loaders';
import { discoveryService } from './discovery.service';

const RESOURCE_TYPE_ARG = 'A resource type name, e.g. OS::Nova::Server; NOT_FOUND when unknown.';

export const discoveredPropertyNode = defineNodeType('DiscoveredProperty', (ctx, key) => {
  const pk = numericKey(key);
  return pk === null ? Promise.resolve(null) : discoveryService.getByPk(ctx, pk);
});

@Resolver(() => DiscoveredProperty)
export class DiscoveryResolver {
  @Query(() => [DiscoveredProperty], {
    description:
      'The property keys resources of a type carry, by name. Admin-only unless DISCOVERY_ALLOW_ALL_USERS=true (FORBIDDEN otherwise). Public keys only, unless includePrivate (admins only: FORBIDDEN for others). NOT_FOUND for an unknown resource type.',
  })
  resourceProperties(
    @Ctx() ctx: Context,
    @Arg('resourceType', { description: RESOURCE_TYPE_ARG }) resourceType: string,
    @Arg('includePrivate', () => Boolean, {
      nullable: true,
      defaultValue: false,
      description: 'true: private keys too (admins only: FORBIDDEN for others).',
    })
    includePrivate: boolean | null,
  ): Promise<DiscoveredProperty[]> {
    return discoveryService.list(ctx, resourceType, includePrivate ?? false);
  }

  @Query(() => DiscoveredProperty, {
    description:
      'One property key of a resource type with its values. FORBIDDEN if private and the caller is not an admin, or if discovery is closed to the caller; NOT_FOUND for an unknown type or key.',
  })
  resourceProperty(
    @Ctx() ctx: Context,
    @Arg('resourceType', { description: RESOURCE_TYPE_ARG }) resourceType: string,
    @Arg('name', { description: 'The property key, exactly as resources carry it.' }) name: string,
  ): Promise<DiscoveredProperty> {
    return discoveryService.get(ctx, resourceType, name);
  }

  @FieldResolver(() => [JSONScalar], {
    description:
      "Distinct values seen on resources of the type, from every project's resources (privacy is per key, as Blazar).",
  })
  values(@Root() property: DiscoveredProperty, @Ctx() ctx: Context): Promise<PropertyValue[]> {
    return ctx.loaders.get(valuesByDiscoveredPropertyPk).load(property.pk);
  }

  @FieldResolver(() => PropertyDefinition, {
    nullable: true,
    description:
      "The catalog's definition of this key for the resource type (its association prefix applied), from the namespaces visible to the caller; null when none defines it. Where several do, the first by namespace name.",
  })
  async definition(
    @Root() property: DiscoveredProperty,
    @Ctx() ctx: Context,
  ): Promise<PropertyDefinition | null> {
    const definitions = await ctx.loaders
      .get(definitionsByResourceTypeKey)
      .load(definitionKey(property.resourceTypeId, property.name));
    return definitions[0] ?? null;
  }

  @Mutation(() => DiscoveredProperty, {
    description:
      'Marks a property key private or public (admins only: FORBIDDEN otherwise). NOT_FOUND for an unknown type or key.',
  })
  updateResourceProperty(
    @Ctx() ctx: Context,
    @Arg('resourceType', { description: RESOURCE_TYPE_ARG }) resourceType: string,
    @Arg('name', { description: 'The property key, exactly as resources carry it.' }) name: string,
    @Arg('private', {
      description: 'true: only admins see the key in discovery; false: everyone allowed to discover.',
    })
    isPrivate: boolean,
  ): Promise<DiscoveredProperty> {
    return discoveryService.update(ctx, resourceType, name, isPrivate);
  }
}
