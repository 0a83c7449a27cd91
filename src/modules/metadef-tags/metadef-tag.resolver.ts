import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Context } from '../../common/context';
import { Namespace } from '../namespaces/namespace.entity';
import { MetadefTag } from './metadef-tag.entity';
import { tagByPk, tagChildrenByPk, tagsByNamespacePk } from './metadef-tag.loaders';

@Resolver(() => Namespace)
export class NamespaceTagsResolver {
  @FieldResolver(() => [MetadefTag])
  tags(@Root() namespace: Namespace, @Ctx() ctx: Context): Promise<MetadefTag[]> {
    return ctx.loaders.get(tagsByNamespacePk).load(namespace.pk);
  }
}

@Resolver(() => MetadefTag)
export class MetadefTagResolver {
  @FieldResolver(() => MetadefTag, { nullable: true })
  parent(@Root() tag: MetadefTag, @Ctx() ctx: Context): Promise<MetadefTag | null> | null {
    return tag.parentId == null ? null : ctx.loaders.get(tagByPk).load(tag.parentId);
  }

  @FieldResolver(() => [MetadefTag], { description: 'Direct children, by name.' })
  children(@Root() tag: MetadefTag, @Ctx() ctx: Context): Promise<MetadefTag[]> {
    return ctx.loaders.get(tagChildrenByPk).load(tag.pk);
  }
}
