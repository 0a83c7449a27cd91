import DataLoader from 'dataloader';
import type { ChangeRecord } from '../../common/changes';
import type { LoaderFactory } from '../../common/loaders';
import type { Viewer } from '../../common/policy/engine';
import {
  CHANGE_COLUMNS,
  cursorExpiry,
  HEAD,
  PRUNED_THROUGH,
  rowToRecord,
  sequenceChanges,
  type Queryable,
} from '../../db/change-log';
import { visibleTo } from './change-visibility';

/**
 * The log numbered up to now, once per request (a request's loaders are cleared after each of its writes: a read
 * after a write runs its own step): what was committed and not numbered yet, so the caller reads its own writes.
 * Load it with the key `log`. What the log keeps (CURSOR_EXPIRED) each page reads in its own statement.
 */
export const sequencedLog: LoaderFactory<'log', true> = (db) =>
  new DataLoader(async (keys) => {
    await sequenceChanges(db);
    return keys.map(() => true as const);
  });

/** One node's history page to load: the node as the log names it, the page size, and the seq to start after. */
export interface HistoryKey {
  type: string;
  key: string;
  size: number;
  /** A seq (decimal), '0' for the first page. */
  after: string;
  /**
   * Whether `after` came from a cursor: a page after a cursor older than what the log keeps, or beyond its head,
   * is CURSOR_EXPIRED (a first page never is).
   */
  resumed: boolean;
}

/** One page of a node's history: its records, oldest first, and whether more follow. */
export interface HistoryPage {
  records: ChangeRecord[];
  hasNextPage: boolean;
}

const cacheKey = (key: HistoryKey) => JSON.stringify([key.type, key.key, key.size, key.after, key.resumed]);

/** The node list of a batch as two parallel arrays (one `unnest` in SQL). */
const nodesOf = (keys: readonly { type: string; key: string }[]) => [
  keys.map((key) => key.type),
  keys.map((key) => key.key),
];

/**
 * The history pages of the nodes of one batch (every node of a list selecting `history`): one statement for the
 * nodes asking the same page (size and cursor), each node's records picked by the (node_type, node_key, seq)
 * index, at most `size + 1` each, filtered as `changes` filters them for the caller. What a batch may read is
 * bounded by the list's length (a connection's page: at most 500 nodes) times the history's page (at most 501
 * records a node). The caller loads sequencedLog first.
 */
export const historyPages: LoaderFactory<HistoryKey, HistoryPage, string> = (db, viewer) =>
  new DataLoader(
    async (keys) => {
      const results = new Map<string, HistoryPage | Error>();
      for (const group of samePage(keys)) {
        const pages = await readHistoryPages(db, viewer, group);
        group.forEach((key, index) =>
          results.set(cacheKey(key), Array.isArray(pages) ? pages[index] : pages),
        );
      }
      return keys.map((key) => results.get(cacheKey(key))!);
    },
    { cacheKeyFn: cacheKey },
  );

/** `keys` grouped by the page they ask (size and cursor). */
function samePage(keys: readonly HistoryKey[]): HistoryKey[][] {
  const pages = new Map<string, HistoryKey[]>();
  for (const key of keys) {
    const page = JSON.stringify([key.size, key.after, key.resumed]);
    const group = pages.get(page);
    if (group) group.push(key);
    else pages.set(page, [key]);
  }
  return [...pages.values()];
}

/** One statement: the same page of each node's history in `group` (in its order), or why the cursor expired. */
async function readHistoryPages(
  db: Queryable,
  viewer: Viewer,
  group: HistoryKey[],
): Promise<HistoryPage[] | Error> {
  const { size, after, resumed } = group[0];
  const params: unknown[] = [];
  const p = (value: unknown) => `$${params.push(value)}`;
  const [types, nodeKeys] = nodesOf(group);
  const where = [
    'c.node_type = n.node_type',
    'c.node_key = n.node_key',
    `c.seq > ${p(after)}`,
    ...visibleTo(viewer, p),
  ];
  // What the log keeps is read in the same statement (one snapshot) as the records: a pruning either committed
  // before it, and the page is CURSOR_EXPIRED, or did not, and its records are all there. One row at least (the
  // LEFT JOIN), whatever the nodes have.
  const rows = (await db.query(
    `SELECT ${PRUNED_THROUGH} AS pruned, ${HEAD} AS head, x.* FROM (SELECT) r
       LEFT JOIN LATERAL (
         SELECT n.i, h.* FROM unnest(${p(types)}::text[], ${p(nodeKeys)}::text[]) WITH ORDINALITY AS n(node_type, node_key, i)
           CROSS JOIN LATERAL (SELECT ${CHANGE_COLUMNS} FROM change_log c WHERE ${where.join(' AND ')}
             ORDER BY c.seq LIMIT ${p(size + 1)}) h) x ON true
      ORDER BY x.i, x.seq::bigint`,
    params,
  )) as (Parameters<typeof rowToRecord>[0] & { i: string | null; pruned: string; head: string })[];
  const expired = resumed ? cursorExpiry(after, rows[0].pruned, rows[0].head) : undefined;
  if (expired) return expired;
  const byNode = new Map<number, ChangeRecord[]>();
  for (const row of rows) {
    if (row.i == null) continue; // the row of no record
    const index = Number(row.i) - 1;
    const records = byNode.get(index);
    if (records) records.push(rowToRecord(row));
    else byNode.set(index, [rowToRecord(row)]);
  }
  return group.map((_key, index) => {
    const records = byNode.get(index) ?? [];
    return { records: records.slice(0, size), hasNextPage: records.length > size };
  });
}

/**
 * How many records of each node's history the caller may see (`totalCount`): one statement per batch. The caller
 * loads sequencedLog first.
 */
export const historyCounts: LoaderFactory<{ type: string; key: string }, number, string> = (db, viewer) =>
  new DataLoader(
    async (keys) => {
      const params: unknown[] = [];
      const p = (value: unknown) => `$${params.push(value)}`;
      const [types, nodeKeys] = nodesOf(keys);
      const where = ['c.node_type = n.node_type', 'c.node_key = n.node_key', ...visibleTo(viewer, p)];
      const rows = (await db.query(
        `SELECT n.i, (SELECT count(*)::int FROM change_log c WHERE ${where.join(' AND ')}) AS count
          FROM unnest(${p(types)}::text[], ${p(nodeKeys)}::text[]) WITH ORDINALITY AS n(node_type, node_key, i)
          ORDER BY n.i`,
        params,
      )) as { i: string; count: number }[];
      return rows.map((row) => row.count);
    },
    { cacheKeyFn: (key) => JSON.stringify([key.type, key.key]) },
  );
