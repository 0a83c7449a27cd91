import { Arg, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import {
  CATALOG_NODE_TYPES,
  madeFrom,
  type ChangeRecord,
  type FeedEvent,
  type NamespaceSight,
} from '../../common/changes';
import type { Context } from '../../common/context';
import { AppError } from '../../common/errors';
import { encodeGlobalId } from '../../common/relay/global-id';
import type { Node, NodeType } from '../../common/relay/node';
import { UUIDScalar } from '../../common/scalars';
import { Visibility } from '../../common/visibility';
import { cursorExpiry, lastSeq, sequenceChanges, transactionsAfter } from '../../db/change-log';
import { canSee } from '../namespaces/namespace.policy';
import { Resource } from '../resources/resource.entity';
import { ResourceProvider } from '../resource-providers/resource-provider.entity';
import { Trait } from '../traits/trait.entity';
import {
  CatalogChangeEvent,
  ChangeKind,
  ResourceChangeEvent,
  ResourceProviderChangeEvent,
  TraitChangeEvent,
} from './live.events';
import { decodeChangeCursor, encodeChangeCursor } from './change-cursor';

/** A committed change (with every record of its transaction), as a subscription sees it. */
export interface Delivery {
  change: ChangeRecord;
  transaction: readonly ChangeRecord[];
}

/** Turns a committed change into what this subscriber receives, or null when it must not (or need not) see it. */
type Deliver<T> = (ctx: Context, delivery: Delivery) => Promise<T | null>;

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
  const pending: FeedEvent[] = [];
  let wake: (() => void) | undefined;
  let done = false;
  let overflowed = false;
  /** The log after this seq is still to be read (a resumed subscription, until it caught up). */
  let backlogAfter = after;
  let backlog: Delivery[] = [];
  let resuming = true;
  /** The highest seq this subscription went through (what the feed brings at or below it was read already). */
  let seen = after === undefined ? undefined : BigInt(after);
  const stop = ctx.instance.changes.listen((event) => {
    if (pending.length >= MAX_PENDING_EVENTS) {
      // Nothing more is kept for it; next() reports why.
      overflowed = true;
      pending.length = 0;
      stop();
    } else pending.push(event);
    wake?.();
  });
  const finish = (): IteratorResult<T> => {
    done = true;
    stop();
    pending.length = 0;
    backlog = [];
    wake?.();
    return { done: true, value: undefined };
  };
  if (after === undefined && head !== undefined) {
    // A new subscription: what the feed brings at or below the head was committed before it subscribed; what it
    // brought above the head before this listened is read from the log.
    seen = BigInt(head);
    if (BigInt(ctx.instance.changes.deliveredSeq) > seen) backlogAfter = head;
  }
  if (!ctx.instance.changes.live) finish();
  /** The next delivery: from the log while a resumed subscription catches up, then from the feed. */
  const nextDelivery = async (): Promise<Delivery | 'lost' | undefined> => {
    while (!backlog.length && backlogAfter !== undefined) {
      // After a client's cursor, every read checks that the log still keeps what follows it (a pruning may commit
      // after subscribe checked the cursor); after the head (a new subscription), the log always does.
      const groups = await transactionsAfter(ctx.db, backlogAfter, BACKLOG_BATCH, {
        resuming,
        expire: after !== undefined,
      });
      resuming = false;
      if (!groups.length) backlogAfter = undefined;
      for (const { records, transaction } of groups) {
        for (const change of records) backlog.push({ change, transaction });
        backlogAfter = records.at(-1)!.seq;
      }
    }
    const read = backlog.shift();
    if (read) return read;
    const event = pending.shift();
    if (!event) return undefined;
    if (event.type === 'lost') return 'lost';
    if (event.type !== 'change') return nextDelivery();
    if (seen !== undefined && BigInt(event.change.seq) <= seen) return nextDelivery();
    return event;
  };
  const iterator: AsyncIterableIterator<T> = {
    [Symbol.asyncIterator]: () => iterator,
    async next() {
      while (!done) {
        if (overflowed) {
          finish();
          throw new AppError(
            'SERVICE_UNAVAILABLE',
            `This subscription fell more than ${MAX_PENDING_EVENTS} changes behind (its connection did not take ` +
              'them as fast as they were committed) and was ended: subscribe again, and fetch what you show.',
          );
        }
        const delivery = await nextDelivery();
        if (done) break;
        if (delivery === 'lost') return finish();
        if (!delivery) {
          await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
          continue;
        }
        if (seen !== undefined) seen = BigInt(delivery.change.seq);
        ctx.loaders.clearAll();
        const value = await deliver(ctx, delivery);
        if (value === null || done) continue;
        // Values made from the feed's event are shared by subscribers who see alike (app/subscriptions.ts).
        if (typeof value === 'object' && 'type' in delivery) madeFrom(value, delivery as FeedEvent);
        return { done: false, value };
      }
      return { done: true, value: undefined };
    },
    async return() {
      return finish();
    },
  };
  return iterator;
}

/**
 * A promise that starts its work only when awaited: the node of an event is loaded only for subscribers
 * whose selection asks for it (100 subscribers of `{ kind id }` cost no query per event).
 */
function lazy<T>(work: () => Promise<T>): Promise<T> {
  let started: Promise<T> | undefined;
  const start = () => (started ??= work());
  return {
    then: (onFulfilled, onRejected) => start().then(onFulfilled, onRejected),
    catch: (onRejected) => start().catch(onRejected),
    finally: (onFinally) => start().finally(onFinally),
    [Symbol.toStringTag]: 'Promise',
  } as Promise<T>;
}

/**
 * The subscription field's resolver just passes on what the iterator produced. `after`: a change cursor to resume
 * from (CURSOR_EXPIRED when the log no longer reaches back to it, or when it is beyond the log's head).
 */
const subscribe =
  <T>(deliver: (args: Record<string, unknown>) => Deliver<T>, rule?: { name: string; what: string }) =>
  async ({ context, args }: SubscribeResolverData<unknown, Record<string, unknown>, Context>) => {
    // A rule that refuses the whole kind of node: FORBIDDEN at once (each event is asked again, the rules may reload).
    if (rule) context.policy.enforce(context.identity, rule.name, {}, rule.what);
    const after = args.after == null ? undefined : decodeChangeCursor(args.after as string);
    // What was committed before now is numbered now: resuming, it comes from the log; a new subscription starts at
    // the head, after it.
    const pruned = await sequenceChanges(context.db);
    const head = await lastSeq(context.db);
    const expired = after === undefined ? undefined : cursorExpiry(after, pruned, head);
    if (expired) throw expired;
    return changeEvents(context, deliver(args), after, after === undefined ? head : undefined);
  };

/** The rules (traits module's, Placement's names) deciding who is told of traits and of providers. */
const TRAITS_LIST = { name: 'placement:traits:list', what: 'being told of traits' };
const PROVIDERS_LIST = {
  name: 'placement:resource_providers:list',
  what: 'being told of resource providers',
};

/** The `after` argument of every subscription. */
const AFTER_DOCS =
  'Resume after this change cursor (the `cursor` of the last event received): first what was committed after it, in commit order, then live events, with no gap and no duplicate, on any instance. CURSOR_EXPIRED when it is older than the change log keeps (CHANGE_RETENTION) or beyond its head (after a database failover or restore): refetch and subscribe without it. BAD_USER_INPUT when it is not a change cursor.';

/**
 * The catalog events of one transaction: what went with its namespace and an object's properties are told by
 * their container; a namespace created, changed or deleted tells everything in it that the transaction changed;
 * several changes inside one namespace (bulk writes, an import) are one UPDATED event of the namespace. Each
 * event is sent with the last record it stands for (its cursor), so that resuming after it skips exactly those.
 */
interface CatalogEvent {
  kind: ChangeKind;
  type: string;
  key: string;
  sight: NamespaceSight;
  before: NamespaceSight | null;
}
const catalogEventsOf = new WeakMap<readonly ChangeRecord[], Map<string, CatalogEvent>>();

function catalogEvents(transaction: readonly ChangeRecord[]): Map<string, CatalogEvent> {
  let events = catalogEventsOf.get(transaction);
  if (events) return events;
  events = new Map();
  const byNamespace = new Map<string, ChangeRecord[]>();
  for (const record of transaction) {
    if (record.contained || !record.sight || !CATALOG_NODE_TYPES.includes(record.type)) continue;
    const namespace = record.type === 'Namespace' ? record.key : String(record.namespaceKey);
    byNamespace.set(namespace, [...(byNamespace.get(namespace) ?? []), record]);
  }
  for (const [namespaceKey, records] of byNamespace) {
    const last = records.at(-1)!;
    const own = records.find((record) => record.type === 'Namespace');
    if (own) {
      events.set(last.seq, {
        kind: own.kind as ChangeKind,
        type: own.type,
        key: own.key,
        sight: own.sight!,
        before: own.before,
      });
    } else if (records.length > 1) {
      events.set(last.seq, {
        kind: ChangeKind.UPDATED,
        type: 'Namespace',
        key: namespaceKey,
        sight: last.sight!,
        before: null,
      });
    } else {
      events.set(last.seq, {
        kind: last.kind as ChangeKind,
        type: last.type,
        key: last.key,
        sight: last.sight!,
        before: null,
      });
    }
  }
  catalogEventsOf.set(transaction, events);
  return events;
}

/** The live queries: change events of the catalog, traits, providers and resources (API.md, Subscriptions). */
export function createLiveResolver(types: readonly NodeType[]) {
  const fetchers = new Map(types.map((type) => [type.name, type.fetch]));
  /**
   * The changed node as it is now (loaded when the subscriber's selection reads it), through its type's
   * fetcher with the subscriber's identity: null once
   * deleted (a later write may have deleted it too) or no longer visible. Whether the event is sent at all
   * is decided on what the change says about the time it committed, so every commit is told exactly once.
   */
  const load = (ctx: Context, change: { kind: string; key: string }, type: string): Promise<Node | null> =>
    change.kind === 'DELETED'
      ? Promise.resolve(null)
      : lazy(() => fetchers.get(type)?.(ctx, change.key) ?? Promise.resolve(null));

  const catalog = (args: Record<string, unknown>): Deliver<CatalogChangeEvent> => {
    /** Whether the subscriber's filters match a namespace in this state, and it may see it. */
    const sees = (ctx: Context, state: NamespaceSight) =>
      (args.namespace == null || args.namespace === state.namespace) &&
      (args.resourceType == null || state.resourceTypes.includes(args.resourceType as string)) &&
      canSee(ctx, {
        visibility: state.public ? Visibility.PUBLIC : Visibility.PRIVATE,
        owner: state.owner,
      });
    return async (ctx, { change: record, transaction }) => {
      const change = catalogEvents(transaction).get(record.seq);
      if (!change) return null;
      // As the change left it (at commit), and as it was before when the write changed that.
      const now = sees(ctx, change.sight);
      const then = change.before ? sees(ctx, change.before) : now;
      if (!now && !then) return null;
      // Out of the subscriber's sight (made private, another owner, renamed, dissociated): gone, for it.
      // Into its sight: arrived, for it.
      const kind = !now ? ChangeKind.DELETED : !then ? ChangeKind.CREATED : change.kind;
      return {
        kind,
        id: encodeGlobalId(change.type, change.key),
        cursor: encodeChangeCursor(record.seq),
        nodeType: change.type,
        namespace: now ? change.sight.namespace : change.before!.namespace,
        node: load(ctx, { kind, key: change.key }, change.type),
      };
    };
  };

  const trait =
    (): Deliver<TraitChangeEvent> =>
    async (ctx, { change }) => {
      // Created or deleted (a trait made standard is not told).
      if (change.type !== Trait.nodeType || change.contained || change.kind === 'UPDATED') return null;
      if (!ctx.policy.allows(ctx.identity, TRAITS_LIST.name)) return null;
      return {
        kind: change.kind as ChangeKind,
        id: encodeGlobalId(Trait.nodeType, change.key),
        cursor: encodeChangeCursor(change.seq),
        name: String(change.data.name),
        trait: load(ctx, change, Trait.nodeType) as Promise<Trait | null>,
      };
    };

  const provider =
    (args: Record<string, unknown>): Deliver<ResourceProviderChangeEvent> =>
    async (ctx, { change }) => {
      if (change.type !== ResourceProvider.nodeType || change.contained) return null;
      if (!ctx.policy.allows(ctx.identity, PROVIDERS_LIST.name)) return null;
      const { uuid, generation } = change.data as { uuid: string; generation: number };
      if (args.uuid != null && args.uuid !== uuid) return null;
      return {
        kind: change.kind as ChangeKind,
        id: encodeGlobalId(ResourceProvider.nodeType, change.key),
        cursor: encodeChangeCursor(change.seq),
        uuid,
        generation,
        resourceProvider: load(ctx, change, ResourceProvider.nodeType) as Promise<ResourceProvider | null>,
      };
    };

  const resource =
    (args: Record<string, unknown>): Deliver<ResourceChangeEvent> =>
    async (ctx, { change }) => {
      if (change.type !== Resource.nodeType || change.contained) return null;
      if (args.resourceType != null && args.resourceType !== change.resourceType) return null;
      if (args.projectId != null && args.projectId !== change.project) return null;
      // Another project's resource is never told, deleted or not.
      if (!ctx.policy.allows(ctx.identity, 'get_resource', { project_id: change.project })) return null;
      return {
        kind: change.kind as ChangeKind,
        id: encodeGlobalId(Resource.nodeType, change.key),
        cursor: encodeChangeCursor(change.seq),
        uuid: String(change.data.uuid),
        resourceType: change.resourceType!,
        projectId: change.project!,
        resource: load(ctx, change, Resource.nodeType) as Promise<Resource | null>,
      };
    };

  @Resolver()
  class LiveResolver {
    @Subscription(() => CatalogChangeEvent, {
      description:
        'Changes of namespaces and their properties, objects and tags that the caller may see, as they commit on any instance. Filters: a namespace name, a resource type the namespace is associated with.',
      subscribe: subscribe(catalog),
    })
    catalogChanged(
      @Root() event: CatalogChangeEvent,
      @Arg('after', () => String, { nullable: true, description: AFTER_DOCS })
      _after?: string,
      @Arg('namespace', () => String, {
        nullable: true,
        description: 'Only changes in this namespace (by name); all visible namespaces when omitted.',
      })
      _namespace?: string,
      @Arg('resourceType', () => String, {
        nullable: true,
        description: 'Only namespaces associated with this resource type (e.g. OS::Nova::Flavor).',
      })
      _resourceType?: string,
    ): CatalogChangeEvent {
      return event;
    }

    @Subscription(() => TraitChangeEvent, {
      description: 'Traits created or deleted, on any instance.',
      subscribe: subscribe(trait, TRAITS_LIST),
    })
    traitChanged(
      @Root() event: TraitChangeEvent,
      @Arg('after', () => String, { nullable: true, description: AFTER_DOCS })
      _after?: string,
    ): TraitChangeEvent {
      return event;
    }

    @Subscription(() => ResourceProviderChangeEvent, {
      description:
        'Resource providers created, renamed, moved, deleted, or whose traits changed (with the new generation). Filter: one provider.',
      subscribe: subscribe(provider, PROVIDERS_LIST),
    })
    resourceProviderChanged(
      @Root() event: ResourceProviderChangeEvent,
      @Arg('after', () => String, { nullable: true, description: AFTER_DOCS })
      _after?: string,
      @Arg('uuid', () => UUIDScalar, {
        nullable: true,
        description: 'Only this provider (no descendants); every provider when omitted.',
      })
      _uuid?: string,
    ): ResourceProviderChangeEvent {
      return event;
    }

    @Subscription(() => ResourceChangeEvent, {
      description:
        "Resources created, deleted, or whose name, tags or properties changed: the caller's project's (every project's for admins). Filters: resource type, project.",
      subscribe: subscribe(resource),
    })
    resourceChanged(
      @Root() event: ResourceChangeEvent,
      @Arg('after', () => String, { nullable: true, description: AFTER_DOCS })
      _after?: string,
      @Arg('resourceType', () => String, {
        nullable: true,
        description: 'Only resources of this type (e.g. OS::Nova::Server).',
      })
      _resourceType?: string,
      @Arg('projectId', () => String, {
        nullable: true,
        description: "Only this project's resources (others' are never sent to a non-admin anyway).",
      })
      _projectId?: string,
    ): ResourceChangeEvent {
      return event;
    }
  }

  return LiveResolver;
}
