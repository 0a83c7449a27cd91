import type { ChangeKind, ChangeRecord, ChangeVia, NamespaceSight } from '../../common/changes';
import { CursorExpiredError } from '../../common/errors';

/** What can run a query: a DataSource, an EntityManager (a transaction's too). */
export interface Queryable {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/** The columns of a change record, in the shape rowToRecord takes. */
export const CHANGE_COLUMNS = `c.seq::text AS seq, c.txid::text AS txid, c.committed_at, c.kind, c.node_type,
  c.node_key, c.contained, c.namespace_id::text AS namespace_id, c.via, c.actor_project, c.actor_user, c.namespace, c.owner, c.public,
  c.resource_types, c.before, c.resource_type, c.project, c.data`;

interface ChangeRow {
  seq: string;
  txid: string;
  committed_at: Date;
  kind: ChangeKind;
  node_type: string;
  node_key: string;
  contained: boolean;
  namespace_id: string | null;
  via: ChangeVia;
  actor_project: string | null;
  actor_user: string | null;
  namespace: string | null;
  owner: string | null;
  public: boolean | null;
  resource_types: string[] | null;
  before: NamespaceSight | null;
  resource_type: string | null;
  project: string | null;
  data: Record<string, unknown> | null;
}

const VIAS: ReadonlySet<string> = new Set(['graphql', 'rest', 'cli', 'import', 'sql']);

/**
 * A recorded way in as this version knows it: a way a later version names (its actor JSON is read as it is, cut to
 * the column's 8 characters by the sequencing step, so that it never stops the step) counts as `sql`, a writer
 * this version cannot name.
 */
const knownVia = (via: string): ChangeVia => (VIAS.has(via) ? via : 'sql') as ChangeVia;

export function rowToRecord(row: ChangeRow): ChangeRecord {
  return {
    seq: row.seq,
    txid: row.txid,
    committedAt: row.committed_at,
    kind: row.kind,
    type: row.node_type,
    key: row.node_key,
    contained: row.contained,
    actor: { via: knownVia(row.via), project: row.actor_project, user: row.actor_user },
    namespaceKey: row.namespace_id,
    sight:
      row.namespace == null
        ? null
        : {
            namespace: row.namespace,
            owner: row.owner!,
            public: row.public!,
            resourceTypes: row.resource_types ?? [],
          },
    before: row.before,
    resourceType: row.resource_type,
    project: row.project,
    data: row.data ?? {},
  };
}

/**
 * The highest seq pruned (`pruned_through`, as text), as a subquery: read in the same statement as the records
 * it vouches for (one snapshot), so that a pruning committed meanwhile cannot pass unseen.
 */
export const PRUNED_THROUGH = `(SELECT pruned_through::text FROM change_log_retention)`;

/** The change log's head (`last_seq`, as text), as a subquery: read in the same statement as what it vouches for. */
export const HEAD = `(SELECT last_seq::text FROM change_log_head)`;

/**
 * Whether a cursor at `after` can no longer be followed, and why: the log no longer keeps everything after it
 * (`pruned` past it), or it is beyond the log's head (the database failed over to a standby that lacked the
 * latest changes, or was restored to an earlier point: the changes it named are gone, and records numbered anew
 * after the head would be skipped). `head` is read after the changes committed before the cursor was used were
 * numbered, so a cursor the log gave out is never beyond it.
 */
export function cursorExpiry(after: string, pruned: string, head: string): CursorExpiredError | undefined {
  if (BigInt(after) < BigInt(pruned)) return new CursorExpiredError('pruned');
  if (BigInt(after) > BigInt(head)) return new CursorExpiredError('ahead');
  return undefined;
}

/** The highest seq committed (0 before the first change). */
export async function lastSeq(db: Queryable): Promise<string> {
  const [row] = (await db.query(`SELECT last_seq::text AS seq FROM change_log_head`)) as { seq: string }[];
  return row.seq;
}

/**
 * After the log's head moved back below `seen`, the highest seq this instance had delivered (a failover to a
 * standby that lacked the latest transactions, a restore to an earlier point): every cursor up to `seen` is
 * expired (`pruned_through`), and the head moves past it, so the records numbered from now on come after every
 * cursor given out before. Without it, once new writes had numbered past a client's cursor, the client would
 * resume silently after records it never saw, showing writes that are gone. One statement: the head's row lock
 * orders it with the sequencing steps. Returns the head before.
 */
export async function fenceLostTail(db: Queryable, seen: string): Promise<string> {
  const [row] = (await db.query(
    `WITH before AS (SELECT last_seq FROM change_log_head),
          head AS (UPDATE change_log_head SET last_seq = greatest(last_seq, $1::bigint + 1) RETURNING 1),
          mark AS (UPDATE change_log_retention SET pruned_through = greatest(pruned_through, $1::bigint + 1))
     SELECT last_seq::text AS seq FROM before`,
    [seen],
  )) as { seq: string }[];
  return row.seq;
}

/** Records of one transaction after a seq (`records`), with every record of that transaction (`transaction`). */
export interface TransactionRecords {
  records: ChangeRecord[];
  transaction: ChangeRecord[];
}

/**
 * The records committed after `after`, oldest first, by whole transactions (about `limit` records; a
 * transaction is never cut): each with every record of its transaction (also those at or before `after`, when
 * `after` is inside one), grouped as the feed delivers them.
 */
export async function transactionsAfter(
  db: Queryable,
  after: string,
  limit: number,
  { resuming = false, expire = false }: { resuming?: boolean; expire?: boolean } = {},
): Promise<TransactionRecords[]> {
  // Index range scans on seq only: a transaction's records have consecutive seqs, so the page ends before the
  // first record of another transaction than its limit-th record's. `stop` is a subquery of `last`'s row, so its
  // scan starts at that record (a join let the planner scan the whole log for it, at every read of the feed).
  const page = `SELECT ${CHANGE_COLUMNS} FROM change_log c
      WHERE c.seq > $1 AND c.seq < COALESCE((SELECT seq FROM stop), 9223372036854775807)`;
  // `expire` (a client's cursor: a resumed subscription catching up): what the log keeps and its head are read in
  // the same statement (one snapshot) as the records, on a row of its own when there are none, so that a pruning
  // committed since the cursor was checked is CURSOR_EXPIRED, never records passed over, and so is a head that
  // moved back below the cursor (a failover to a standby that lacked the latest changes).
  const read = (await db.query(
    `WITH last AS (SELECT seq, txid FROM change_log WHERE seq > $1 ORDER BY seq OFFSET $2 - 1 LIMIT 1),
          stop AS (SELECT (SELECT c.seq FROM change_log c WHERE c.seq > last.seq AND c.txid <> last.txid
                            ORDER BY c.seq LIMIT 1) AS seq
                     FROM last)
     ${
       expire
         ? `SELECT ${PRUNED_THROUGH} AS pruned, ${HEAD} AS head, r.* FROM (SELECT) k
              LEFT JOIN LATERAL (${page}) r ON true ORDER BY r.seq::bigint`
         : `${page} ORDER BY c.seq`
     }`,
    [after, limit],
  )) as (ChangeRow & { pruned?: string; head?: string })[];
  const expired = expire ? cursorExpiry(after, read[0].pruned!, read[0].head!) : undefined;
  if (expired) throw expired;
  const rows = expire ? read.filter((row) => row.seq != null) : read;
  if (!rows.length) return [];
  // Resuming (a client's cursor may be inside a transaction): its records at or before `after` too, for an event
  // that stands for several. The feed always reads from a transaction's end.
  const context = resuming ? await transactionBefore(db, after, rows[0]) : [];
  return byTransaction([...context, ...rows], after);
}

/** The records of `first`'s transaction at or before `after` (`first` being the first record after it). */
async function transactionBefore(db: Queryable, after: string, first: ChangeRow): Promise<ChangeRow[]> {
  const earlier = (await db.query(
    `SELECT ${CHANGE_COLUMNS} FROM change_log c WHERE c.seq <= $1 ORDER BY c.seq DESC LIMIT 1000`,
    [after],
  )) as ChangeRow[];
  const context: ChangeRow[] = [];
  for (const row of earlier) {
    if (row.txid !== first.txid || BigInt(row.seq) + BigInt(context.length + 1) !== BigInt(first.seq)) break;
    context.unshift(row);
  }
  return context;
}

/** `rows` grouped by transaction, each group's `records` those after `after` (groups with none left out). */
function byTransaction(rows: ChangeRow[], after: string): TransactionRecords[] {
  const groups: TransactionRecords[] = [];
  for (const row of rows) {
    const record = rowToRecord(row);
    let group = groups.at(-1);
    // A transaction's seqs are consecutive (numbered at once, at its commit).
    const previous = group?.transaction.at(-1);
    if (!previous || previous.txid !== record.txid || BigInt(previous.seq) + 1n !== BigInt(record.seq))
      groups.push((group = { records: [], transaction: [] }));
    group!.transaction.push(record);
    if (BigInt(record.seq) > BigInt(after)) group!.records.push(record);
  }
  return groups.filter((g) => g.records.length > 0);
}
