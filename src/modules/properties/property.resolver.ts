import { Arg, Ctx, FieldResolver, Int, Mutation, Resolver, Root } from 'type-graphql';
import type { Context } from '../../common/context';
import { defineNodeType } from '../../common/relay/node';
import { DELETE_ACCESS, NAMESPACE_ARG, WRITE_ACCESS } from '../namespaces/namespace.docs';
import { Namespace } from '../namespaces/namespace.entity';
import { visibleNamespaceByPk } from '../namespaces/namespace.loaders';
import { namespaceService } from '../namespaces/namespace.service';
import { inView } from '../namespaces/resource-type-view';
import { MetadefObject } from './object.entity';
import { PropertyDefinition } from './property.entity';
import { PropertyDefinitionInput } from './property.inputs';
import { propertiesByNamespacePk, propertiesByObjectPk } from './property.loaders';
import { propertyService } from './property.service';

export const propertyDefinitionNode = defineNodeType('PropertyDefinition', (ctx, key) =>
  namespaceService.nodeInView(
    ctx,
    key,
    (pk) => ctx.db.getRepository(PropertyDefinition).findOneBy({ pk }),
    (property) => property.namespaceId,
  ),
);

@Resolver(() => PropertyDefinition)
export class PropertyDefinitionNamespaceResolver {
  @FieldResolver(() => Namespace, {
    description: 'The namespace the definition belongs to (in the same resource type view, if any).',
  })
  async namespace(@Root() property: PropertyDefinition, @Ctx() ctx: Context): Promise<Namespace> {
    // The definition was visible, so is its namespace.
    const namespace = await ctx.loaders.get(visibleNamespaceByPk).load(property.namespaceId);
    return inView(namespace!, property.view);
  }
}

@Resolver(() => Namespace)
export class NamespacePropertiesResolver {
  @FieldResolver(() => [PropertyDefinition], {
    description:
      'Properties of the namespace itself (not of its objects), by name (in the resource type view, if any).',
  })
  async properties(@Root() namespace: Namespace, @Ctx() ctx: Context): Promise<PropertyDefinition[]> {
    const rows = await ctx.loaders.get(propertiesByNamespacePk).load(namespace.pk);
    return rows.map((row) => inView(row, namespace.view));
  }
}

@Resolver(() => MetadefObject)
export class ObjectPropertiesResolver {
  @FieldResolver(() => [PropertyDefinition], {
    description: "The object's properties, by name (in the resource type view, if any).",
  })
  async properties(@Root() object: MetadefObject, @Ctx() ctx: Context): Promise<PropertyDefinition[]> {
    const rows = await ctx.loaders.get(propertiesByObjectPk).load(object.pk);
    return rows.map((row) => inView(row, object.view));
  }
}

@Resolver(() => PropertyDefinition)
export class PropertyMutationResolver {
  @Mutation(() => PropertyDefinition, {
    description: `Adds a property to a namespace itself (CONFLICT if the name is taken). ${WRITE_ACCESS}`,
  })
  createProperty(
    @Ctx() ctx: Context,
    @Arg('namespace', { description: NAMESPACE_ARG }) namespace: string,
    @Arg('input', { description: 'The property.' }) input: PropertyDefinitionInput,
  ): Promise<PropertyDefinition> {
    return propertyService.create(ctx, namespace, input);
  }

  @Mutation(() => PropertyDefinition, {
    description: `Replaces a namespace-level property definition; input.name may rename it (CONFLICT if taken). NOT_FOUND when there is no such property. ${WRITE_ACCESS}`,
  })
  updateProperty(
    @Ctx() ctx: Context,
    @Arg('namespace', { description: NAMESPACE_ARG }) namespace: string,
    @Arg('name', { description: 'The current name of the property (stored, without prefix).' }) name: string,
    @Arg('input', { description: 'The whole definition as it should be.' }) input: PropertyDefinitionInput,
  ): Promise<PropertyDefinition> {
    return propertyService.update(ctx, namespace, name, input);
  }

  @Mutation(() => Boolean, {
    description: `Deletes a namespace-level property; returns true. NOT_FOUND when there is no such property. ${DELETE_ACCESS}`,
  })
  deleteProperty(
    @Ctx() ctx: Context,
    @Arg('namespace', { description: NAMESPACE_ARG }) namespace: string,
    @Arg('name', { description: 'The name of the property (stored, without prefix).' }) name: string,
  ): Promise<boolean> {
    return propertyService.delete(ctx, namespace, name);
  }

  @Mutation(() => Int, {
    description: `Deletes the namespace-level properties (not those of objects); returns how many. ${DELETE_ACCESS}`,
  })
  deleteAllProperties(
    @Ctx() ctx: Context,
    @Arg('namespace', { description: NAMESPACE_ARG }) namespace: string,
  ): Promise<number> {
    return propertyService.deleteAll(ctx, namespace);
  }
}
