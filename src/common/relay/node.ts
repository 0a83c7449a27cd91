import type { GraphQLResolveInfo } from 'graphql';
import { Field, ID, InterfaceType } from 'type-graphql';
import type { Context } from '../context';
import { decodeGlobalId } from './global-id';

@InterfaceType({ description: 'An object with a global id, fetchable with `node(id:)`.' })
export abstract class Node {
  @Field(() => ID, { description: 'Global, opaque id.' })
  id: string;
}

/** What `node(id:)` and `nodes(ids:)` select on the node: a fetcher may read ahead what it asks for. */
export type NodeSelection = Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments' | 'operation'>;

/**
 * Fetches one node by its database key, or null when it does not exist or is not visible to the caller;
 * `selection` when a query asks for it (absent elsewhere: the change log, deleteNode).
 */
export type NodeFetcher = (ctx: Context, key: string, selection?: NodeSelection) => Promise<Node | null>;

/** A node type: its GraphQL name and how `node(id:)` fetches one. The composition root lists them all. */
export interface NodeType {
  name: string;
  fetch: NodeFetcher;
}

export function defineNodeType(name: string, fetch: NodeFetcher): NodeType {
  return { name, fetch };
}

/** The node a global id names, fetched by its type's fetcher; null for a type that has none. */
export async function fetchNode(
  ctx: Context,
  id: string,
  fetchers: ReadonlyMap<string, NodeFetcher>,
  selection?: NodeSelection,
): Promise<Node | null> {
  const { type, key } = decodeGlobalId(id);
  const fetcher = fetchers.get(type);
  return fetcher ? fetcher(ctx, key, selection) : null;
}

/** Parses the numeric key of a global id; a non-numeric key simply matches nothing. */
export function numericKey(key: string): number | null {
  return /^[1-9][0-9]{0,15}$/.test(key) && Number.isSafeInteger(Number(key)) ? Number(key) : null;
}
