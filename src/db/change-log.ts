import type { Logger } from 'pino';
import type { ChangeKind, ChangeRecord, ChangeVia, NamespaceSight } from '../common/changes';

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

export function rowToRecord(row: ChangeRow): ChangeRecord {
  return {
    seq: row.seq,
    txid: row.txid,
    committedAt: row.committed_at,
    kind: row.kind,
    type: row.node_type,
    key: row.node_key,
    contained: row.contained,
    actor: { via: row.via, project: row.actor_project, user: row.actor_user },
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
 * Numbers the changes committed and not numbered yet (`change_log_sequence()`, migration
 * 1763701200000-change-log-sequencer.ts), a batch at a time, until none is left. Returns at once, without a lock,
 * when nothing is pending. A reader of the log runs it first: it then reads its own writes.
 */
export async function sequenceChanges(db: Queryable): Promise<void> {
  for (;;) {
    const [row] = (await db.query(`SELECT change_log_sequence() AS more`)) as { more: boolean }[];
    if (!row.more) return;
  }
}

/**
 * How long after a commit its changes are numbered (at most, when no step is under way): the commits of that time
 * are numbered by one step, whose cost (a round trip, a commit, a NOTIFY every instance reads) is then shared.
 * What a subscriber waits for an event, beside the commit itself.
 */
export const SEQUENCE_DELAY_MS = 10;

/**
 * Runs sequenceChanges in the background when asked (`kick`): SEQUENCE_DELAY_MS after the first ask, one step at
 * a time per instance, and one more after it when asked meanwhile (its snapshot may predate that commit), so that
 * a burst of commits costs a few steps, each numbering many transactions. A failed step is logged; the next kick,
 * or any reader of the log, numbers what it left.
 */
export class ChangeSequencer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly db: Queryable,
    private readonly logger: Logger,
    private readonly delayMs = SEQUENCE_DELAY_MS,
  ) {}

  kick(): void {
    this.timer ??= setTimeout(() => this.start(), this.delayMs).unref();
  }

  private start(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run().finally(() => (this.running = undefined));
  }

  private async run(): Promise<void> {
    do {
      this.again = false;
      try {
        await sequenceChanges(this.db);
      } catch (error) {
        this.logger.warn(
          { err: error },
          'change log: numbering pending changes failed; retrying at the next commit',
        );
        return;
      }
    } while (this.again);
  }

  /** Runs the step asked for now, if any, and waits for the one under way (before the database closes). */
  async flush(): Promise<void> {
    if (this.timer) this.start();
    await this.running;
  }
}

/** The highest seq committed (0 before the first change). */
export async function lastSeq(db: Queryable): Promise<string> {
  const [row] = (await db.query(`SELECT last_seq::text AS seq FROM change_log_head`)) as { seq: string }[];
  return row.seq;
}

/** The highest seq pruned: a cursor below it is expired (what came after it is gone). */
export async function prunedThrough(db: Queryable): Promise<string> {
  const [row] = (await db.query(`SELECT pruned_through::text AS seq FROM change_log_retention`)) as {
    seq: string;
  }[];
  return row.seq;
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
  { resuming = false }: { resuming?: boolean } = {},
): Promise<{ records: ChangeRecord[]; transaction: ChangeRecord[] }[]> {
  // Index range scans on seq only: a transaction's records have consecutive seqs, so the page ends before the
  // first record of another transaction than its limit-th record's. `stop` is a subquery of `last`'s row, so its
  // scan starts at that record (a join let the planner scan the whole log for it, at every read of the feed).
  const rows = (await db.query(
    `WITH last AS (SELECT seq, txid FROM change_log WHERE seq > $1 ORDER BY seq OFFSET $2 - 1 LIMIT 1),
          stop AS (SELECT (SELECT c.seq FROM change_log c WHERE c.seq > last.seq AND c.txid <> last.txid
                            ORDER BY c.seq LIMIT 1) AS seq
                     FROM last)
     SELECT ${CHANGE_COLUMNS} FROM change_log c
      WHERE c.seq > $1 AND c.seq < COALESCE((SELECT seq FROM stop), 9223372036854775807)
      ORDER BY c.seq`,
    [after, limit],
  )) as ChangeRow[];
  if (!rows.length) return [];
  // Resuming (a client's cursor may be inside a transaction): its records at or before `after` too, for an event
  // that stands for several. The feed always reads from a transaction's end.
  const earlier = resuming
    ? ((await db.query(
        `SELECT ${CHANGE_COLUMNS} FROM change_log c WHERE c.seq <= $1 ORDER BY c.seq DESC LIMIT 1000`,
        [after],
      )) as ChangeRow[])
    : [];
  const context: ChangeRow[] = [];
  for (const row of earlier) {
    if (row.txid !== rows[0].txid || BigInt(row.seq) + BigInt(context.length + 1) !== BigInt(rows[0].seq))
      break;
    context.unshift(row);
  }
  const groups: { records: ChangeRecord[]; transaction: ChangeRecord[] }[] = [];
  for (const row of [...context, ...rows]) {
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

/** How many records one pruning statement deletes (each its own short transaction). */
const PRUNE_BATCH = 10_000;

/**
 * Deletes the records committed before `before`, oldest first, in batches of PRUNE_BATCH seqs, each its own
 * transaction: it deletes only old rows (writers insert new ones above the head, and take the head's lock, which
 * pruning never touches), so it never blocks a write. Each batch then raises `pruned_through` (cursors below it are
 * expired). Returns how many records went.
 */
export async function pruneChanges(db: Queryable, before: Date, batch = PRUNE_BATCH): Promise<number> {
  const [{ through }] = (await db.query(
    `SELECT COALESCE(max(seq), 0)::text AS through FROM change_log WHERE committed_at < $1`,
    [before],
  )) as { through: string }[];
  let pruned = 0;
  let from = BigInt(await prunedThrough(db));
  const until = BigInt(through);
  while (from < until) {
    const to = from + BigInt(batch) < until ? from + BigInt(batch) : until;
    const rows = (await db.query(
      `WITH gone AS (DELETE FROM change_log WHERE seq > $1 AND seq <= $2 RETURNING 1),
            mark AS (UPDATE change_log_retention SET pruned_through = greatest(pruned_through, $2::bigint))
       SELECT count(*)::int AS count FROM gone`,
      [from.toString(), to.toString()],
    )) as { count: number }[];
    pruned += rows[0].count;
    from = to;
  }
  return pruned;
}

/**
 * Prunes the change log now and every `intervalMs` (each instance: a second pruner finds nothing left to delete),
 * keeping `retentionMs`. Returns what stops it (and waits for a pruning under way).
 */
export function startPruning(
  db: Queryable,
  logger: Logger,
  { retentionMs, intervalMs }: { retentionMs: number; intervalMs: number },
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const prune = () => {
    running ??= pruneChanges(db, new Date(Date.now() - retentionMs))
      .then((count) => {
        if (count) logger.info({ records: count }, 'change log pruned');
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'change log: pruning failed; retrying later'))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(prune, intervalMs);
  timer.unref();
  prune();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
