import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, type Notification, type Pool, type PoolClient } from 'pg';
import type { Logger } from 'pino';
import {
  CHANGES_CHANNEL,
  CHANGES_PAYLOAD_VERSION,
  CHANGES_PENDING_CHANNEL,
  CHANGES_WATCHED_CHANNEL,
  WATCH_ANNOUNCE_MS,
  WATCHED_FOR_MS,
  type ChangeSource,
  type FeedEvent,
  type ListenOptions,
} from '../../common/changes';
import { fenceLostTail, lastSeq, transactionsAfter } from './read';
import { ChangeSequencer } from './sequencer';
import { poolOf, type Database } from '../database';
import { SCHEMA_CHANNEL, SCHEMA_CHECK_MS, schemaProblem } from '../schema-compat';

/** The application_name of the PostgreSQL feed connection (how an operator, or a test, finds it). */
export const FEED_APPLICATION_NAME = 'metacatalog-feed';

const MAX_BACKOFF_MS = 5000;
/** A read of the log until it has no more records. */
const NO_END = 2n ** 63n;
/** How many change records one read of the log takes (whole transactions: one may take more). */
const READ_BATCH = 500;
/** How long stop() lets a healthy feed connection end politely before cutting it. */
const END_GRACE_MS = 1000;

export interface ChangeFeedOptions {
  /** Every this many ms the feed sends itself a notification through its LISTEN connection (0: never). */
  heartbeatMs: number;
  /**
   * How long that notification may take to come back, and how long a (re)connection's LISTEN may take, before
   * the connection counts as lost.
   */
  heartbeatTimeoutMs: number;
  /** How long opening the PostgreSQL connection may take (DATABASE_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs: number;
  /** How long a change may wait to be numbered while no listener waits for it (CHANGE_STEP_UNWATCHED_MS). */
  unwatchedStepMs: number;
  /** How often the schema's `schema_compat` is read again beside its NOTIFYs (default SCHEMA_CHECK_MS). */
  schemaCheckMs?: number;
}

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

/**
 * One LISTEN connection per service instance, turned into FeedEvents.
 *
 * - PostgreSQL: a dedicated `pg` Client (not from the pool) that only LISTENs.
 * - Embedded PGlite: one backend session behind the socket, so a second connection would not receive the
 *   notifications (PGlite writes them into the output of the connection that committed). The pool's single
 *   connection LISTENs instead, and PostgreSQL delivers a session its own notifications after commit.
 *
 * A notification carries the highest seq a step numbered; the feed then reads the change log after the last record
 * it delivered (src/db/change-log/read.ts) and delivers the records, a transaction's together, in seq order. The feed
 * also has changes numbered (ChangeSequencer): those its instance committed (`committed`), those another writer
 * announced on CHANGES_PENDING_CHANNEL, and what was pending when it (re)connected.
 *
 * When the connection is lost the feed says `lost`, then reconnects with backoff and says `ready` once it
 * LISTENs again, starting from the log's head then: subscribers resume from their own cursors.
 *
 * A connection can also be lost silently: a NAT or firewall that forgets an idle connection drops its packets
 * without closing anything, and only TCP keepalive (about two hours) would notice. So the feed proves it is
 * alive: every `heartbeatMs` it NOTIFYs a channel of its own through its LISTEN connection and expects the
 * notification back within `heartbeatTimeoutMs`. A missed deadline is a lost connection: `lost`, the socket
 * destroyed (a graceful end would wait for an answer that never comes), and a reconnection. One heartbeat is
 * outstanding at a time, and heartbeats are never delivered as changes.
 *
 * On PGlite there is no network to lose, but the feed shares the pool's one connection with every request:
 * the heartbeat proves that connection still LISTENs (nothing in between ran UNLISTEN or DISCARD ALL). It
 * waits for the connection like any query and its deadline starts once it has it, so a burst of requests, or
 * a long transaction, delays a heartbeat but never makes it a loss.
 */
export class ChangeFeed implements ChangeSource {
  private readonly listeners = new Set<(event: FeedEvent) => void>();
  /** The node types a listener needs changes of, if it said (`listen`'s `types`); one not here needs every change. */
  private readonly interests = new Map<(event: FeedEvent) => void, ReadonlySet<string>>();
  private connected = false;
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
  /** The heartbeat on its way: its token, and what to call when it is back (true) or given up (false). */
  private awaited: { token: string; settle: (back: boolean) => void } | undefined;
  private sent = 0;
  private received = 0;
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
  /** Numbers the changes this instance committed, and those another writer announced (CHANGES_PENDING_CHANNEL). */
  private readonly sequencer: ChangeSequencer;
  /** Whether it has listened once: a head found below what it delivered then is a lost tail. */
  private listened = false;
  private tail: { from: string; to: string; at: string } | undefined;
  /** The listeners waiting for changes as they come (subscriptions; not `eventual` ones, nor those of no type). */
  private readonly waiting = new Set<(event: FeedEvent) => void>();
  /** Until when (performance.now()) another instance's listeners wait, as it last said (CHANGES_WATCHED_CHANNEL). */
  private watchedUntil = 0;
  private announceTimer: NodeJS.Timeout | undefined;
  /** Why this instance may no longer serve beside the others (see `incompatible`), once it is so. */
  private incompatibility: string | undefined;
  private schemaTimer: NodeJS.Timeout | undefined;
  private checkingSchema: Promise<void> | undefined;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
    private readonly options: ChangeFeedOptions,
  ) {
    this.sequencer = new ChangeSequencer(database.background, logger, undefined, undefined, {
      watched: () => this.watched,
      unwatchedMs: options.unwatchedStepMs,
    });
  }

  /**
   * Whether a listener waits for changes, here or (PostgreSQL) on another instance: commits are then numbered
   * promptly. Also while this feed does not listen: it would not hear another instance say so.
   */
  get watched(): boolean {
    return this.waiting.size > 0 || !this.connected || performance.now() < this.watchedUntil;
  }

  committed(): void {
    if (!this.stopped) this.sequencer.kick();
  }

  /** What this instance's sequencer did since the start: steps run, steps failed, vacuums of the pending table. */
  get sequencing(): Readonly<{
    steps: number;
    failures: number;
    vacuums: number;
    stepMs: number;
    vacuumMs: number;
  }> {
    return this.sequencer.counts;
  }

  /** Runs now the sequencing step this instance was asked for, if any, and waits for it. */
  async sequenced(): Promise<void> {
    await this.sequencer.flush();
  }

  /** Whether the feed listens now and can follow the other instances (see `incompatible`). */
  get live(): boolean {
    return this.connected && !this.incompatibility;
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
    this.emit({ type: 'lost' });
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
    return this.received;
  }

  /** How many commits the feed passed without reading the log (no listener needed what they recorded). */
  get skippedCommits(): number {
    return this.skipped;
  }

  /** How many listeners the feed has (each open subscription is one). */
  get listenerCount(): number {
    return this.listeners.size;
  }

  listen(listener: (event: FeedEvent) => void, options?: ListenOptions): () => void {
    this.listeners.add(listener);
    if (options?.types) this.interests.set(listener, new Set(options.types));
    if (!options?.eventual && options?.types?.length !== 0) {
      this.waiting.add(listener);
      if (this.waiting.size === 1) {
        // The first one: a step asked for starts as a prompt one would, and the other instances hear of it.
        this.sequencer.hurry();
        this.announce();
      }
    }
    return () => {
      this.listeners.delete(listener);
      this.interests.delete(listener);
      this.waiting.delete(listener);
    };
  }

  /**
   * PostgreSQL: tells every instance (this one too) that a listener here waits for changes, now and every
   * WATCH_ANNOUNCE_MS while one does, through the LISTEN connection. PGlite has no other instance.
   */
  private announce(): void {
    clearTimeout(this.announceTimer);
    this.announceTimer = undefined;
    if (this.database.kind !== 'postgres' || !this.waiting.size || this.stopped || !this.connected) return;
    this.client?.query(`NOTIFY ${CHANGES_WATCHED_CHANNEL}`).catch((error: unknown) =>
      // A failed NOTIFY on this connection is its loss, which the heartbeat and 'error' tell.
      this.logger.debug({ err: error }, 'change feed: saying a listener waits failed'),
    );
    this.announceTimer = setTimeout(() => this.announce(), WATCH_ANNOUNCE_MS).unref();
  }

  /** Whether a listener needs the changes of any of `types`. */
  private needs(types: readonly string[]): boolean {
    for (const listener of this.listeners) {
      const wanted = this.interests.get(listener);
      if (!wanted || types.some((type) => wanted.has(type))) return true;
    }
    return false;
  }

  /** Connects and LISTENs (the first time: failing if that fails, like opening the database). */
  async start(): Promise<void> {
    await this.connect();
    this.schemaTimer = setInterval(
      () => void this.checkSchema(),
      this.options.schemaCheckMs ?? SCHEMA_CHECK_MS,
    ).unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.connected = false;
    this.stopping.abort();
    clearTimeout(this.heartbeatTimer);
    clearTimeout(this.announceTimer);
    clearInterval(this.schemaTimer);
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
    await this.sequencer.flush();
    await this.reading;
    await this.checkingSchema;
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
    if (message.channel === this.heartbeatChannel) {
      const awaited = this.awaited;
      if (awaited && message.payload === awaited.token) awaited.settle(true);
      return;
    }
    if (message.channel === CHANGES_PENDING_CHANNEL) {
      this.committed();
      return;
    }
    if (message.channel === SCHEMA_CHANNEL) {
      void this.checkSchema();
      return;
    }
    if (message.channel === CHANGES_WATCHED_CHANNEL) {
      // A listener waits on some instance: a step asked for starts as a prompt one would.
      this.watchedUntil = performance.now() + WATCHED_FOR_MS;
      this.sequencer.hurry();
      return;
    }
    if (message.channel !== CHANGES_CHANNEL || !this.connected || this.incompatibility) return;
    // The payload is the step's highest seq and the node types it recorded; the records are read from the log,
    // after the last delivered, up to it. One this code cannot read comes from newer code whose changes it may not
    // follow: its subscribers go (4503, they resume by cursor elsewhere) rather than miss changes.
    const notification = readChangeNotification(message.payload);
    if (!notification) {
      this.becomeIncompatible(
        `a change notification in a form this code does not read (version ${CHANGES_PAYLOAD_VERSION}): ` +
          `${(message.payload ?? '').slice(0, 200)}; newer code sends it, replace this instance`,
      );
      return;
    }
    const seq = BigInt(notification.seq);
    const needed = !notification.types.length || this.needs(notification.types);
    // Caught up (notifications come in the steps' order, which is seq order: this step is the next one) and no
    // listener needs what it recorded: delivered without reading the log.
    if (!needed && !this.reading && BigInt(this.delivered) >= this.until && seq > this.until) {
      this.delivered = notification.seq;
      this.until = seq;
      this.skipped += 1;
      return;
    }
    this.readLog(seq, needed);
  };

  /**
   * Reads the log after the last delivered record, up to `until` at least, and delivers what it finds, a
   * transaction at a time.
   */
  private readLog(until: bigint, needed = true): void {
    if (until > this.until) this.until = until;
    if (needed && until > this.neededUntil) this.neededUntil = until;
    if (this.reading) {
      this.behind = true;
      return;
    }
    this.reading = (async () => {
      do {
        this.behind = false;
        while (BigInt(this.delivered) < this.until) {
          if (BigInt(this.delivered) >= this.neededUntil && this.until !== NO_END) {
            // What is left, no listener needed when it was announced: passed without reading (a feed kept busy
            // by a stream of steps would otherwise read every record).
            this.delivered = this.until.toString();
            this.skipped += 1;
            break;
          }
          const groups = await transactionsAfter(this.logReader, this.delivered, READ_BATCH);
          if (!groups.length || this.stopped) {
            if (this.until === NO_END) this.until = BigInt(this.delivered);
            if (this.neededUntil === NO_END) this.neededUntil = BigInt(this.delivered);
            break;
          }
          for (const { records, transaction } of groups) {
            for (const change of records) this.emit({ type: 'change', change, transaction });
            this.delivered = records.at(-1)!.seq;
          }
        }
      } while (this.behind && !this.stopped);
    })()
      .catch((error: unknown) =>
        this.logger.error({ err: error }, 'change feed: reading the change log failed'),
      )
      .finally(() => (this.reading = undefined));
  }

  /** The highest seq this feed has delivered. */
  get deliveredSeq(): string {
    return this.delivered;
  }

  private get listenStatement(): string {
    return `LISTEN ${CHANGES_CHANNEL}; LISTEN ${CHANGES_PENDING_CHANNEL}; LISTEN ${CHANGES_WATCHED_CHANNEL}; LISTEN ${SCHEMA_CHANNEL}; LISTEN ${this.heartbeatChannel}`;
  }

  /** Reads the change log beside TypeORM (`Database.background`): not counted as a request's statements. */
  private get logReader() {
    return this.database.background;
  }

  private get pool(): Pool {
    return poolOf(this.database.dataSource)!;
  }

  private async connect(): Promise<void> {
    if (this.database.kind === 'pglite') {
      // The pool's only connection (a new one if the old one was lost): waits its turn like any query.
      const client = await this.pool.connect();
      try {
        if (client !== this.poolClient) this.adoptPoolClient(client);
        await client.query(this.listenStatement);
      } finally {
        client.release();
      }
    } else {
      const options = this.database.dataSource.options as { url?: string };
      const client = new Client({
        connectionString: options.url,
        application_name: FEED_APPLICATION_NAME,
        // pg destroys the socket when the connection is not ready in time (a black-holed path never answers).
        connectionTimeoutMillis: this.options.connectTimeoutMs,
        keepAlive: true,
      });
      client.on('notification', this.onNotification);
      client.on('error', () => this.onLost(client, 'connection error'));
      client.on('end', () => this.onLost(client, 'connection ended'));
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
      this.client = client;
    }
    if (this.stopped) return;
    // From now on: what was committed while not listening is not replayed by the feed (a subscription resumes
    // from its own cursor).
    const seen = this.listened ? this.delivered : undefined;
    let head = await lastSeq(this.logReader);
    if (seen !== undefined && BigInt(head) < BigInt(seen)) {
      // The database lost what this instance had delivered: its subscribers were closed (4503, `lost`) and resume
      // by cursor; every cursor up to `seen` becomes CURSOR_EXPIRED, so they refetch instead of skipping. (`delivered`
      // is kept until the fence is in: a failed attempt leaves it for the next one.)
      this.tail = { from: seen, to: await fenceLostTail(this.logReader, seen), at: new Date().toISOString() };
      this.logger.error(
        this.tail,
        'change log: the head moved back (the database lost committed changes: a failover to a standby that ' +
          'lacked them, or a restore); cursors up to the old head are now expired',
      );
      head = await lastSeq(this.logReader);
    }
    this.delivered = head;
    this.listened = true;
    this.until = BigInt(this.delivered);
    // Another instance may have said its listeners wait while this one did not listen: as if it just had.
    if (this.database.kind === 'postgres') this.watchedUntil = performance.now() + WATCHED_FOR_MS;
    this.connected = true;
    this.readLog(NO_END); // a commit whose notification came while the head was read
    this.committed(); // what was committed and not numbered while no instance listened
    this.scheduleHeartbeat();
    this.announce();
    // A migration's NOTIFY may have come while not listening.
    void this.checkSchema();
  }

  /** PGlite: the pool connection delivers our notifications; its loss is the feed's. */
  private adoptPoolClient(client: PoolClient): void {
    this.poolClient = client;
    client.on('notification', this.onNotification);
    client.on('error', () => this.onLost(client, 'connection error'));
    client.on('end', () => this.onLost(client, 'connection ended'));
  }

  private scheduleHeartbeat(): void {
    if (!this.options.heartbeatMs || this.stopped || !this.connected || this.beating) return;
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
    const token = String(this.sent);
    let settle!: (back: boolean) => void;
    const back = new Promise<boolean>((resolve) => (settle = resolve));
    this.awaited = { token, settle };
    const timeoutMs = this.options.heartbeatTimeoutMs;
    let reason = `heartbeat not back within ${timeoutMs} ms`;
    // A NOTIFY that fails is a heartbeat that will not come back (if the connection failed, its 'error' or
    // 'end' says so too).
    const notify = (client: Client | PoolClient) =>
      client.query(`NOTIFY ${this.heartbeatChannel}, '${token}'`).then(
        () => true,
        (error: unknown) => {
          reason = `heartbeat refused: ${error instanceof Error ? error.message : String(error)}`;
          settle(false);
          return false;
        },
      );
    let client: Client | PoolClient;
    let arrived: boolean;
    try {
      if (this.database.kind === 'postgres') {
        if (!this.client) return;
        client = this.client;
        void notify(client);
        arrived = await within(back, timeoutMs, false);
      } else {
        let pooled: PoolClient;
        try {
          pooled = await this.pool.connect();
        } catch (error) {
          // The connection stayed busy (DATABASE_CONNECT_TIMEOUT_MS): no verdict on the feed, try next time.
          this.logger.debug({ err: error }, 'change feed: heartbeat skipped, the connection is busy');
          return;
        }
        if (this.stopped || !this.connected || pooled !== this.poolClient) {
          pooled.release();
          if (pooled !== this.poolClient && this.poolClient)
            this.onLost(this.poolClient, 'connection replaced');
          return;
        }
        // The deadline starts now that the heartbeat has the connection. The connection goes back to the pool
        // as soon as the NOTIFY is answered (the notification comes on it whenever it comes); one whose NOTIFY
        // is not answered in time is not given back with a query that may still run: the pool drops it.
        client = pooled;
        const started = Date.now();
        const answered = await within(
          notify(pooled).then(() => true),
          timeoutMs,
          false,
        );
        pooled.release(answered ? undefined : new Error(reason));
        arrived = await within(back, Math.max(0, timeoutMs - (Date.now() - started)), false);
      }
    } finally {
      this.awaited = undefined;
    }
    if (arrived) this.received += 1;
    else this.onLost(client, reason);
  }

  private onLost(client: Client | PoolClient, reason: string): void {
    if (this.stopped) return;
    if (this.database.kind === 'postgres' && client !== this.client) return;
    if (this.database.kind === 'pglite' && client !== this.poolClient) return;
    if (!this.connected) return;
    this.connected = false;
    clearTimeout(this.heartbeatTimer);
    clearTimeout(this.announceTimer);
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
    this.emit({ type: 'lost' });
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
        this.emit({ type: 'ready' });
        return;
      } catch (error) {
        if (this.stopped) return;
        this.logger.warn({ err: error, attempt }, 'change feed: reconnect failed; retrying');
      }
    }
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
