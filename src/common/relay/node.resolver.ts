import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, ID, Info, Query, Resolver } from 'type-graphql';
import type { Context } from '../context';
import { fetchNode, Node, type NodeType } from './node';

/** The `node` and `nodes` queries over the node types given (app/schema.ts lists every one). */
export function createNodeResolver(types: readonly NodeType[]) {
  const fetchers = new Map(types.map((type) => [type.name, type.fetch]));

  @Resolver()
  class NodeResolver {
    @Query(() => Node, {
      nullable: true,
      description:
        'Any object by its global id (the id field of every Node type); null when it does not exist or is not visible to the caller. BAD_USER_INPUT (field id) for a string that is not a global id.',
    })
    node(
      @Arg('id', () => ID, { description: 'A global id, as read from an id field.' }) id: string,
      @Ctx() ctx: Context,
      @Info() info: GraphQLResolveInfo,
    ): Promise<Node | null> {
      return fetchNode(ctx, id, fetchers, info);
    }

    @Query(() => [Node], {
      nullable: 'items',
      description:
        'Several objects by global id, in the order asked; null in the place of each one that does not exist or is not visible. BAD_USER_INPUT (field id) for a string that is not a global id.',
    })
    nodes(
      @Arg('ids', () => [ID], { description: 'Global ids, as read from id fields.' }) ids: string[],
      @Ctx() ctx: Context,
      @Info() info: GraphQLResolveInfo,
    ): Promise<(Node | null)[]> {
      return Promise.all(ids.map((id) => fetchNode(ctx, id, fetchers, info)));
    }
  }

  return NodeResolver;
}
