import { Arg, Ctx, FieldResolver, Int, Mutation, Resolver, Root } from 'type-graphql';
import type { Context } from '../../common/context';
import { defineNodeType } from '../../common/relay/node';
import { Namespace } from '../namespaces/namespace.entity';
import { namespaceService } from '../namespaces/namespace.service';
import { inView } from '../namespaces/resource-type-view';
import { MetadefObject } from './object.entity';
import { MetadefObjectInput } from './object.inputs';
import { objectByPk, objectsByNamespacePk } from './object.loaders';
import { objectService } from './object.service';

export const metadefObjectNode = defineNodeType('MetadefObject', (ctx, key) =>
  namespaceService.nodeInView(
    ctx,
    key,
    (pk) => ctx.loaders.get(objectByPk).load(pk),
    (object) => object.namespaceId,
  ),
);

@Resolver(() => Namespace)
export class NamespaceObjectsResolver {
  @FieldResolver(() => [MetadefObject])
  async objects(@Root() namespace: Namespace, @Ctx() ctx: Context): Promise<MetadefObject[]> {
    const rows = await ctx.loaders.get(objectsByNamespacePk).load(namespace.pk);
    return rows.map((row) => inView(row, namespace.view));
  }
}

@Resolver(() => MetadefObject)
export class ObjectMutationResolver {
  @Mutation(() => MetadefObject, {
    description: 'Adds an object with its properties (CONFLICT if the name is taken).',
  })
  createObject(
    @Ctx() ctx: Context,
    @Arg('namespace') namespace: string,
    @Arg('input') input: MetadefObjectInput,
  ): Promise<MetadefObject> {
    return objectService.create(ctx, namespace, input);
  }

  @Mutation(() => MetadefObject, {
    description: 'Replaces an object and all its properties; input.name may rename it (CONFLICT if taken).',
  })
  updateObject(
    @Ctx() ctx: Context,
    @Arg('namespace') namespace: string,
    @Arg('name') name: string,
    @Arg('input') input: MetadefObjectInput,
  ): Promise<MetadefObject> {
    return objectService.update(ctx, namespace, name, input);
  }

  @Mutation(() => Boolean, { description: 'FORBIDDEN while the namespace is protected.' })
  deleteObject(
    @Ctx() ctx: Context,
    @Arg('namespace') namespace: string,
    @Arg('name') name: string,
  ): Promise<boolean> {
    return objectService.delete(ctx, namespace, name);
  }

  @Mutation(() => Int, {
    description: 'Deletes every object of the namespace; returns how many. FORBIDDEN while protected.',
  })
  deleteAllObjects(@Ctx() ctx: Context, @Arg('namespace') namespace: string): Promise<number> {
    return objectService.deleteAll(ctx, namespace);
  }
}
