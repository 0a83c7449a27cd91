import { Arg, Ctx, Field, ID, Mutation, ObjectType, Resolver } from 'type-graphql';
import type { Context } from '../../common/context';
import { NotFoundError } from '../../common/errors';
import { fetchNode, type NodeType } from '../../common/relay/node';
import { nodeDeletionService } from './node-deletion.service';

const GONE_WITH_IT =
  'the node itself, then what went with it (a namespace: its properties, objects, their properties and its tags; an object: its properties), each under its plain id and under its id in every resource type view it could be seen in (one per association of its namespace that applies a prefix), whichever of these ids was asked for';

@ObjectType({
  description:
    "One node id that deleteNode took away, with the node's GraphQL type: what a client cache needs to find the entry (Apollo: cache.identify({ __typename: typename, id: nodeId })). Not a node itself: its fields are not named id / __typename so that client caches do not store it as one.",
})
export class DeletedNode {
  @Field(() => ID, { description: 'The global id that no longer names anything (node(id) answers null).' })
  nodeId: string;

  @Field({
    description:
      'The GraphQL type of the deleted node, as its __typename answered: Namespace, PropertyDefinition, MetadefObject, MetadefTag, Trait, ResourceProvider or Resource.',
  })
  typename: string;
}

@ObjectType({
  description:
    "What deleteNode removed, for client caches: evict every entry of deletedNodes (Apollo: cache.evict({ id: cache.identify({ __typename: typename, id: nodeId }) }), docs/live.md has the helper); Relay's @deleteRecord takes deletedIds.",
})
export class DeleteNodePayload {
  @Field(() => ID, { description: 'The id that was asked for (the deleted node).' })
  deletedId: string;

  @Field(() => [ID], {
    description: `Every node id gone: the id asked for first, then ${GONE_WITH_IT}. The ids of deletedNodes, in the same order.`,
  })
  deletedIds: string[];

  @Field(() => [DeletedNode], {
    description: `Every node id gone, with its type: ${GONE_WITH_IT}. The id asked for is among them; no id twice.`,
  })
  deletedNodes: DeletedNode[];
}

/** `deleteNode(id:)` over the node types given (app/schema.ts lists every one). */
export function createNodeDeletionResolver(types: readonly NodeType[]) {
  const fetchers = new Map(types.map((type) => [type.name, type.fetch]));

  @Resolver()
  class NodeDeletionResolver {
    @Mutation(() => DeleteNodePayload, {
      description:
        'Deletes a namespace, property definition (of a namespace), object, metadef tag, trait, resource provider or resource by its global id (plain, or as seen in a resource type view), with the rules of its typed delete mutation, and lists every id that went. NOT_FOUND when absent or not visible; BAD_USER_INPUT (field id) for a malformed id or a kind of node that cannot be deleted.',
    })
    async deleteNode(
      @Ctx() ctx: Context,
      @Arg('id', () => ID, {
        description:
          "The node's global `id`, as read from the node (a namespace, object or property seen in a resource type's view has its own; deleting through it deletes the node and every view of it).",
      })
      id: string,
    ): Promise<DeleteNodePayload> {
      const node = await fetchNode(ctx, id, fetchers);
      if (!node) throw new NotFoundError('Node', id);
      const gone = await nodeDeletionService.delete(ctx, node);
      // The id as asked first (a client may hold a non-canonical spelling of it), then the canonical ones.
      const asked = gone.find((ref) => ref.nodeId === id) ?? { typename: gone[0].typename, nodeId: id };
      const deletedNodes = [asked, ...gone.filter((ref) => ref !== asked)];
      return { deletedId: id, deletedIds: deletedNodes.map((ref) => ref.nodeId), deletedNodes };
    }
  }

  return NodeDeletionResolver;
}
