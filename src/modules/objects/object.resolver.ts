import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Context } from '../../common/context';
import { Namespace } from '../namespaces/namespace.entity';
import { MetadefObject } from './object.entity';
import { objectsByNamespacePk } from './object.loaders';

@Resolver(() => Namespace)
export class NamespaceObjectsResolver {
  @FieldResolver(() => [MetadefObject])
  async objects(@Root() namespace: Namespace, @Ctx() ctx: Context): Promise<MetadefObject[]> {
    const rows = await ctx.loaders.get(objectsByNamespacePk).load(namespace.pk);
    return rows.map((row) => row.withPrefix(namespace.appliedPrefix));
  }
}
