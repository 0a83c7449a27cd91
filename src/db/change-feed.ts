import { setTimeout as sleep } from 'node:timers/promises';
import { Client, type Notification, type Pool, type PoolClient } from 'pg';
import type { Logger } from 'pino';
import { CHANGES_CHANNEL, type Change, type ChangeSource, type FeedEvent } from '../common/changes';
import type { Database } from './database';

/** The application_name of the PostgreSQL feed connection (how an operator, or a test, finds it). */
export const FEED_APPLICATION_NAME = 'metacatalog-feed';

const MAX_BACKOFF_MS = 5000;

/**
 * One LISTEN connection per service instance, turned into FeedEvents.
 *
 * - PostgreSQL: a dedicated `pg` Client (not from the pool) that only LISTENs.
 * - Embedded PGlite: one backend session behind the socket, so a second connection would not receive the
 *   notifications (PGlite writes them into the output of the connection that committed). The pool's single
 *   connection LISTENs instead, and PostgreSQL delivers a session its own notifications after commit.
 *
 * When the connection is lost the feed says `lost`, then reconnects with backoff and says `ready` once it
 * LISTENs again: whatever was committed in between is not replayed.
 */
export class ChangeFeed implements ChangeSource {
  private readonly listeners = new Set<(event: FeedEvent) => void>();
  private connected = false;
  private stopped = false;
  private client: Client | undefined;
  private reconnecting: Promise<void> | undefined;
  /** PGlite: the pool connection that LISTENs (replaced when the pool opens a new one). */
  private poolClient: PoolClient | undefined;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {}

  get live(): boolean {
    return this.connected;
  }

  /** How many listeners the feed has (each open subscription is one). */
  get listenerCount(): number {
    return this.listeners.size;
  }

  listen(listener: (event: FeedEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Connects and LISTENs (the first time: failing if that fails, like opening the database). */
  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.connected = false;
    await this.client?.end().catch(() => undefined);
    this.client = undefined;
    await this.reconnecting;
  }

  private emit(event: FeedEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.logger.error({ err: error }, 'a change feed listener failed');
      }
    }
  }

  private onNotification = (message: Notification): void => {
    if (message.channel !== CHANGES_CHANNEL || !message.payload) return;
    let change: Change;
    try {
      change = JSON.parse(message.payload) as Change;
    } catch {
      this.logger.warn({ payload: message.payload.slice(0, 200) }, 'unreadable change notification ignored');
      return;
    }
    this.emit({ type: 'change', change });
  };

  private async connect(): Promise<void> {
    if (this.database.kind === 'pglite') {
      // The pool's only connection (a new one if the old one was lost): waits its turn like any query.
      const pool = (this.database.dataSource.driver as unknown as { master: Pool }).master;
      const client = await pool.connect();
      try {
        if (client !== this.poolClient) this.adoptPoolClient(client);
        await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      } finally {
        client.release();
      }
    } else {
      const options = this.database.dataSource.options as { url?: string };
      const client = new Client({
        connectionString: options.url,
        application_name: FEED_APPLICATION_NAME,
        connectionTimeoutMillis: 10_000,
        keepAlive: true,
      });
      client.on('notification', this.onNotification);
      client.on('error', () => this.onLost(client));
      client.on('end', () => this.onLost(client));
      try {
        await client.connect();
        await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      } catch (error) {
        client.removeAllListeners('end');
        client.removeAllListeners('error');
        client.on('error', () => undefined);
        await client.end().catch(() => undefined);
        throw error;
      }
      this.client = client;
    }
    this.connected = true;
  }

  /** PGlite: the pool connection delivers our notifications; its loss is the feed's. */
  private adoptPoolClient(client: PoolClient): void {
    this.poolClient = client;
    client.on('notification', this.onNotification);
    client.on('error', () => this.onLost(client));
    client.on('end', () => this.onLost(client));
  }

  private onLost(client: Client | PoolClient): void {
    if (this.stopped) return;
    if (this.database.kind === 'postgres' && client !== this.client) return;
    if (this.database.kind === 'pglite' && client !== this.poolClient) return;
    if (!this.connected) return;
    this.connected = false;
    this.client = undefined;
    this.logger.warn(
      'change feed: database connection lost; reconnecting (changes in between are not replayed)',
    );
    this.emit({ type: 'lost' });
    this.reconnecting ??= this.reconnect().finally(() => (this.reconnecting = undefined));
  }

  private async reconnect(): Promise<void> {
    for (let attempt = 1; !this.stopped; attempt += 1) {
      await sleep(Math.min(100 * 2 ** attempt, MAX_BACKOFF_MS));
      if (this.stopped) return;
      try {
        await this.connect();
        this.logger.info({ attempt }, 'change feed: listening again');
        this.emit({ type: 'ready' });
        return;
      } catch (error) {
        this.logger.warn({ err: error, attempt }, 'change feed: reconnect failed; retrying');
      }
    }
  }
}

/** Starts the feed of this instance on its database. */
export async function openChangeFeed(database: Database, logger: Logger): Promise<ChangeFeed> {
  const feed = new ChangeFeed(database, logger);
  await feed.start();
  return feed;
}
