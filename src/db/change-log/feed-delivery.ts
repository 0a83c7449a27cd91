import type { Logger } from 'pino';
import { CHANGES_PAYLOAD_VERSION, type FeedEvent } from '../../common/changes';
import { transactionsAfter, type Queryable } from './read';

/** A read of the log until it has no more records. */
export const NO_END = 2n ** 63n;
/** How many change records one read of the log takes (whole transactions: one may take more). */
const READ_BATCH = 500;

type Listener = (event: FeedEvent) => void;

/** A change notification's payload as this code reads it (CHANGES_PAYLOAD_VERSION), or undefined if it cannot. */
export function readChangeNotification(
  payload: string | undefined,
): { seq: string; types: string[] } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload ?? '');
  } catch {
    return undefined;
  }
  const { v, seq, types } = (parsed ?? {}) as { v?: unknown; seq?: unknown; types?: unknown };
  if (v !== CHANGES_PAYLOAD_VERSION || typeof seq !== 'string' || !/^[0-9]{1,18}$/.test(seq))
    return undefined;
  if (typeof types !== 'string' || !/^[A-Za-z,]*$/.test(types)) return undefined;
  return { seq, types: types ? types.split(',') : [] };
}

/**
 * The feed's listeners and what they are given: a notification carries the highest seq a step numbered and the
 * node types it recorded; the log is read after the last record delivered (read.ts), and the records delivered, a
 * transaction's together, in seq order. A commit no listener needs is passed without reading the log.
 */
export class FeedDelivery {
  private readonly listeners = new Set<Listener>();
  /** The node types a listener needs changes of, if it said (`listen`'s `types`); one not here needs every change. */
  private readonly interests = new Map<Listener, ReadonlySet<string>>();
  /** The highest seq delivered (or, after a (re)connection, the head then: what came before is not replayed). */
  private delivered = '0';
  /** The log being read (one read at a time); `behind`: a notification came meanwhile, read again. */
  private reading: Promise<void> | undefined;
  private behind = false;
  /** The highest seq a notification announced: the log is read until it is delivered. */
  private until = 0n;
  /** Commits no listener needed, passed without reading the log. */
  private skipped = 0;
  /** The highest seq a notification announced that a listener needed (the log is read up to it, at least). */
  private neededUntil = 0n;

  constructor(
    /** Reads the change log beside TypeORM (`Database.background`): not counted as a request's statements. */
    private readonly logReader: Queryable,
    private readonly logger: Logger,
    private readonly stopped: () => boolean,
  ) {}

  /** The highest seq delivered (or passed). */
  get deliveredSeq(): string {
    return this.delivered;
  }

  /** How many commits were passed without reading the log (no listener needed what they recorded). */
  get skippedCommits(): number {
    return this.skipped;
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  /** Delivers to `listener`, which needs the changes of `types` only if given, until the returned function is called. */
  add(listener: Listener, types?: readonly string[]): () => void {
    this.listeners.add(listener);
    if (types) this.interests.set(listener, new Set(types));
    return () => {
      this.listeners.delete(listener);
      this.interests.delete(listener);
    };
  }

  /** Delivers from after `head` on (a (re)connection: what came before is not replayed). */
  startAt(head: string): void {
    this.delivered = head;
    this.until = BigInt(head);
  }

  emit(event: FeedEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.logger.error({ err: error }, 'a change feed listener failed');
      }
    }
  }

  /** Whether a listener needs the changes of any of `types`. */
  private needs(types: readonly string[]): boolean {
    for (const listener of this.listeners) {
      const wanted = this.interests.get(listener);
      if (!wanted || types.some((type) => wanted.has(type))) return true;
    }
    return false;
  }

  /** A step numbered the log up to `seq`, recording changes of `types` (every type when empty). */
  numbered({ seq, types }: { seq: string; types: readonly string[] }): void {
    const until = BigInt(seq);
    const needed = !types.length || this.needs(types);
    // Caught up (notifications come in the steps' order, which is seq order: this step is the next one) and no
    // listener needs what it recorded: delivered without reading the log.
    if (!needed && !this.reading && BigInt(this.delivered) >= this.until && until > this.until) {
      this.delivered = seq;
      this.until = until;
      this.skipped += 1;
      return;
    }
    this.readLog(until, needed);
  }

  /**
   * Reads the log after the last delivered record, up to `until` at least (NO_END: until it has no more), and
   * delivers what it finds, a transaction at a time.
   */
  readLog(until: bigint, needed = true): void {
    if (until > this.until) this.until = until;
    if (needed && until > this.neededUntil) this.neededUntil = until;
    if (this.reading) {
      this.behind = true;
      return;
    }
    this.reading = (async () => {
      do {
        this.behind = false;
        await this.readUntil();
      } while (this.behind && !this.stopped());
    })()
      .catch((error: unknown) =>
        this.logger.error({ err: error }, 'change feed: reading the change log failed'),
      )
      .finally(() => (this.reading = undefined));
  }

  private async readUntil(): Promise<void> {
    while (BigInt(this.delivered) < this.until) {
      if (BigInt(this.delivered) >= this.neededUntil && this.until !== NO_END) {
        // What is left, no listener needed when it was announced: passed without reading (a feed kept busy
        // by a stream of steps would otherwise read every record).
        this.delivered = this.until.toString();
        this.skipped += 1;
        return;
      }
      const groups = await transactionsAfter(this.logReader, this.delivered, READ_BATCH);
      if (!groups.length || this.stopped()) {
        if (this.until === NO_END) this.until = BigInt(this.delivered);
        if (this.neededUntil === NO_END) this.neededUntil = BigInt(this.delivered);
        return;
      }
      for (const { records, transaction } of groups) {
        for (const change of records) this.emit({ type: 'change', change, transaction });
        this.delivered = records.at(-1)!.seq;
      }
    }
  }

  /** Waits for the read under way. */
  async settled(): Promise<void> {
    await this.reading;
  }
}
