import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root, type ClassType } from 'type-graphql';
import type { Context } from '../../common/context';
import { Node, type NodeType } from '../../common/relay/node';
import { PAGE_ARGS } from '../../common/relay/page-args';
import { CHANGES_SCAN_LIMIT, changeLogService, type ChangePage } from './change-log.service';
import { ChangeConnection, ChangeFilter } from './change.type';

const AFTER_CHANGE =
  'Continue after this change cursor (an edge cursor, pageInfo.endCursor, or the `cursor` of a subscription event). BAD_USER_INPUT when it is not a change cursor; CURSOR_EXPIRED when it is older than the change log keeps (CHANGE_RETENTION) or beyond its head (after a database failover or restore): refetch.';

/**
 * `changes`: the change log as the caller may see it; `history` on every node type (the Node interface): its own
 * records, the same way (a deleted node's history stays reachable through `changes(filter: { nodeId })`). The log is
 * not versioned: `Node.history` is a gate of the answer cache (app/cache-rules.ts), so that a catalog query is
 * still cached unless it selects a history.
 */
/** Each change connection's resume cursor (the generic connection type carries none). */
const RESUME = new WeakMap<ChangeConnection, string>();

function connectionOf(page: ChangePage): ChangeConnection {
  const connection = ChangeConnection.from(page);
  RESUME.set(connection, page.resumeCursor);
  return connection;
}

export function createChangesResolvers(types: readonly NodeType[]): ClassType[] {
  const fetchers = new Map(types.map((type) => [type.name, type.fetch]));

  @Resolver()
  class ChangesResolver {
    @Query(() => ChangeConnection, {
      description:
        'The change log: every committed change of what the caller may read, oldest first (commit order), whoever made it (this API, the CLI, the importer, SQL by hand). Poll it with the last resumeCursor to keep a copy in step (it passes over what the caller may not see or the filter leaves out; endCursor stays at the last listed change). Kept for CHANGE_RETENTION (30 days by default).',
    })
    async changes(
      @Ctx() ctx: Context,
      @Arg('first', () => Int, { nullable: true, description: PAGE_ARGS.first }) first?: number | null,
      @Arg('after', () => String, { nullable: true, description: AFTER_CHANGE }) after?: string | null,
      @Arg('filter', () => ChangeFilter, { nullable: true, description: 'Which changes.' })
      filter?: ChangeFilter | null,
    ): Promise<ChangeConnection> {
      return connectionOf(await changeLogService.list(ctx, { first, after, filter }, fetchers));
    }
  }

  @Resolver(() => Node)
  class HistoryResolver {
    @FieldResolver(() => ChangeConnection, {
      description:
        "This node's changes, oldest first (commit order): who changed it (actor), when (committedAt) and how (kind), as `changes(filter: { nodeId })` lists them, with the same visibility (resource types' and discovery keys' for admins only). Kept for CHANGE_RETENTION. Once the node is deleted its history stays reachable through `changes(filter: { nodeId })`. A list of nodes selecting it reads every node's page in one statement.",
    })
    async history(
      // The id alone: type-graphql would copy the root into a plain Node (without the entities' id getter).
      @Root('id') id: string,
      @Ctx() ctx: Context,
      @Arg('first', () => Int, { nullable: true, description: PAGE_ARGS.first }) first?: number | null,
      @Arg('after', () => String, { nullable: true, description: AFTER_CHANGE }) after?: string | null,
    ): Promise<ChangeConnection> {
      return connectionOf(await changeLogService.history(ctx, id, { first, after }, fetchers));
    }
  }

  @Resolver(() => ChangeConnection)
  class ChangeConnectionResolver {
    @FieldResolver(() => String, {
      description: `Where a poll goes on: pass it as \`after\` next time. It is past every record this answer examined, listed or not (what the caller may not see, or the filter leaves out, is passed over): the end cursor of a full page; else, when the filter left records out and ${CHANGES_SCAN_LIMIT.toLocaleString('en')} records were examined (the bound of one request, unless the filter names a node or a namespace), the last of them (hasNextPage tells whether the log goes on); else the log's head when the answer was read. For \`history\`: the end cursor, or \`after\` when the page is empty.`,
    })
    resumeCursor(@Root() connection: ChangeConnection): string {
      return RESUME.get(connection)!;
    }
  }

  return [ChangesResolver, HistoryResolver, ChangeConnectionResolver];
}
