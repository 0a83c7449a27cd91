import { Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../common/context';
import { defineNodeType, numericKey } from '../../common/relay/node';
import { ResourceType } from './resource-type.entity';
import { resourceTypeService } from './resource-type.service';

export const resourceTypeNode = defineNodeType('ResourceType', (ctx, key) => {
  const pk = numericKey(key);
  return pk === null ? Promise.resolve(null) : resourceTypeService.getVisibleByPk(ctx, pk);
});

@Resolver(() => ResourceType)
export class ResourceTypeResolver {
  @Query(() => [ResourceType], {
    description:
      "The resource types the caller may see, by name: admins every one; anyone else the protected (seeded) ones, those associated with a namespace they can see, and those of their project's resources.",
  })
  resourceTypes(@Ctx() ctx: Context): Promise<ResourceType[]> {
    return resourceTypeService.list(ctx);
  }
}
