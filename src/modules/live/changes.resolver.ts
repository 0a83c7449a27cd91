import { Arg, Ctx, Int, Query, Resolver, type ClassType } from 'type-graphql';
import type { Context } from '../../common/context';
import type { NodeType } from '../../common/relay/node';
import { PAGE_ARGS } from '../../common/relay/page-args';
import { changeLogService } from './change-log.service';
import { ChangeConnection, ChangeFilter } from './change.type';

const AFTER_CHANGE =
  'Continue after this change cursor (an edge cursor, pageInfo.endCursor, or the `cursor` of a subscription event). BAD_USER_INPUT when it is not a change cursor; CURSOR_EXPIRED when it is older than the change log keeps (CHANGE_RETENTION).';

/**
 * `changes`: the change log as the caller may see it. A node's history is `changes(filter: { nodeId })` (also once
 * it is deleted); a `history` field on the node types themselves would make every query that reaches them
 * uncacheable (app/cache-rules.ts decides by the types a root field can reach, and the log is not versioned).
 */
export function createChangesResolvers(types: readonly NodeType[]): ClassType[] {
  const fetchers = new Map(types.map((type) => [type.name, type.fetch]));

  @Resolver()
  class ChangesResolver {
    @Query(() => ChangeConnection, {
      description:
        'The change log: every committed change of what the caller may read, oldest first (commit order), whoever made it (this API, the CLI, the importer, SQL by hand). Poll it with the last endCursor to keep a copy in step. Kept for CHANGE_RETENTION (30 days by default).',
    })
    async changes(
      @Ctx() ctx: Context,
      @Arg('first', () => Int, { nullable: true, description: PAGE_ARGS.first }) first?: number | null,
      @Arg('after', () => String, { nullable: true, description: AFTER_CHANGE }) after?: string | null,
      @Arg('filter', () => ChangeFilter, { nullable: true, description: 'Which changes.' })
      filter?: ChangeFilter | null,
    ): Promise<ChangeConnection> {
      return ChangeConnection.from(await changeLogService.list(ctx, { first, after, filter }, fetchers));
    }
  }

  return [ChangesResolver];
}
