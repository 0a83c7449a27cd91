import { Arg, Ctx, Field, ID, Mutation, ObjectType, Resolver } from 'type-graphql';
import type { Context } from '../../common/context';
import { NotFoundError } from '../../common/errors';
import { fetchNode, type NodeType } from '../../common/relay/node';
import { nodeDeletionService } from './node-deletion.service';

@ObjectType({
  description:
    "What deleteNode removed, for client caches: Apollo's cache.evict({ id }) and Relay's @deleteRecord / @deleteEdge take these ids.",
})
export class DeleteNodePayload {
  @Field(() => ID, { description: 'The id that was asked for (the deleted node).' })
  deletedId: string;

  @Field(() => [ID], {
    description:
      'Every node id gone with it: the node itself first, then what it contained (a namespace: its properties, objects and tags; an object: its properties).',
  })
  deletedIds: string[];
}

/** `deleteNode(id:)` over the node types given (app/schema.ts lists every one). */
export function createNodeDeletionResolver(types: readonly NodeType[]) {
  const fetchers = new Map(types.map((type) => [type.name, type.fetch]));

  @Resolver()
  class NodeDeletionResolver {
    @Mutation(() => DeleteNodePayload, {
      description:
        'Deletes a namespace, property definition (of a namespace), object, metadef tag, trait, resource provider or resource by its global id, with the rules of its typed delete mutation. NOT_FOUND when absent or not visible; BAD_USER_INPUT (field id) for a malformed id or a kind of node that cannot be deleted.',
    })
    async deleteNode(
      @Ctx() ctx: Context,
      @Arg('id', () => ID, {
        description:
          "The node's global `id`, as read from the node (a property seen in a resource type's view has its own).",
      })
      id: string,
    ): Promise<DeleteNodePayload> {
      const node = await fetchNode(ctx, id, fetchers);
      if (!node) throw new NotFoundError('Node', id);
      const contained = await nodeDeletionService.delete(ctx, node);
      return { deletedId: id, deletedIds: [id, ...contained] };
    }
  }

  return NodeDeletionResolver;
}
