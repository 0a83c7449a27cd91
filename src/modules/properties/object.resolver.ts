import { Arg, Ctx, FieldResolver, Int, Mutation, Resolver, Root } from 'type-graphql';
import type { Context } from '../../common/context';
import { defineNodeType } from '../../common/relay/node';
import { DELETE_ACCESS, NAMESPACE_ARG, WRITE_ACCESS } from '../namespaces/namespace.docs';
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
  @FieldResolver(() => [MetadefObject], {
    description: "The namespace's objects, by name (in the namespace's resource type view, if any).",
  })
  async objects(@Root() namespace: Namespace, @Ctx() ctx: Context): Promise<MetadefObject[]> {
    const rows = await ctx.loaders.get(objectsByNamespacePk).load(namespace.pk);
    return rows.map((row) => inView(row, namespace.view));
  }
}

@Resolver(() => MetadefObject)
export class ObjectMutationResolver {
  @Mutation(() => MetadefObject, {
    description: `Adds an object with its properties to a namespace (CONFLICT if the name is taken). ${WRITE_ACCESS}`,
  })
  createObject(
    @Ctx() ctx: Context,
    @Arg('namespace', { description: NAMESPACE_ARG }) namespace: string,
    @Arg('input', { description: 'The object.' }) input: MetadefObjectInput,
  ): Promise<MetadefObject> {
    return objectService.create(ctx, namespace, input);
  }

  @Mutation(() => MetadefObject, {
    description: `Replaces an object and all its properties; input.name may rename it (CONFLICT if taken). NOT_FOUND when there is no such object. ${WRITE_ACCESS}`,
  })
  updateObject(
    @Ctx() ctx: Context,
    @Arg('namespace', { description: NAMESPACE_ARG }) namespace: string,
    @Arg('name', { description: 'The current name of the object.' }) name: string,
    @Arg('input', { description: 'The whole object as it should be.' }) input: MetadefObjectInput,
  ): Promise<MetadefObject> {
    return objectService.update(ctx, namespace, name, input);
  }

  @Mutation(() => Boolean, {
    description: `Deletes an object with its properties; returns true. NOT_FOUND when there is no such object. ${DELETE_ACCESS}`,
  })
  deleteObject(
    @Ctx() ctx: Context,
    @Arg('namespace', { description: NAMESPACE_ARG }) namespace: string,
    @Arg('name', { description: 'The name of the object.' }) name: string,
  ): Promise<boolean> {
    return objectService.delete(ctx, namespace, name);
  }

  @Mutation(() => Int, {
    description: `Deletes every object of the namespace, with their properties; returns how many objects. ${DELETE_ACCESS}`,
  })
  deleteAllObjects(
    @Ctx() ctx: Context,
    @Arg('namespace', { description: NAMESPACE_ARG }) namespace: string,
  ): Promise<number> {
    return objectService.deleteAll(ctx, namespace);
  }
}
