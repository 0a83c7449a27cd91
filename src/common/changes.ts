import type { TxContext } from './context';

/**
 * The change feed: what a committed write tells every service instance. Services publish a change from
 * inside their transaction with PostgreSQL NOTIFY, so it is delivered only on commit (nothing for a rollback),
 * to every instance LISTENing on the same database. The payload is small (ids and what filtering and
 * visibility need); the node itself is loaded when a change is delivered, with the subscriber's identity.
 */
export const CHANGES_CHANNEL = 'metacatalog_changes';

export type ChangeKind = 'CREATED' | 'UPDATED' | 'DELETED';

/** A namespace, property definition, object or metadef tag, with its namespace as it was at the write. */
export interface CatalogChange {
  topic: 'catalog';
  kind: ChangeKind;
  /** The GraphQL node type (Namespace, PropertyDefinition, MetadefObject, MetadefTag). */
  type: string;
  /** The database key (the global id is derived from type and key). */
  key: string;
  namespace: string;
  owner: string;
  public: boolean;
  /** The resource types the namespace is associated with. */
  resourceTypes: string[];
  /**
   * The namespace as it was before the write, when the write changed who may see it or which subscriptions it
   * matches (visibility, owner, name, resource type associations): a subscriber who saw it then but not now is
   * told it is gone, one who sees it only now that it arrived.
   */
  before?: NamespaceSight;
}

/** What decides whether a subscriber sees a namespace and whether its filters match it. */
export interface NamespaceSight {
  namespace: string;
  owner: string;
  public: boolean;
  resourceTypes: string[];
}

export interface TraitChange {
  topic: 'trait';
  kind: ChangeKind;
  key: string;
  name: string;
}

/** A provider created, renamed, moved (parent changed), deleted, or its traits changed (UPDATED). */
export interface ProviderChange {
  topic: 'provider';
  kind: ChangeKind;
  key: string;
  uuid: string;
  generation: number;
}

/** A resource, its tags or its properties changed. */
export interface ResourceChange {
  topic: 'resource';
  kind: ChangeKind;
  key: string;
  uuid: string;
  resourceType: string;
  project: string;
}

export type Change = CatalogChange | TraitChange | ProviderChange | ResourceChange;

/**
 * What the feed tells its listeners: a committed change, or that it lost its database connection (changes may
 * have been missed: drop caches, tell subscribers), or that it listens again after a loss (reload).
 */
export type FeedEvent = { type: 'change'; change: Change } | { type: 'lost' } | { type: 'ready' };

/** The feed as services and resolvers see it (the composition root owns the connection). */
export interface ChangeSource {
  /** Whether the feed listens now (false before the first connection and after a loss until it is back). */
  readonly live: boolean;
  /** Calls `listener` for every event until the returned function is called. */
  listen(listener: (event: FeedEvent) => void): () => void;
}

/**
 * Publishes a change from inside the writing transaction (`tx` is a transaction's context): PostgreSQL keeps
 * the notification until commit and drops it on rollback. Payloads stay far below NOTIFY's 8000-byte limit.
 */
export async function publishChange(tx: TxContext, change: Change): Promise<void> {
  await tx.db.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify(change)]);
}

/** A feed that never delivers anything (CLI commands, seeds): caches on it stay off. */
export const NO_FEED: ChangeSource = { live: false, listen: () => () => undefined };

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
