import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { Context } from '../context';
import { fetchNode, Node } from './node';

@Resolver()
export class NodeResolver {
  @Query(() => Node, {
    nullable: true,
    description: 'Any object by its global id; null if absent or not visible.',
  })
  node(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Node | null> {
    return fetchNode(ctx, id);
  }

  @Query(() => [Node], {
    nullable: 'items',
    description: 'Several objects by global id, in the order asked.',
  })
  nodes(@Arg('ids', () => [ID]) ids: string[], @Ctx() ctx: Context): Promise<(Node | null)[]> {
    return Promise.all(ids.map((id) => fetchNode(ctx, id)));
  }
}
