import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Context } from '../../common/context';
import { Namespace } from '../namespaces/namespace.entity';
import { MetadefObject } from '../objects/object.entity';
import { PropertyDefinition } from './property.entity';
import { propertiesByNamespacePk, propertiesByObjectPk } from './property.loaders';

@Resolver(() => Namespace)
export class NamespacePropertiesResolver {
  @FieldResolver(() => [PropertyDefinition], {
    description: 'Properties of the namespace itself (not of its objects).',
  })
  async properties(@Root() namespace: Namespace, @Ctx() ctx: Context): Promise<PropertyDefinition[]> {
    const rows = await ctx.loaders.get(propertiesByNamespacePk).load(namespace.pk);
    return rows.map((row) => row.withPrefix(namespace.appliedPrefix));
  }
}

@Resolver(() => MetadefObject)
export class ObjectPropertiesResolver {
  @FieldResolver(() => [PropertyDefinition])
  async properties(@Root() object: MetadefObject, @Ctx() ctx: Context): Promise<PropertyDefinition[]> {
    const rows = await ctx.loaders.get(propertiesByObjectPk).load(object.pk);
    return rows.map((row) => row.withPrefix(object.prefix));
  }
}
