import type { ChangeRecord } from '../../common/changes';
import type { Context } from '../../common/context';
import { decodeGlobalId, encodeGlobalId } from '../../common/relay/global-id';
import type { NodeFetcher } from '../../common/relay/node';
import { pageSize, type Page } from '../../common/relay/paginate';
import { CHANGE_COLUMNS, cursorExpiry, PRUNED_THROUGH, rowToRecord } from '../../db/change-log';
import { decodeChangeCursor, encodeChangeCursor } from './change-cursor';
import type { Change, ChangeFilter, ChangeVia } from './change.type';
import { visibleTo } from './change-visibility';
import { historyCounts, historyPages, sequencedLog } from './history.loaders';

/**
 * The change log as the API lists it (`changes`, `history`): records after a cursor, oldest first, only of what
 * the caller may read — a catalog node when its namespace is (or, for a change that took it out of sight, was)
 * public or the caller's project's; a resource when it is the caller's project's; traits and providers for
 * everyone; resource types and discovery keys for admins. Admins see everything. What is hidden is left out of
 * the SQL (nor its names nor its count reach the caller).
 */
/** The most records one `changes` request examines when its filter leaves records out (docs/live.md). */
export const CHANGES_SCAN_LIMIT = 10_000;

/** A page of changes, and where a poll continues after it (`ChangeConnection.resumeCursor`). */
export interface ChangePage extends Page<Change> {
  resumeCursor: string;
}

export class ChangeLogService {
  /**
   * A node's history (`history` of every node type, by its global id), one page: `list` filtered by the node,
   * batched with every node of the same list (history.loaders.ts).
   */
  async history(
    ctx: Context,
    id: string,
    args: { first?: number | null; after?: string | null },
    fetchers: ReadonlyMap<string, NodeFetcher>,
  ): Promise<ChangePage> {
    const { size } = pageSize({ first: args.first });
    const after = args.after == null ? '0' : decodeChangeCursor(args.after);
    const node = logKeyOf(id, 'id');
    // One step per request for every node's page and count (sequencedLog), then one statement for the pages.
    await ctx.loaders.get(sequencedLog).load('log');
    const page = await ctx.loaders
      .get(historyPages)
      .load({ ...node, size, after, resumed: args.after != null });
    const items = page.records.map((record) => toChange(ctx, record, fetchers));
    return {
      items,
      cursors: items.map((item) => item.cursor),
      hasNextPage: page.hasNextPage,
      hasPreviousPage: args.after != null,
      // A node's records come through its own index: nothing else is examined to pass over.
      resumeCursor: encodeChangeCursor(
        page.records.length ? page.records[page.records.length - 1].seq : after,
      ),
      count: async () => {
        await ctx.loaders.get(sequencedLog).load('log');
        return ctx.loaders.get(historyCounts).load(node);
      },
    };
  }

  async list(
    ctx: Context,
    args: { first?: number | null; after?: string | null; filter?: ChangeFilter | null },
    fetchers: ReadonlyMap<string, NodeFetcher>,
  ): Promise<ChangePage> {
    const { size } = pageSize({ first: args.first });
    const after = args.after == null ? '0' : decodeChangeCursor(args.after);
    await ctx.loaders.get(sequencedLog).load('log');
    const params: unknown[] = [];
    const p = (value: unknown) => `$${params.push(value)}`;
    const filter = args.filter ?? {};
    const where = [...visibleTo(ctx, p), ...filterConditions(filter, p)];
    const filtered = where.length ? where.join(' AND ') : 'true';
    const countParams = [...params];
    // What one request examines is bounded: unless an index narrows the log to a node's or a namespace's records
    // (or nothing is left out), at most CHANGES_SCAN_LIMIT records after the cursor; `resumeCursor` goes on after
    // them. The head, read in the same statement, is where a poll that found everything resumes. What the log
    // keeps is read in it too (one snapshot with the page): a pruning committed after the step and before the
    // page makes the page CURSOR_EXPIRED, never a page missing what was pruned; so does a cursor beyond the head.
    const bounded = filtered !== 'true' && filter.nodeId == null && filter.namespace == null;
    const afterParam = p(after);
    const rows = (await ctx.db.query(
      `WITH bound AS MATERIALIZED (
         SELECT ${bounded ? `(SELECT s.seq FROM change_log s WHERE s.seq > ${afterParam} ORDER BY s.seq OFFSET ${CHANGES_SCAN_LIMIT - 1} LIMIT 1)` : 'NULL::bigint'} AS scan_end,
                (SELECT last_seq FROM change_log_head) AS head,
                ${PRUNED_THROUGH} AS pruned)
       SELECT b.scan_end::text AS scan_end, b.head::text AS head, b.pruned, r.*
         FROM bound b LEFT JOIN LATERAL (
           SELECT ${CHANGE_COLUMNS} FROM change_log c
            WHERE c.seq > ${afterParam} AND (b.scan_end IS NULL OR c.seq <= b.scan_end) AND ${filtered}
            ORDER BY c.seq LIMIT ${p(size + 1)}) r ON true`,
      params,
    )) as (Parameters<typeof rowToRecord>[0] & { scan_end: string | null; head: string; pruned: string })[];
    const expired = args.after == null ? undefined : cursorExpiry(after, rows[0].pruned, rows[0].head);
    if (expired) throw expired;
    const found = rows[0].seq == null ? [] : rows;
    const records = found.slice(0, size).map(rowToRecord);
    const items = records.map((record) => toChange(ctx, record, fetchers));
    const { scan_end: scanEnd, head } = rows[0];
    const [hasNextPage, resume] = pageEnd({ full: found.length > size, records, after, scanEnd, head });
    return {
      items,
      cursors: items.map((item) => item.cursor),
      hasNextPage,
      hasPreviousPage: args.after != null,
      resumeCursor: encodeChangeCursor(resume),
      count: () => countChanges(ctx, filtered, countParams),
    };
  }
}

/** How many records `filtered` (conditions on `change_log c`) keeps: `totalCount`. */
async function countChanges(ctx: Context, filtered: string, params: unknown[]): Promise<number> {
  const [{ count }] = (await ctx.db.query(
    `SELECT count(*)::int AS count FROM change_log c WHERE ${filtered}`,
    params,
  )) as { count: number }[];
  return count;
}

/** The conditions (on `change_log c`) of a `changes` filter; `p` adds a parameter and names it. */
function filterConditions(filter: ChangeFilter, p: (value: unknown) => string): string[] {
  const where: string[] = [];
  if (filter.types) where.push(`c.node_type = ANY(${p(filter.types)})`);
  if (filter.kinds) where.push(`c.kind = ANY(${p(filter.kinds)})`);
  if (filter.nodeId != null) {
    const { type, key } = logKeyOf(filter.nodeId, 'filter.nodeId');
    where.push(`c.node_type = ${p(type)} AND c.node_key = ${p(key)}`);
  }
  if (filter.namespace != null) where.push(`c.namespace = ${p(filter.namespace)}`);
  if (filter.resourceType != null) {
    const type = p(filter.resourceType);
    where.push(`(c.resource_type = ${type} OR ${type} = ANY(c.resource_types))`);
  }
  if (filter.project != null) {
    const project = p(filter.project);
    where.push(`(c.project = ${project} OR c.owner = ${project})`);
  }
  return where;
}

/**
 * Whether a page of `changes` has a next one, and the seq a poll resumes after: a full page, after its last item;
 * the scan's bound reached, after what was examined; else everything up to the head.
 */
function pageEnd(page: {
  full: boolean;
  records: ChangeRecord[];
  after: string;
  scanEnd: string | null;
  head: string;
}): [boolean, string] {
  const { records, after, scanEnd, head } = page;
  if (page.full) return [true, records.length ? records[records.length - 1].seq : after];
  if (scanEnd != null) return [BigInt(scanEnd) < BigInt(head), scanEnd];
  return [false, BigInt(after) > BigInt(head) ? after : head];
}

/** The node a global id names in the log: its type and key (a view's id, `<key>@<resource type>`, its node's). */
export function logKeyOf(id: string, field: string): { type: string; key: string } {
  const { type, key } = decodeGlobalId(id, field);
  return { type, key: key.split('@')[0] };
}

function toChange(ctx: Context, record: ChangeRecord, fetchers: ReadonlyMap<string, NodeFetcher>): Change {
  let node: Promise<Change['node'] extends Promise<infer N> ? N : never> | undefined;
  return {
    cursor: encodeChangeCursor(record.seq),
    kind: record.kind,
    nodeId: encodeGlobalId(record.type, record.key),
    nodeType: record.type,
    contained: record.contained,
    committedAt: record.committedAt,
    transactionId: record.txid,
    actor: { via: record.actor.via as ChangeVia, projectId: record.actor.project, userId: record.actor.user },
    namespace: record.sight?.namespace ?? null,
    resourceType: record.resourceType,
    projectId: record.project,
    get node() {
      node ??= fetchers.get(record.type)?.(ctx, record.key) ?? Promise.resolve(null);
      return node;
    },
  };
}

export const changeLogService = new ChangeLogService();
