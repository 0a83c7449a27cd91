import { ArgsType, Field, Int } from 'type-graphql';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './paginate';

/** The descriptions of a connection's paging arguments, the same on every list. */
export const PAGE_ARGS = {
  first: `Page size, going forward: default ${DEFAULT_PAGE_SIZE}, capped at ${MAX_PAGE_SIZE} (a larger value gets ${MAX_PAGE_SIZE}, not an error). BAD_USER_INPUT when negative or combined with last or before.`,
  after:
    'Continue after this cursor (an edge cursor or pageInfo.endCursor of the same list, filter and order). BAD_USER_INPUT when it is not such a cursor or is combined with last.',
  last: `Page size, going backward from before (or from the end): capped at ${MAX_PAGE_SIZE}. BAD_USER_INPUT when negative or combined with first or after.`,
  before:
    'Continue before this cursor (an edge cursor or pageInfo.startCursor of the same list, filter and order). BAD_USER_INPUT when it is not such a cursor or is combined with first.',
} as const;

/** `first`/`after` of a list that only pages forward (`@Args(() => ForwardPageArgs)`). */
@ArgsType()
export class ForwardPageArgs {
  @Field(() => Int, { nullable: true, description: PAGE_ARGS.first })
  first?: number | null;

  @Field(() => String, { nullable: true, description: PAGE_ARGS.after })
  after?: string | null;
}

/** `first`/`after` and `last`/`before` of a list that pages both ways (`@Args(() => ConnectionArgs)`). */
@ArgsType()
export class ConnectionArgs extends ForwardPageArgs {
  @Field(() => Int, { nullable: true, description: PAGE_ARGS.last })
  last?: number | null;

  @Field(() => String, { nullable: true, description: PAGE_ARGS.before })
  before?: string | null;
}
