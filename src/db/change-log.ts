import type { Logger } from 'pino';
import type { ChangeKind, ChangeRecord, ChangeVia, NamespaceSight } from '../common/changes';
import { CursorExpiredError } from '../common/errors';

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

/**
 * Numbers the changes committed and not numbered yet (`change_log_sequence()`, migration
 * 1763701200000-change-log-sequencer.ts), a batch at a time, until none is left. Returns at once, without a lock,
 * when nothing is pending. A reader of the log runs it first: it then reads its own writes. Returns, read by the
 * same statement, the highest seq pruned (`pruned_through`): a cursor before it is expired.
 */
export async function sequenceChanges(db: Queryable): Promise<string> {
  for (;;) {
    const [row] = (await db.query(`SELECT change_log_sequence() AS more, ${PRUNED_THROUGH} AS pruned`)) as {
      more: boolean;
      pruned: string;
    }[];
    if (!row.more) return row.pruned;
  }
}

/**
 * How long after a commit its changes are numbered (at most, when no step ran in the last STEP_INTERVAL_MS): the
 * commits of that time are numbered by one step, whose cost (a round trip, a commit, a NOTIFY every instance reads)
 * is then shared. What a subscriber waits for an event, beside the commit itself, when commits are sparse.
 */
export const SEQUENCE_DELAY_MS = 10;

/**
 * How long at least between the starts of an instance's steps. Under a stream of commits a step every 10 ms cost
 * the database a commit (a WAL flush) for every three or four mutations; at most 20 steps a second per instance, a
 * subscriber waits up to 50 ms for an event under load.
 */
export const STEP_INTERVAL_MS = 50;

/**
 * How often at most an instance vacuums change_log_pending after its steps. Steps delete every row writers append,
 * and each step scans the table (dead rows too): left to autovacuum (every minute at best, and off on some
 * servers), the table grew to thousands of pages of dead rows and a step that found nothing cost milliseconds.
 */
export const PENDING_VACUUM_MS = 1000;

/** When an instance's steps run: promptly while `watched()` (a listener waits somewhere), else every `unwatchedMs`. */
export interface StepPace {
  watched: () => boolean;
  unwatchedMs: number;
}

/**
 * Runs sequenceChanges in the background when asked (`kick`): SEQUENCE_DELAY_MS after the first ask, and no
 * sooner than STEP_INTERVAL_MS after the start of the previous step; one step at a time per instance, and one more
 * after it when asked meanwhile (its snapshot may predate that commit), so that a burst of commits costs a few
 * steps, each numbering many transactions. With a `pace`, while no listener waits for changes (`pace.watched()`
 * false), both are `pace.unwatchedMs` instead; a step waiting for that starts as a prompt one would once a listener
 * comes (`kick` again). Without one, steps are always prompt. A failed step is logged; the next kick, or any
 * reader of the log, numbers what it left. Every PENDING_VACUUM_MS at most, the pending table's dead rows are
 * vacuumed after a step.
 */
export class ChangeSequencer {
  private timer: NodeJS.Timeout | undefined;
  /** When the step the timer waits for starts (performance.now()). */
  private due = Infinity;
  private running: Promise<void> | undefined;
  private again = false;
  private startedAt = -Infinity;
  private vacuumedAt = 0;
  /** What this sequencer did since the start (/metrics): steps run, steps failed, vacuums run, their time (ms). */
  readonly counts = { steps: 0, failures: 0, vacuums: 0, stepMs: 0, vacuumMs: 0 };

  constructor(
    private readonly db: Queryable,
    private readonly logger: Logger,
    private readonly delayMs = SEQUENCE_DELAY_MS,
    private readonly intervalMs = STEP_INTERVAL_MS,
    private readonly pace?: StepPace,
  ) {}

  /** Asks for a step; one already asked for starts sooner if it now may (a listener came meanwhile). */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    const slow = this.pace && !this.pace.watched() ? this.pace.unwatchedMs : undefined;
    const now = performance.now();
    const wait = Math.max(slow ?? this.delayMs, this.startedAt + (slow ?? this.intervalMs) - now);
    if (this.timer && now + wait >= this.due) return;
    clearTimeout(this.timer);
    this.due = now + wait;
    this.timer = setTimeout(() => this.start(), wait).unref();
  }

  /** A step asked for and waiting starts as soon as the pace now allows (a listener came); none is asked for. */
  hurry(): void {
    if (this.timer) this.kick();
  }

  private start(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.due = Infinity;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run().finally(() => {
      this.running = undefined;
      if (this.again) {
        // Asked during the step (its snapshot may predate that commit): another, the interval after its start.
        this.again = false;
        this.kick();
      }
    });
  }

  private async run(): Promise<void> {
    this.startedAt = performance.now();
    try {
      await sequenceChanges(this.db);
      this.counts.steps += 1;
      this.counts.stepMs += performance.now() - this.startedAt;
    } catch (error) {
      this.counts.failures += 1;
      this.logger.warn(
        { err: error },
        'change log: numbering pending changes failed; retrying at the next commit',
      );
      return;
    }
    if (Date.now() - this.vacuumedAt >= PENDING_VACUUM_MS) await this.vacuum();
  }

  /**
   * The dead rows of the steps go (PENDING_VACUUM_MS). VACUUM takes a lock writers and steps do not conflict with;
   * SKIP_LOCKED: when another instance is vacuuming the table, this one does not wait for it. PARALLEL 0: PostgreSQL
   * otherwise starts a worker process to clean up the table's indexes, 30 ms where the vacuum itself takes 0.5.
   */
  private async vacuum(): Promise<void> {
    this.vacuumedAt = Date.now();
    const started = performance.now();
    try {
      await this.db.query(`VACUUM (SKIP_LOCKED, PARALLEL 0) change_log_pending`);
      this.counts.vacuums += 1;
      this.counts.vacuumMs += performance.now() - started;
    } catch (error) {
      this.logger.warn({ err: error }, 'change log: vacuuming the pending changes failed');
    }
  }

  /** Runs the step asked for now, if any, and waits for the one under way (before the database closes). */
  async flush(): Promise<void> {
    // A step asked for during the one under way is scheduled when it ends: run it now too.
    while (this.timer || this.running) {
      if (this.timer) this.start();
      await this.running;
    }
  }
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

/** The highest seq pruned: a cursor below it is expired (what came after it is gone). */
async function prunedThrough(db: Queryable): Promise<string> {
  const [row] = (await db.query(`SELECT ${PRUNED_THROUGH} AS seq`)) as {
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
  { resuming = false, expire = false }: { resuming?: boolean; expire?: boolean } = {},
): Promise<{ records: ChangeRecord[]; transaction: ChangeRecord[] }[]> {
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
