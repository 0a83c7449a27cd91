import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { Context } from '../context';
import { fetchNode, Node, type NodeType } from './node';

/** The `node` and `nodes` queries over the node types given (app/schema.ts lists every one). */
export function createNodeResolver(types: readonly NodeType[]) {
  const fetchers = new Map(types.map((type) => [type.name, type.fetch]));

  @Resolver()
  class NodeResolver {
    @Query(() => Node, {
      nullable: true,
      description: 'Any object by its global id; null if absent or not visible.',
    })
    node(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Node | null> {
      return fetchNode(ctx, id, fetchers);
    }

    @Query(() => [Node], {
      nullable: 'items',
      description: 'Several objects by global id, in the order asked.',
    })
    nodes(@Arg('ids', () => [ID]) ids: string[], @Ctx() ctx: Context): Promise<(Node | null)[]> {
      return Promise.all(ids.map((id) => fetchNode(ctx, id, fetchers)));
    }
  }

  return NodeResolver;
}
