/**
 * The change log and its feed. Every committed change of a node is recorded by database triggers, whatever
 * wrote it (migration 1763701000000-change-log.ts), with the actor the transaction names (`ACTOR_SETTING`), and
 * numbered (`seq`) right after its commit, outside the writer's transaction (the sequencer, docs/live.md;
 * src/db/change-log/sql/change_log_sequence.sql): one record per node and transaction. A step that numbered records NOTIFYs
 * CHANGES_CHANNEL with its highest seq and the node types it recorded (CHANGES_PAYLOAD_VERSION); each instance's
 * feed then reads the records after the last it delivered and delivers them, a transaction's records together (or,
 * when no listener needs those types, passes the commit without reading it). The node itself is loaded when a
 * change is delivered, with the subscriber's identity.
 */
export const CHANGES_CHANNEL = 'metacatalog_change_feed';

/**
 * The version of CHANGES_CHANNEL's payload this code reads, `{"v":2,"seq":"<seq>","types":"<A,B>"}` (the step,
 * src/db/change-log/sql/change_log_sequence.sql): a payload of another version comes from code this one cannot follow (docs/operations.md,
 * Upgrades). Version 1, `<seq> <types>` on `metacatalog_changes`, is what the previous release reads: the step
 * sends it too, for one release.
 */
export const CHANGES_PAYLOAD_VERSION = 2;

/**
 * The channel a transaction that recorded changes NOTIFYs when its actor is not `graphql` (the CLI, the importer,
 * SQL by hand): every instance's feed then has them numbered. A service instance has its own transactions' changes
 * numbered right after their commit (`ChangeSource.committed`).
 */
export const CHANGES_PENDING_CHANNEL = 'metacatalog_changes_pending';

/**
 * The channel an instance NOTIFYs while a listener of its feed waits for changes as they come (a subscription),
 * at once when the first one comes and then every WATCH_ANNOUNCE_MS: every instance then numbers its commits
 * promptly (STEP_INTERVAL_MS) until WATCHED_FOR_MS after the last notice, otherwise within
 * CHANGE_STEP_UNWATCHED_MS.
 */
export const CHANGES_WATCHED_CHANNEL = 'metacatalog_changes_watched';

/** How often an instance with a waiting listener says so on CHANGES_WATCHED_CHANNEL. */
export const WATCH_ANNOUNCE_MS = 2000;

/** How long after the last notice on CHANGES_WATCHED_CHANNEL an instance still numbers its commits promptly. */
export const WATCHED_FOR_MS = 5000;

/** The transaction-local setting that names who writes (JSON of a ChangeActor); absent: via `sql`. */
export const ACTOR_SETTING = 'metacatalog.actor';

/** What a committed write did to a node: the one definition (live.events.ts makes it the GraphQL enum). */
export const ChangeKind = { CREATED: 'CREATED', UPDATED: 'UPDATED', DELETED: 'DELETED' } as const;
export type ChangeKind = (typeof ChangeKind)[keyof typeof ChangeKind];

/** The way a change came in. */
export type ChangeVia = 'graphql' | 'rest' | 'cli' | 'import' | 'sql';

/** Who made a change: the caller's project and user (null for SQL by hand), and the way in. */
export interface ChangeActor {
  via: ChangeVia;
  project: string | null;
  user: string | null;
}

/** The node types of the catalog: a namespace and what is in it (visibility is the namespace's). */
export const CATALOG_NODE_TYPES: readonly string[] = [
  'Namespace',
  'PropertyDefinition',
  'MetadefObject',
  'MetadefTag',
];

/** What decides whether a subscriber sees a namespace and whether its filters match it. */
export interface NamespaceSight {
  namespace: string;
  owner: string;
  public: boolean;
  resourceTypes: string[];
}

/** One record of the change log: what one committed transaction did to one node. */
export interface ChangeRecord {
  /** The cursor: numbers grow in commit order (a decimal string: a bigint). */
  seq: string;
  /** The transaction (its records are delivered together). */
  txid: string;
  committedAt: Date;
  kind: ChangeKind;
  /** The GraphQL node type. */
  type: string;
  /** The database key (the global id is derived from type and key). */
  key: string;
  /**
   * Told by its container's record (what went with its namespace, an object's properties): subscriptions skip
   * it; the log keeps it, so that every id that went is there.
   */
  contained: boolean;
  actor: ChangeActor;
  /** Catalog nodes: the database key of their namespace. */
  namespaceKey: string | null;
  /** Catalog nodes: their namespace as the transaction left it (as it was, when it went). */
  sight: NamespaceSight | null;
  /** A namespace's sight before the transaction, when the transaction changed it (see live's catalogChanged). */
  before: NamespaceSight | null;
  /** Resources: their type and project. */
  resourceType: string | null;
  project: string | null;
  /** What else the node type records: a trait's name; a provider's uuid, name and generation; a resource's uuid. */
  data: Record<string, unknown>;
}

/**
 * What the feed tells its listeners: a committed change (with every record of its transaction), or that it lost
 * its database connection (changes may have been missed: drop caches, tell subscribers), or that it listens
 * again after a loss (reload).
 */
export type FeedEvent =
  | { type: 'change'; change: ChangeRecord; transaction: readonly ChangeRecord[] }
  | { type: 'lost' }
  | { type: 'ready' };

/** The feed as services and resolvers see it (the composition root owns the connection). */
export interface ChangeSource {
  /** Whether the feed listens now (false before the first connection and after a loss until it is back). */
  readonly live: boolean;
  /** The highest seq the feed has delivered (or passed): what it brings to a new listener is above it. */
  readonly deliveredSeq: string;
  /**
   * Calls `listener` for every event until the returned function is called. With `types`, the listener needs
   * changes of those node types only: the feed may then skip reading commits that recorded none (it may still
   * deliver other changes; `ready` and `lost` always come).
   */
  listen(listener: (event: FeedEvent) => void, options?: ListenOptions): () => void;
  /**
   * This instance committed a transaction that may have recorded changes: have them numbered into the log (in the
   * background; the feed delivers them once numbered).
   */
  committed(): void;
}

export interface ListenOptions {
  /** The node types (`ChangeRecord.type`) whose changes the listener needs; none: only `ready` and `lost`. */
  types?: readonly string[];
  /**
   * The listener can wait for changes (a cache that stays exact without them): it does not make the instances
   * number their commits promptly. Without it, a listener that needs changes is waiting for them (a
   * subscription): while it listens, every instance numbers its commits within STEP_INTERVAL_MS.
   */
  eventual?: boolean;
}

/** A feed that never delivers anything (CLI commands, seeds): caches on it stay off. */
export const NO_FEED: ChangeSource = {
  live: false,
  deliveredSeq: '0',
  listen: () => () => undefined,
  committed: () => undefined,
};

/**
 * What one service instance keeps between requests, beside the database: its change feed, and state built on
 * it (in-memory caches a module defines as a factory; one per instance, made on first use).
 */
export class InstanceState {
  private readonly made = new Map<(changes: ChangeSource) => unknown, unknown>();

  constructor(readonly changes: ChangeSource = NO_FEED) {}

  get<T>(factory: (changes: ChangeSource) => T): T {
    if (!this.made.has(factory)) this.made.set(factory, factory(this.changes));
    return this.made.get(factory) as T;
  }
}

/**
 * The feed event each subscription value was made from. Every subscriber of an instance receives the same
 * event object, so subscribers that see alike (same audience, same operation, same variables) get the same
 * answer to it, computed once (app/subscriptions.ts): what one event costs does not grow with their number.
 */
const eventOfValue = new WeakMap<object, FeedEvent>();

/** Records that `value` was made from `event`; returns `value`. */
export function madeFrom<T extends object>(value: T, event: FeedEvent): T {
  eventOfValue.set(value, event);
  return value;
}

/** The feed event a value was made from (madeFrom), if any. */
export function feedEventOf(value: unknown): FeedEvent | undefined {
  return typeof value === 'object' && value !== null ? eventOfValue.get(value) : undefined;
}
