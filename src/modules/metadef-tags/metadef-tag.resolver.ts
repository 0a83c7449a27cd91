import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../common/context';
import { defineNodeType, numericKey } from '../../common/relay/node';
import { Namespace } from '../namespaces/namespace.entity';
import { visibleNamespaceByPk } from '../namespaces/namespace.loaders';
import { MetadefTag } from './metadef-tag.entity';
import { tagByPk, tagChildrenByPk, tagDescendantsByPk, tagsByNamespacePk } from './metadef-tag.loaders';
import { metadefTagService } from './metadef-tag.service';

export const metadefTagNode = defineNodeType('MetadefTag', async (ctx, key) => {
  const pk = numericKey(key);
  if (pk === null) return null;
  const tag = await ctx.loaders.get(tagByPk).load(pk);
  if (!tag) return null;
  return (await ctx.loaders.get(visibleNamespaceByPk).load(tag.namespaceId)) ? tag : null;
});

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

  @FieldResolver(() => [MetadefTag], {
    description: 'Children, grandchildren and so on (one recursive query), nearest first, then by name.',
  })
  descendants(@Root() tag: MetadefTag, @Ctx() ctx: Context): Promise<MetadefTag[]> {
    return ctx.loaders.get(tagDescendantsByPk).load(tag.pk);
  }

  @Query(() => MetadefTag, {
    nullable: true,
    description: 'A tag by name (case-insensitive) in a visible namespace; null if absent or not visible.',
  })
  metadefTag(
    @Ctx() ctx: Context,
    @Arg('namespace') namespace: string,
    @Arg('name') name: string,
  ): Promise<MetadefTag | null> {
    return metadefTagService.get(ctx, namespace, name);
  }

  @Mutation(() => MetadefTag, {
    description:
      'Adds a tag (CONFLICT if it exists, ignoring case); parent names an existing tag of the namespace (else NOT_FOUND).',
  })
  createTag(
    @Ctx() ctx: Context,
    @Arg('namespace') namespace: string,
    @Arg('name') name: string,
    @Arg('parent', () => String, { nullable: true }) parent?: string | null,
  ): Promise<MetadefTag> {
    return metadefTagService.create(ctx, namespace, name, parent);
  }

  @Mutation(() => [MetadefTag], {
    description:
      'Creates tags. append false (default) replaces all tags of the namespace; append true adds, CONFLICT if one exists.',
  })
  createTags(
    @Ctx() ctx: Context,
    @Arg('namespace') namespace: string,
    @Arg('names', () => [String]) names: string[],
    @Arg('append', () => Boolean, { nullable: true, defaultValue: false }) append: boolean | null,
  ): Promise<MetadefTag[]> {
    return metadefTagService.createMany(ctx, namespace, names, append ?? false);
  }

  @Mutation(() => MetadefTag, {
    description:
      'Renames a tag. parent, when given, moves it under that tag; null or "" makes it a root (a tag cannot move under its own descendants).',
  })
  updateTag(
    @Ctx() ctx: Context,
    @Arg('namespace') namespace: string,
    @Arg('name') name: string,
    @Arg('newName') newName: string,
    @Arg('parent', () => String, { nullable: true }) parent?: string | null,
  ): Promise<MetadefTag> {
    return metadefTagService.update(ctx, namespace, name, newName, parent);
  }

  @Mutation(() => Boolean, {
    description: 'Deletes a tag; its children move up to its parent. FORBIDDEN while protected.',
  })
  deleteTag(
    @Ctx() ctx: Context,
    @Arg('namespace') namespace: string,
    @Arg('name') name: string,
  ): Promise<boolean> {
    return metadefTagService.delete(ctx, namespace, name);
  }

  @Mutation(() => Int, {
    description: 'Deletes every tag of the namespace; returns how many. FORBIDDEN while protected.',
  })
  deleteAllTags(@Ctx() ctx: Context, @Arg('namespace') namespace: string): Promise<number> {
    return metadefTagService.deleteAll(ctx, namespace);
  }
}
