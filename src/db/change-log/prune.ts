import type { Logger } from 'pino';
import { PRUNED_THROUGH, type Queryable } from './read';

/** The highest seq pruned: a cursor below it is expired (what came after it is gone). */
async function prunedThrough(db: Queryable): Promise<string> {
  const [row] = (await db.query(`SELECT ${PRUNED_THROUGH} AS seq`)) as {
    seq: string;
  }[];
  return row.seq;
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
