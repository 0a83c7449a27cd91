import { madeFrom, type ChangeRecord, type FeedEvent } from '../../common/changes';
import type { Context } from '../../common/context';
import { AppError } from '../../common/errors';
import { transactionsAfter } from '../../db/change-log';

/** A committed change (with every record of its transaction), as a subscription sees it. */
export interface Delivery {
  change: ChangeRecord;
  transaction: readonly ChangeRecord[];
}

/** Turns a committed change into what this subscriber receives, or null when it must not (or need not) see it. */
export type Deliver<T> = (ctx: Context, delivery: Delivery) => Promise<T | null>;

/** How many change records a resumed subscription reads from the log at a time. */
const BACKLOG_BATCH = 200;

/**
 * How far a subscriber may fall behind (events committed but not yet sent to it, because its connection does not
 * take them as fast as they come) before its subscription ends with an error: what one slow or stalled client can
 * make the service hold is bounded.
 */
export const MAX_PENDING_EVENTS = 1000;

/**
 * The events of one subscription, in commit order: every change of the instance's feed goes through
 * `deliver` with the subscriber's context (fresh loaders each time, so visibility is checked against the
 * database as it is now). The iteration ends when the feed is lost (the WebSocket layer then closes the
 * connection with 4503, see app/subscriptions.ts), and fails with SERVICE_UNAVAILABLE when the subscriber
 * falls more than MAX_PENDING_EVENTS behind (graphql-ws sends that subscription an `error`; the others go on).
 *
 * With `after` (a seq), it first reads what was committed after it from the change log, then goes on with the
 * feed: it listens before it reads, and skips what the feed brings that it has already read, so nothing is missed
 * and nothing is sent twice. Without it, `head` (the log's head, read after a sequencing step) is where it starts:
 * a change committed before the subscription, numbered after it, is not sent.
 */
export function changeEvents<T>(
  ctx: Context,
  deliver: Deliver<T>,
  after?: string,
  head?: string,
): AsyncIterableIterator<T> {
  return new ChangeEvents(ctx, deliver, after, head);
}

class ChangeEvents<T> implements AsyncIterableIterator<T> {
  private readonly pending: FeedEvent[] = [];
  private wake: (() => void) | undefined;
  private done = false;
  private overflowed = false;
  /** The log after this seq is still to be read (a resumed subscription, until it caught up). */
  private backlogAfter: string | undefined;
  private backlog: Delivery[] = [];
  private resuming = true;
  /** The highest seq this subscription went through (what the feed brings at or below it was read already). */
  private seen: bigint | undefined;
  private readonly stop: () => void;

  constructor(
    private readonly ctx: Context,
    private readonly deliver: Deliver<T>,
    /** A client's cursor: every read of the log checks the log still keeps what follows it. */
    private readonly after: string | undefined,
    head: string | undefined,
  ) {
    this.backlogAfter = after;
    this.seen = after === undefined ? undefined : BigInt(after);
    const { changes } = ctx.instance;
    this.stop = changes.listen((event) => this.onEvent(event));
    if (after === undefined && head !== undefined) {
      // A new subscription: what the feed brings at or below the head was committed before it subscribed; what
      // it brought above the head before this listened is read from the log.
      this.seen = BigInt(head);
      if (BigInt(changes.deliveredSeq) > this.seen) this.backlogAfter = head;
    }
    if (!changes.live) this.finish();
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }

  private onEvent(event: FeedEvent): void {
    if (this.pending.length >= MAX_PENDING_EVENTS) {
      // Nothing more is kept for it; next() reports why.
      this.overflowed = true;
      this.pending.length = 0;
      this.stop();
    } else this.pending.push(event);
    this.wake?.();
  }

  private finish(): IteratorResult<T> {
    this.done = true;
    this.stop();
    this.pending.length = 0;
    this.backlog = [];
    this.wake?.();
    return { done: true, value: undefined };
  }

  /** Reads the log while a resumed subscription catches up, until it has a delivery or caught up. */
  private async readBacklog(): Promise<void> {
    while (!this.backlog.length && this.backlogAfter !== undefined) {
      // After a client's cursor, every read checks that the log still keeps what follows it (a pruning may commit
      // after subscribe checked the cursor); after the head (a new subscription), the log always does.
      const groups = await transactionsAfter(this.ctx.db, this.backlogAfter, BACKLOG_BATCH, {
        resuming: this.resuming,
        expire: this.after !== undefined,
      });
      this.resuming = false;
      if (!groups.length) this.backlogAfter = undefined;
      for (const { records, transaction } of groups) {
        for (const change of records) this.backlog.push({ change, transaction });
        this.backlogAfter = records.at(-1)!.seq;
      }
    }
  }

  /** The next delivery: from the log while a resumed subscription catches up, then from the feed. */
  private async nextDelivery(): Promise<Delivery | 'lost' | undefined> {
    await this.readBacklog();
    const read = this.backlog.shift();
    if (read) return read;
    for (let event = this.pending.shift(); event; event = this.pending.shift()) {
      if (event.type === 'lost') return 'lost';
      if (event.type !== 'change') continue;
      if (this.seen !== undefined && BigInt(event.change.seq) <= this.seen) continue;
      return event;
    }
    return undefined;
  }

  async next(): Promise<IteratorResult<T>> {
    while (!this.done) {
      if (this.overflowed) {
        this.finish();
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          `This subscription fell more than ${MAX_PENDING_EVENTS} changes behind (its connection did not take ` +
            'them as fast as they were committed) and was ended: subscribe again, and fetch what you show.',
        );
      }
      const delivery = await this.nextDelivery();
      if (this.done) break;
      if (delivery === 'lost') return this.finish();
      if (!delivery) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = undefined;
        continue;
      }
      const value = await this.valueOf(delivery);
      if (value !== null && !this.done) return { done: false, value };
    }
    return { done: true, value: undefined };
  }

  /** What the subscriber receives of `delivery`, or null. */
  private async valueOf(delivery: Delivery): Promise<T | null> {
    if (this.seen !== undefined) this.seen = BigInt(delivery.change.seq);
    this.ctx.loaders.clearAll();
    const value = await this.deliver(this.ctx, delivery);
    // Values made from the feed's event are shared by subscribers who see alike (app/subscriptions.ts).
    if (value !== null && typeof value === 'object' && 'type' in delivery)
      madeFrom(value, delivery as FeedEvent);
    return value;
  }

  async return(): Promise<IteratorResult<T>> {
    return this.finish();
  }
}
