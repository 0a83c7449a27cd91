import type { Notification } from 'pg';
import type { Logger } from 'pino';
import {
  CHANGES_CHANNEL,
  CHANGES_PAYLOAD_VERSION,
  CHANGES_PENDING_CHANNEL,
  CHANGES_WATCHED_CHANNEL,
  type ChangeSource,
  type FeedEvent,
  type ListenOptions,
} from '../../common/changes';
import type { Database } from '../database';
import { SCHEMA_CHANNEL, SCHEMA_CHECK_MS, schemaProblem } from '../schema-compat';
import { FeedConnection, type FeedConnectionOptions } from './feed-connection';
import { FeedDelivery, NO_END, readChangeNotification } from './feed-delivery';
import { FeedPacing } from './feed-pacing';
import { fenceLostTail, lastSeq } from './read';

export { FEED_APPLICATION_NAME } from './feed-connection';
export { readChangeNotification } from './feed-delivery';

export interface ChangeFeedOptions extends FeedConnectionOptions {
  /** How long a change may wait to be numbered while no listener waits for it (CHANGE_STEP_UNWATCHED_MS). */
  unwatchedStepMs: number;
  /** How often the schema's `schema_compat` is read again beside its NOTIFYs (default SCHEMA_CHECK_MS). */
  schemaCheckMs?: number;
}

/**
 * One LISTEN connection per service instance, turned into FeedEvents. Three parts, one file each:
 *
 * - the connection (feed-connection.ts): LISTENs, proves itself alive by a heartbeat, reconnects when lost;
 * - the delivery (feed-delivery.ts): a notification carries the highest seq a step numbered; the feed then reads
 *   the change log after the last record it delivered (read.ts) and delivers the records, a transaction's
 *   together, in seq order;
 * - the pacing (feed-pacing.ts): the feed has changes numbered (ChangeSequencer): those its instance committed
 *   (`committed`), those another writer announced on CHANGES_PENDING_CHANNEL, and what was pending when it
 *   (re)connected; promptly while a listener waits, here or elsewhere.
 *
 * This class ties them and follows the schema: when the connection is lost the feed says `lost`, then `ready`
 * once it LISTENs again, starting from the log's head then: subscribers resume from their own cursors.
 */
export class ChangeFeed implements ChangeSource {
  private stopped = false;
  private readonly connection: FeedConnection;
  private readonly delivery: FeedDelivery;
  private readonly pacing: FeedPacing;
  /** Whether it has listened once: a head found below what it delivered then is a lost tail. */
  private listened = false;
  private tail: { from: string; to: string; at: string } | undefined;
  /** Why this instance may no longer serve beside the others (see `incompatible`), once it is so. */
  private incompatibility: string | undefined;
  private schemaTimer: NodeJS.Timeout | undefined;
  private checkingSchema: Promise<void> | undefined;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
    private readonly options: ChangeFeedOptions,
  ) {
    this.connection = new FeedConnection(database, logger, options, {
      notification: (message) => this.onNotification(message),
      listening: () => this.startFromHead(),
      connected: () => this.caughtUp(),
      lost: () => {
        this.pacing.quiet();
        this.delivery.emit({ type: 'lost' });
      },
      reconnected: () => this.delivery.emit({ type: 'ready' }),
    });
    this.delivery = new FeedDelivery(database.background, logger, () => this.stopped);
    this.pacing = new FeedPacing(database, logger, this.connection, options.unwatchedStepMs);
  }

  /**
   * Whether a listener waits for changes, here or (PostgreSQL) on another instance: commits are then numbered
   * promptly. Also while this feed does not listen: it would not hear another instance say so.
   */
  get watched(): boolean {
    return this.pacing.watched;
  }

  committed(): void {
    if (!this.stopped) this.pacing.committed();
  }

  /** What this instance's sequencer did since the start: steps run, steps failed, vacuums of the pending table. */
  get sequencing(): Readonly<{
    steps: number;
    failures: number;
    vacuums: number;
    stepMs: number;
    vacuumMs: number;
  }> {
    return this.pacing.sequencer.counts;
  }

  /** Runs now the sequencing step this instance was asked for, if any, and waits for it. */
  async sequenced(): Promise<void> {
    await this.pacing.flush();
  }

  /** Whether the feed listens now and can follow the other instances (see `incompatible`). */
  get live(): boolean {
    return this.connection.connected && !this.incompatibility;
  }

  /**
   * Why this instance may no longer serve beside the others, for good (until it is replaced by newer code): the
   * schema says it is too old (`schema_compat`, src/db/schema-compat.ts), or another instance's notification is
   * in a form it cannot read. Its subscribers were told `lost` (4503: they resume by cursor elsewhere), the feed
   * delivers nothing more, and readiness fails.
   */
  get incompatible(): string | undefined {
    return this.incompatibility;
  }

  /** This instance can no longer follow the others: says why once, and drops its subscribers (`lost`). */
  private becomeIncompatible(reason: string): void {
    if (this.incompatibility || this.stopped) return;
    this.incompatibility = reason;
    this.logger.error(
      { reason },
      'this instance cannot serve beside the others any more: not ready, subscriptions closed (4503)',
    );
    this.delivery.emit({ type: 'lost' });
  }

  /** Reads `schema_compat` (one read at a time): a schema too new for this code makes the instance incompatible. */
  checkSchema(): Promise<void> {
    this.checkingSchema ??= schemaProblem(this.database.background)
      .then((problem) => problem && this.becomeIncompatible(problem.message))
      .catch((error: unknown) =>
        this.logger.warn({ err: error }, 'change feed: reading schema_compat failed; retrying later'),
      )
      .finally(() => (this.checkingSchema = undefined));
    return this.checkingSchema;
  }

  /**
   * The last time this instance found the change log's head moved back below what it had delivered (a failover
   * to a lagging standby, a restore): `from` the highest seq it had delivered, `to` the head it found, `at` when.
   */
  get movedBack(): Readonly<{ from: string; to: string; at: string }> | undefined {
    return this.tail;
  }

  /** How many heartbeats came back through the LISTEN connection since the start. */
  get heartbeats(): number {
    return this.connection.heartbeats;
  }

  /** How many commits the feed passed without reading the log (no listener needed what they recorded). */
  get skippedCommits(): number {
    return this.delivery.skippedCommits;
  }

  /** How many listeners the feed has (each open subscription is one). */
  get listenerCount(): number {
    return this.delivery.listenerCount;
  }

  /** The highest seq this feed has delivered. */
  get deliveredSeq(): string {
    return this.delivery.deliveredSeq;
  }

  listen(listener: (event: FeedEvent) => void, options?: ListenOptions): () => void {
    const remove = this.delivery.add(listener, options?.types);
    const waits = !options?.eventual && options?.types?.length !== 0;
    const done = waits ? this.pacing.wait(listener) : undefined;
    return () => {
      remove();
      done?.();
    };
  }

  /** Connects and LISTENs (the first time: failing if that fails, like opening the database). */
  async start(): Promise<void> {
    await this.connection.connect();
    this.schemaTimer = setInterval(
      () => void this.checkSchema(),
      this.options.schemaCheckMs ?? SCHEMA_CHECK_MS,
    ).unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.pacing.stop();
    clearInterval(this.schemaTimer);
    await this.connection.stop();
    await this.pacing.flush();
    await this.delivery.settled();
    await this.checkingSchema;
  }

  private onNotification(message: Notification): void {
    if (message.channel === CHANGES_PENDING_CHANNEL) this.committed();
    else if (message.channel === SCHEMA_CHANNEL) void this.checkSchema();
    // A listener waits on some instance: a step asked for starts as a prompt one would.
    else if (message.channel === CHANGES_WATCHED_CHANNEL) this.pacing.watchedElsewhere();
    else if (message.channel === CHANGES_CHANNEL && this.connection.connected && !this.incompatibility)
      this.onChanges(message.payload);
  }

  /**
   * A step's payload: its highest seq and the node types it recorded; the records are read from the log, after the
   * last delivered, up to it. One this code cannot read comes from newer code whose changes it may not follow: its
   * subscribers go (4503, they resume by cursor elsewhere) rather than miss changes.
   */
  private onChanges(payload: string | undefined): void {
    const notification = readChangeNotification(payload);
    if (notification) {
      this.delivery.numbered(notification);
      return;
    }
    this.becomeIncompatible(
      `a change notification in a form this code does not read (version ${CHANGES_PAYLOAD_VERSION}): ` +
        `${(payload ?? '').slice(0, 200)}; newer code sends it, replace this instance`,
    );
  }

  /**
   * Listening (again): what was committed while not listening is not replayed by the feed (a subscription resumes
   * from its own cursor); the feed starts at the log's head. A head below what it delivered is a lost tail.
   */
  private async startFromHead(): Promise<void> {
    const seen = this.listened ? this.delivery.deliveredSeq : undefined;
    let head = await lastSeq(this.database.background);
    if (seen !== undefined && BigInt(head) < BigInt(seen)) head = await this.fence(seen);
    this.delivery.startAt(head);
    this.listened = true;
    this.pacing.listening();
  }

  /**
   * The database lost what this instance had delivered: its subscribers were closed (4503, `lost`) and resume by
   * cursor; every cursor up to `seen` becomes CURSOR_EXPIRED, so they refetch instead of skipping. (What was
   * delivered is kept until the fence is in: a failed attempt leaves it for the next one.) Returns the new head.
   */
  private async fence(seen: string): Promise<string> {
    const reader = this.database.background;
    this.tail = { from: seen, to: await fenceLostTail(reader, seen), at: new Date().toISOString() };
    this.logger.error(
      this.tail,
      'change log: the head moved back (the database lost committed changes: a failover to a standby that ' +
        'lacked them, or a restore); cursors up to the old head are now expired',
    );
    return lastSeq(reader);
  }

  /** Connected: what came while the head was read, and what nobody numbered while no instance listened. */
  private caughtUp(): void {
    this.delivery.readLog(NO_END); // a commit whose notification came while the head was read
    this.committed(); // what was committed and not numbered while no instance listened
    this.pacing.announce();
    // A migration's NOTIFY may have come while not listening.
    void this.checkSchema();
  }
}

/** Starts the feed of this instance on its database. */
export async function openChangeFeed(
  database: Database,
  logger: Logger,
  options: ChangeFeedOptions,
): Promise<ChangeFeed> {
  const feed = new ChangeFeed(database, logger, options);
  await feed.start();
  return feed;
}
