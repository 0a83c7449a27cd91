import type { Logger } from 'pino';
import { PRUNED_THROUGH, type Queryable } from './read';

/**
 * Numbers the changes committed and not numbered yet (`change_log_sequence()`,
 * src/db/change-log/sql/change_log_sequence.sql), a batch at a time, until none is left. Returns at once, without a lock,
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
