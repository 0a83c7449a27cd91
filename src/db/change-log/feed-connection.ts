import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, type Notification, type Pool, type PoolClient } from 'pg';
import type { Logger } from 'pino';
import { CHANGES_CHANNEL, CHANGES_PENDING_CHANNEL, CHANGES_WATCHED_CHANNEL } from '../../common/changes';
import { poolOf, type Database } from '../database';
import { SCHEMA_CHANNEL } from '../schema-compat';

/** The application_name of the PostgreSQL feed connection (how an operator, or a test, finds it). */
export const FEED_APPLICATION_NAME = 'metacatalog-feed';

const MAX_BACKOFF_MS = 5000;
/** How long stop() lets a healthy feed connection end politely before cutting it. */
const END_GRACE_MS = 1000;

export interface FeedConnectionOptions {
  /** Every this many ms the feed sends itself a notification through its LISTEN connection (0: never). */
  heartbeatMs: number;
  /**
   * How long that notification may take to come back, and how long a (re)connection's LISTEN may take, before
   * the connection counts as lost.
   */
  heartbeatTimeoutMs: number;
  /** How long opening the PostgreSQL connection may take (DATABASE_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs: number;
}

/** What the feed does at each turn of its connection's life. */
export interface FeedConnectionEvents {
  /** A notification of a channel the feed listens on (never a heartbeat). */
  notification(message: Notification): void;
  /** LISTENing (again), not yet `connected`: where the feed starts from (it may fail: the attempt fails). */
  listening(): Promise<void>;
  /** `connected` now: the feed catches up with what came while it read where to start. */
  connected(): void;
  /** The connection was lost (not stopped): the feed says so; reconnecting has begun. */
  lost(): void;
  /** Listening again after a loss. */
  reconnected(): void;
}

/** A pg Client's socket: what is left to close when the other end no longer answers. */
function destroySocket(client: Client): void {
  (client as unknown as { connection?: { stream?: Socket } }).connection?.stream?.destroy();
}

/** What `promise` resolves to, or `late` once `ms` have passed (checked after pending I/O, see below). */
function within<T>(promise: Promise<T>, ms: number, late: T): Promise<T> {
  return new Promise((resolve, reject) => {
    // The timer may fire late after the event loop was busy, before the I/O that arrived meanwhile is read:
    // setImmediate runs after that I/O, so an answer that is already here wins.
    const timer = setTimeout(() => setImmediate(() => resolve(late)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A heartbeat on its way: its token, whether it came back (`settle` says), and why not if it did not. */
interface Heartbeat {
  token: string;
  back: Promise<boolean>;
  settle: (back: boolean) => void;
  reason: string;
}

/**
 * The feed's LISTEN connection, kept alive: connected (and LISTENing on every channel the feed reads), proved
 * alive by a heartbeat, reconnected with backoff when lost.
 *
 * - PostgreSQL: a dedicated `pg` Client (not from the pool) that only LISTENs.
 * - Embedded PGlite: one backend session behind the socket, so a second connection would not receive the
 *   notifications (PGlite writes them into the output of the connection that committed). The pool's single
 *   connection LISTENs instead, and PostgreSQL delivers a session its own notifications after commit.
 *
 * A connection can be lost silently: a NAT or firewall that forgets an idle connection drops its packets
 * without closing anything, and only TCP keepalive (about two hours) would notice. So every `heartbeatMs` the
 * feed NOTIFYs a channel of its own through its LISTEN connection and expects the notification back within
 * `heartbeatTimeoutMs`. A missed deadline is a lost connection: `lost`, the socket destroyed (a graceful end
 * would wait for an answer that never comes), and a reconnection. One heartbeat is outstanding at a time, and
 * heartbeats are never delivered as changes.
 *
 * On PGlite there is no network to lose, but the feed shares the pool's one connection with every request:
 * the heartbeat proves that connection still LISTENs (nothing in between ran UNLISTEN or DISCARD ALL). It
 * waits for the connection like any query and its deadline starts once it has it, so a burst of requests, or
 * a long transaction, delays a heartbeat but never makes it a loss.
 */
export class FeedConnection {
  private isConnected = false;
  private stopped = false;
  private client: Client | undefined;
  /** A PostgreSQL connection being opened (stop() cuts it). */
  private connecting: Client | undefined;
  private reconnecting: Promise<void> | undefined;
  private readonly stopping = new AbortController();
  /** PGlite: the pool connection that LISTENs (replaced when the pool opens a new one). */
  private poolClient: PoolClient | undefined;
  /** This feed's own heartbeat channel: other instances do not LISTEN on it. */
  private readonly heartbeatChannel = `metacatalog_feed_${randomBytes(8).toString('hex')}`;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;
  /** The heartbeat on its way. */
  private awaited: Heartbeat | undefined;
  private sent = 0;
  private received = 0;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
    private readonly options: FeedConnectionOptions,
    private readonly events: FeedConnectionEvents,
  ) {}

  /** Whether it LISTENs now. */
  get connected(): boolean {
    return this.isConnected;
  }

  /** How many heartbeats came back through the LISTEN connection since the start. */
  get heartbeats(): number {
    return this.received;
  }

  /** PostgreSQL: sends `statement` on the LISTEN connection, if it has one (a failure is the connection's loss). */
  send(statement: string): Promise<unknown> | undefined {
    return this.client?.query(statement);
  }

  /** Stops for good: no more heartbeats nor reconnections, the connection ended (cut if it does not answer). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.isConnected = false;
    this.stopping.abort();
    clearTimeout(this.heartbeatTimer);
    this.awaited?.settle(false);
    if (this.connecting) destroySocket(this.connecting);
    await this.beating;
    const client = this.client;
    this.client = undefined;
    if (client) {
      // Politely if it answers; a black-holed connection never would.
      const cut = setTimeout(() => destroySocket(client), END_GRACE_MS);
      await client.end().catch(() => undefined);
      clearTimeout(cut);
    }
    await this.reconnecting;
  }

  private onNotification = (message: Notification): void => {
    if (message.channel !== this.heartbeatChannel) {
      this.events.notification(message);
      return;
    }
    const awaited = this.awaited;
    if (awaited && message.payload === awaited.token) awaited.settle(true);
  };

  private get listenStatement(): string {
    const channels = [CHANGES_CHANNEL, CHANGES_PENDING_CHANNEL, CHANGES_WATCHED_CHANNEL, SCHEMA_CHANNEL];
    return [...channels, this.heartbeatChannel].map((channel) => `LISTEN ${channel}`).join('; ');
  }

  private get pool(): Pool {
    return poolOf(this.database.dataSource)!;
  }

  /** Connects and LISTENs, then lets the feed start (the first time: failing if that fails). */
  async connect(): Promise<void> {
    if (this.database.kind === 'pglite') await this.listenOnPool();
    else this.client = await this.openClient();
    if (this.stopped) return;
    await this.events.listening();
    this.isConnected = true;
    this.events.connected();
    this.scheduleHeartbeat();
  }

  /** PGlite: the pool's only connection (a new one if the old one was lost) LISTENs; waits its turn like any query. */
  private async listenOnPool(): Promise<void> {
    const client = await this.pool.connect();
    try {
      if (client !== this.poolClient) this.adoptPoolClient(client);
      await client.query(this.listenStatement);
    } finally {
      client.release();
    }
  }

  /** PGlite: the pool connection delivers our notifications; its loss is the feed's. */
  private adoptPoolClient(client: PoolClient): void {
    this.poolClient = client;
    this.follow(client);
  }

  private follow(client: Client | PoolClient): void {
    client.on('notification', this.onNotification);
    client.on('error', () => this.onLost(client, 'connection error'));
    client.on('end', () => this.onLost(client, 'connection ended'));
  }

  /** PostgreSQL: a connection of its own, LISTENing within the heartbeat's deadline. */
  private async openClient(): Promise<Client> {
    const options = this.database.dataSource.options as { url?: string };
    const client = new Client({
      connectionString: options.url,
      application_name: FEED_APPLICATION_NAME,
      // pg destroys the socket when the connection is not ready in time (a black-holed path never answers).
      connectionTimeoutMillis: this.options.connectTimeoutMs,
      keepAlive: true,
    });
    this.follow(client);
    this.connecting = client;
    try {
      await client.connect();
      // LISTEN is one more round trip on a path that may have gone silent since the connect.
      const listening = client.query(this.listenStatement).then(() => true);
      if (!(await within(listening, this.options.heartbeatTimeoutMs, false))) {
        throw new Error(`LISTEN not answered within ${this.options.heartbeatTimeoutMs} ms`);
      }
      if (this.stopped) throw new Error('change feed stopped');
    } catch (error) {
      client.removeAllListeners('end');
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      destroySocket(client);
      throw error;
    } finally {
      this.connecting = undefined;
    }
    return client;
  }

  private scheduleHeartbeat(): void {
    if (!this.options.heartbeatMs || this.stopped || !this.isConnected || this.beating) return;
    clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = setTimeout(() => {
      this.heartbeatTimer = undefined;
      this.beating = this.heartbeat()
        .catch((error: unknown) => this.logger.error({ err: error }, 'change feed: heartbeat failed'))
        .finally(() => {
          this.beating = undefined;
          this.scheduleHeartbeat();
        });
    }, this.options.heartbeatMs);
    this.heartbeatTimer.unref();
  }

  /** One NOTIFY to ourselves through the LISTEN connection; not back in time: the connection is lost. */
  private async heartbeat(): Promise<void> {
    this.sent += 1;
    let settle!: (back: boolean) => void;
    const back = new Promise<boolean>((resolve) => (settle = resolve));
    const beat: Heartbeat = {
      token: String(this.sent),
      back,
      settle,
      reason: `heartbeat not back within ${this.options.heartbeatTimeoutMs} ms`,
    };
    this.awaited = beat;
    let verdict: [Client | PoolClient, boolean] | undefined;
    try {
      verdict =
        this.database.kind === 'postgres' ? await this.beatOnClient(beat) : await this.beatOnPool(beat);
    } finally {
      this.awaited = undefined;
    }
    if (!verdict) return;
    const [client, arrived] = verdict;
    if (arrived) this.received += 1;
    else this.onLost(client, beat.reason);
  }

  /** Sends the heartbeat; a NOTIFY that fails is a heartbeat that will not come back (if the connection failed, its 'error' or 'end' says so too). */
  private notify(client: Client | PoolClient, beat: Heartbeat): Promise<boolean> {
    return client.query(`NOTIFY ${this.heartbeatChannel}, '${beat.token}'`).then(
      () => true,
      (error: unknown) => {
        beat.reason = `heartbeat refused: ${error instanceof Error ? error.message : String(error)}`;
        beat.settle(false);
        return false;
      },
    );
  }

  /** PostgreSQL: the NOTIFY on the LISTEN connection, its notification back within the deadline. */
  private async beatOnClient(beat: Heartbeat): Promise<[Client, boolean] | undefined> {
    const client = this.client;
    if (!client) return undefined;
    void this.notify(client, beat);
    return [client, await within(beat.back, this.options.heartbeatTimeoutMs, false)];
  }

  /**
   * PGlite: the heartbeat waits for the pool's connection; its deadline starts once it has it. The connection goes
   * back to the pool as soon as the NOTIFY is answered (the notification comes on it whenever it comes); one whose
   * NOTIFY is not answered in time is not given back with a query that may still run: the pool drops it.
   * Undefined: no verdict (the connection stayed busy, or was replaced: that is the loss).
   */
  private async beatOnPool(beat: Heartbeat): Promise<[PoolClient, boolean] | undefined> {
    let pooled: PoolClient;
    try {
      pooled = await this.pool.connect();
    } catch (error) {
      // The connection stayed busy (DATABASE_CONNECT_TIMEOUT_MS): no verdict on the feed, try next time.
      this.logger.debug({ err: error }, 'change feed: heartbeat skipped, the connection is busy');
      return undefined;
    }
    if (this.stopped || !this.isConnected || pooled !== this.poolClient) {
      pooled.release();
      if (pooled !== this.poolClient && this.poolClient) this.onLost(this.poolClient, 'connection replaced');
      return undefined;
    }
    const timeoutMs = this.options.heartbeatTimeoutMs;
    const started = Date.now();
    const answered = await within(
      this.notify(pooled, beat).then(() => true),
      timeoutMs,
      false,
    );
    pooled.release(answered ? undefined : new Error(beat.reason));
    return [pooled, await within(beat.back, Math.max(0, timeoutMs - (Date.now() - started)), false)];
  }

  private onLost(client: Client | PoolClient, reason: string): void {
    if (this.stopped || !this.isConnected) return;
    if (client !== (this.database.kind === 'postgres' ? this.client : this.poolClient)) return;
    this.isConnected = false;
    clearTimeout(this.heartbeatTimer);
    this.awaited?.settle(false);
    if (this.database.kind === 'postgres') {
      this.client = undefined;
      // Without waiting for a goodbye: a silent connection would never answer one.
      destroySocket(client as Client);
    }
    this.logger.warn(
      { reason },
      'change feed: database connection lost; reconnecting (changes in between are not replayed)',
    );
    this.events.lost();
    this.reconnecting ??= this.reconnect().finally(() => (this.reconnecting = undefined));
  }

  private async reconnect(): Promise<void> {
    for (let attempt = 1; !this.stopped; attempt += 1) {
      try {
        await sleep(Math.min(100 * 2 ** attempt, MAX_BACKOFF_MS), undefined, {
          signal: this.stopping.signal,
        });
      } catch {
        return; // stopped
      }
      if (this.stopped) return;
      try {
        await this.connect();
        this.logger.info({ attempt }, 'change feed: listening again');
        this.events.reconnected();
        return;
      } catch (error) {
        if (this.stopped) return;
        this.logger.warn({ err: error, attempt }, 'change feed: reconnect failed; retrying');
      }
    }
  }
}
