import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../common/context';
import { defineNodeType, numericKey } from '../../common/relay/node';
import { NamespaceConnection } from '../namespaces/namespace.connection';
import { namespaceService } from '../namespaces/namespace.service';
import { ResourceType } from './resource-type.entity';
import { resourceTypeService } from './resource-type.service';

export const resourceTypeNode = defineNodeType('ResourceType', (ctx, key) => {
  const pk = numericKey(key);
  return pk === null ? Promise.resolve(null) : resourceTypeService.getByPk(ctx, pk);
});

@Resolver(() => ResourceType)
export class ResourceTypeResolver {
  @Query(() => [ResourceType], { description: 'Every resource type, by name.' })
  resourceTypes(@Ctx() ctx: Context): Promise<ResourceType[]> {
    return resourceTypeService.list(ctx);
  }

  @FieldResolver(() => NamespaceConnection, {
    description: 'Visible namespaces associated with this resource type.',
  })
  async namespaces(
    @Root() resourceType: ResourceType,
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('last', () => Int, { nullable: true }) last?: number,
    @Arg('before', () => String, { nullable: true }) before?: string,
  ): Promise<NamespaceConnection> {
    return NamespaceConnection.from(
      await namespaceService.listForResourceType(ctx, resourceType, { first, after, last, before }),
    );
  }
}
