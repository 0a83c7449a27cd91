import { Arg, Args, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../common/context';
import { defineNodeType, numericKey } from '../../common/relay/node';
import { ConnectionArgs } from '../../common/relay/page-args';
import { DELETE_ACCESS, NAMESPACE_ARG, WRITE_ACCESS } from '../namespaces/namespace.docs';
import { Namespace } from '../namespaces/namespace.entity';
import { visibleNamespaceByPk } from '../namespaces/namespace.loaders';
import { MetadefTagConnection } from './metadef-tag.connection';
import { METADEF_TAG_NAME_MAX, MetadefTag } from './metadef-tag.entity';
import { MetadefTagOrder } from './metadef-tag.inputs';
import { tagByPk, tagChildrenByPk, tagDescendantsByPk, tagsByNamespacePk } from './metadef-tag.loaders';
import { metadefTagService } from './metadef-tag.service';

const TAG_NAME_ARG = `A tag name, 1–${METADEF_TAG_NAME_MAX} characters, single-line.`;

export const metadefTagNode = defineNodeType('MetadefTag', async (ctx, key) => {
  const pk = numericKey(key);
  if (pk === null) return null;
  const tag = await ctx.loaders.get(tagByPk).load(pk);
  if (!tag) return null;
  return (await ctx.loaders.get(visibleNamespaceByPk).load(tag.namespaceId)) ? tag : null;
});

@Resolver(() => Namespace)
export class NamespaceTagsResolver {
  @FieldResolver(() => [MetadefTag], {
    description: 'Every tag of the namespace (roots and children), by name.',
  })
  tags(@Root() namespace: Namespace, @Ctx() ctx: Context): Promise<MetadefTag[]> {
    return ctx.loaders.get(tagsByNamespacePk).load(namespace.pk);
  }

  @FieldResolver(() => MetadefTagConnection, {
    description:
      "The namespace's tags (roots and children) a page at a time, as Glance's tag list (limit, marker, sort_key, sort_dir): by name ignoring case unless orderBy says otherwise. The first pages of a list of namespaces are read in one statement.",
  })
  async tagConnection(
    @Root() namespace: Namespace,
    @Ctx() ctx: Context,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('orderBy', () => MetadefTagOrder, { nullable: true, description: 'Default: by name, ascending.' })
    orderBy?: MetadefTagOrder,
  ): Promise<MetadefTagConnection> {
    return MetadefTagConnection.from(
      await metadefTagService.listForNamespace(ctx, namespace, { ...page, orderBy }),
    );
  }
}

@Resolver(() => MetadefTag)
export class MetadefTagResolver {
  @FieldResolver(() => MetadefTag, {
    nullable: true,
    description: 'The tag above this one; null for a root.',
  })
  parent(@Root() tag: MetadefTag, @Ctx() ctx: Context): Promise<MetadefTag | null> | null {
    return tag.parentId == null ? null : ctx.loaders.get(tagByPk).load(tag.parentId);
  }

  @FieldResolver(() => [MetadefTag], { description: 'Direct children, by name ignoring case.' })
  children(@Root() tag: MetadefTag, @Ctx() ctx: Context): Promise<MetadefTag[]> {
    return ctx.loaders.get(tagChildrenByPk).load(tag.pk);
  }

  @FieldResolver(() => [MetadefTag], {
    description:
      'Children, grandchildren and so on (one recursive query), nearest first, then by name ignoring case.',
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
    @Arg('namespace', { description: NAMESPACE_ARG }) namespace: string,
    @Arg('name', { description: 'The tag, in any case.' }) name: string,
  ): Promise<MetadefTag | null> {
    return metadefTagService.get(ctx, namespace, name);
  }

  @Mutation(() => MetadefTag, {
    description: `Adds a tag to a namespace (CONFLICT if it exists, ignoring case); parent names an existing tag of the namespace (else NOT_FOUND). ${WRITE_ACCESS}`,
  })
  createTag(
    @Ctx() ctx: Context,
    @Arg('namespace', { description: NAMESPACE_ARG }) namespace: string,
    @Arg('name', { description: TAG_NAME_ARG }) name: string,
    @Arg('parent', () => String, {
      nullable: true,
      description: 'The tag to put it under (any case); null: a root.',
    })
    parent?: string | null,
  ): Promise<MetadefTag> {
    return metadefTagService.create(ctx, namespace, name, parent);
  }

  @Mutation(() => [MetadefTag], {
    description: `Creates root tags. append false (default) replaces all tags of the namespace (FORBIDDEN while protected); append true adds, CONFLICT if one exists. ${WRITE_ACCESS}`,
  })
  createTags(
    @Ctx() ctx: Context,
    @Arg('namespace', { description: NAMESPACE_ARG }) namespace: string,
    @Arg('names', () => [String], {
      description: `${TAG_NAME_ARG} Each once, ignoring case (BAD_USER_INPUT for a repeat).`,
    })
    names: string[],
    @Arg('append', () => Boolean, {
      nullable: true,
      defaultValue: false,
      description: 'true: add to the existing tags; false: replace them.',
    })
    append: boolean | null,
  ): Promise<MetadefTag[]> {
    return metadefTagService.createMany(ctx, namespace, names, append ?? false);
  }

  @Mutation(() => MetadefTag, {
    description: `Renames a tag (CONFLICT if the new name is another tag's, ignoring case). parent, when given, moves it under that tag; null or "" makes it a root (BAD_USER_INPUT under its own descendants). NOT_FOUND when there is no such tag. ${WRITE_ACCESS}`,
  })
  updateTag(
    @Ctx() ctx: Context,
    @Arg('namespace', { description: NAMESPACE_ARG }) namespace: string,
    @Arg('name', { description: 'The current tag (any case).' }) name: string,
    @Arg('newName', { description: `The new name. ${TAG_NAME_ARG}` }) newName: string,
    @Arg('parent', () => String, {
      nullable: true,
      description: 'Left out: stays where it is. A tag name: moves under it. null or "": becomes a root.',
    })
    parent?: string | null,
  ): Promise<MetadefTag> {
    return metadefTagService.update(ctx, namespace, name, newName, parent);
  }

  @Mutation(() => Boolean, {
    description: `Deletes a tag; its children move up to its parent. Returns true. NOT_FOUND when there is no such tag. ${DELETE_ACCESS}`,
  })
  deleteTag(
    @Ctx() ctx: Context,
    @Arg('namespace', { description: NAMESPACE_ARG }) namespace: string,
    @Arg('name', { description: 'The tag (any case).' }) name: string,
  ): Promise<boolean> {
    return metadefTagService.delete(ctx, namespace, name);
  }

  @Mutation(() => Int, {
    description: `Deletes every tag of the namespace; returns how many. ${DELETE_ACCESS}`,
  })
  deleteAllTags(
    @Ctx() ctx: Context,
    @Arg('namespace', { description: NAMESPACE_ARG }) namespace: string,
  ): Promise<number> {
    return metadefTagService.deleteAll(ctx, namespace);
  }
}
