import type { Logger } from 'pino';
import {
  CHANGES_WATCHED_CHANNEL,
  WATCH_ANNOUNCE_MS,
  WATCHED_FOR_MS,
  type FeedEvent,
} from '../../common/changes';
import type { Database } from '../database';
import type { FeedConnection } from './feed-connection';
import { ChangeSequencer } from './sequencer';

/**
 * When this instance's commits are numbered: its sequencer (ChangeSequencer) runs promptly while a listener waits
 * for changes as they come, here or on another instance (which says so on CHANGES_WATCHED_CHANNEL), and every
 * `unwatchedMs` otherwise. While a listener waits here, this instance says so to the others every
 * WATCH_ANNOUNCE_MS (PostgreSQL; PGlite has no other instance).
 */
export class FeedPacing {
  /** Numbers the changes this instance committed, and those another writer announced (CHANGES_PENDING_CHANNEL). */
  readonly sequencer: ChangeSequencer;
  /** The listeners waiting for changes as they come (subscriptions; not `eventual` ones, nor those of no type). */
  private readonly waiting = new Set<(event: FeedEvent) => void>();
  /** Until when (performance.now()) another instance's listeners wait, as it last said (CHANGES_WATCHED_CHANNEL). */
  private watchedUntil = 0;
  private announceTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
    private readonly connection: FeedConnection,
    unwatchedMs: number,
  ) {
    this.sequencer = new ChangeSequencer(database.background, logger, undefined, undefined, {
      watched: () => this.watched,
      unwatchedMs,
    });
  }

  /**
   * Whether a listener waits for changes, here or (PostgreSQL) on another instance: commits are then numbered
   * promptly. Also while the feed does not listen: it would not hear another instance say so.
   */
  get watched(): boolean {
    return this.waiting.size > 0 || !this.connection.connected || performance.now() < this.watchedUntil;
  }

  /** A transaction committed (here, or another writer said so): its changes are to be numbered. */
  committed(): void {
    if (!this.stopped) this.sequencer.kick();
  }

  /** `listener` waits for changes as they come until the returned function is called. */
  wait(listener: (event: FeedEvent) => void): () => void {
    this.waiting.add(listener);
    if (this.waiting.size === 1) {
      // The first one: a step asked for starts as a prompt one would, and the other instances hear of it.
      this.sequencer.hurry();
      this.announce();
    }
    return () => this.waiting.delete(listener);
  }

  /** Another instance said a listener waits there: a step asked for starts as a prompt one would. */
  watchedElsewhere(): void {
    this.watchedUntil = performance.now() + WATCHED_FOR_MS;
    this.sequencer.hurry();
  }

  /** Listening (again): another instance may have said its listeners wait meanwhile; as if it just had. */
  listening(): void {
    if (this.database.kind === 'postgres') this.watchedUntil = performance.now() + WATCHED_FOR_MS;
  }

  /**
   * PostgreSQL: tells every instance (this one too) that a listener here waits for changes, now and every
   * WATCH_ANNOUNCE_MS while one does, through the LISTEN connection. PGlite has no other instance.
   */
  announce(): void {
    this.quiet();
    const { connection } = this;
    if (this.database.kind !== 'postgres' || !this.waiting.size || this.stopped || !connection.connected)
      return;
    connection.send(`NOTIFY ${CHANGES_WATCHED_CHANNEL}`)?.catch((error: unknown) =>
      // A failed NOTIFY on this connection is its loss, which the heartbeat and 'error' tell.
      this.logger.debug({ err: error }, 'change feed: saying a listener waits failed'),
    );
    this.announceTimer = setTimeout(() => this.announce(), WATCH_ANNOUNCE_MS).unref();
  }

  /** No more announcements until the next `announce` (the connection is lost). */
  quiet(): void {
    clearTimeout(this.announceTimer);
    this.announceTimer = undefined;
  }

  /** No more announcements nor steps asked for; the step asked for or under way runs to its end. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.quiet();
  }

  /** Runs now the step asked for, if any, and waits for it. */
  async flush(): Promise<void> {
    await this.sequencer.flush();
  }
}
