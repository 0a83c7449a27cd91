import { Arg, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import { madeFrom, type Change, type FeedEvent, type NamespaceSight } from '../../common/changes';
import type { Context } from '../../common/context';
import { AppError } from '../../common/errors';
import { encodeGlobalId } from '../../common/relay/global-id';
import type { Node, NodeType } from '../../common/relay/node';
import { UUIDScalar } from '../../common/scalars';
import { Visibility } from '../../common/visibility';
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

/** Turns a committed change into what this subscriber receives, or null when it must not (or need not) see it. */
type Deliver<T> = (ctx: Context, change: Change) => Promise<T | null>;

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
 */
export function changeEvents<T>(ctx: Context, deliver: Deliver<T>): AsyncIterableIterator<T> {
  const pending: FeedEvent[] = [];
  let wake: (() => void) | undefined;
  let done = false;
  let overflowed = false;
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
    wake?.();
    return { done: true, value: undefined };
  };
  if (!ctx.instance.changes.live) finish();
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
        const event = pending.shift();
        if (!event) {
          await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
          continue;
        }
        if (event.type === 'lost') return finish();
        if (event.type !== 'change') continue;
        ctx.loaders.clearAll();
        const value = await deliver(ctx, event.change);
        if (value === null || done) continue;
        if (typeof value === 'object') madeFrom(value, event);
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

/** The subscription field's resolver just passes on what the iterator produced. */
const subscribe =
  <T>(deliver: (args: Record<string, unknown>) => Deliver<T>) =>
  ({ context, args }: SubscribeResolverData<unknown, Record<string, unknown>, Context>) =>
    changeEvents(context, deliver(args));

/** The live queries: change events of the catalog, traits, providers and resources (API.md, Subscriptions). */
export function createLiveResolver(types: readonly NodeType[]) {
  const fetchers = new Map(types.map((type) => [type.name, type.fetch]));
  /**
   * The changed node as it is now (loaded when the subscriber's selection reads it), through its type's
   * fetcher with the subscriber's identity: null once
   * deleted (a later write may have deleted it too) or no longer visible. Whether the event is sent at all
   * is decided on what the change says about the time it committed, so every commit is told exactly once.
   */
  const load = (ctx: Context, change: Change, type: string): Promise<Node | null> =>
    change.kind === 'DELETED'
      ? Promise.resolve(null)
      : lazy(() => fetchers.get(type)?.(ctx, change.key) ?? Promise.resolve(null));

  const catalog = (args: Record<string, unknown>): Deliver<CatalogChangeEvent> => {
    /** Whether the subscriber's filters match a namespace in this state, and it may see it. */
    const sees = (ctx: Context, state: NamespaceSight) =>
      (args.namespace == null || args.namespace === state.namespace) &&
      (args.resourceType == null || state.resourceTypes.includes(args.resourceType as string)) &&
      canSee(ctx.identity, {
        visibility: state.public ? Visibility.PUBLIC : Visibility.PRIVATE,
        owner: state.owner,
      });
    return async (ctx, change) => {
      if (change.topic !== 'catalog') return null;
      // As the change left it (at commit), and as it was before when the write changed that.
      const now = sees(ctx, change);
      const then = change.before ? sees(ctx, change.before) : now;
      if (!now && !then) return null;
      // Out of the subscriber's sight (made private, another owner, renamed, dissociated): gone, for it.
      // Into its sight: arrived, for it.
      const kind = !now ? ChangeKind.DELETED : !then ? ChangeKind.CREATED : (change.kind as ChangeKind);
      return {
        kind,
        id: encodeGlobalId(change.type, change.key),
        nodeType: change.type,
        namespace: now ? change.namespace : change.before!.namespace,
        node: load(ctx, { ...change, kind }, change.type),
      };
    };
  };

  const trait = (): Deliver<TraitChangeEvent> => async (ctx, change) => {
    if (change.topic !== 'trait') return null;
    return {
      kind: change.kind as ChangeKind,
      id: encodeGlobalId(Trait.nodeType, change.key),
      name: change.name,
      trait: load(ctx, change, Trait.nodeType) as Promise<Trait | null>,
    };
  };

  const provider =
    (args: Record<string, unknown>): Deliver<ResourceProviderChangeEvent> =>
    async (ctx, change) => {
      if (change.topic !== 'provider') return null;
      if (args.uuid != null && args.uuid !== change.uuid) return null;
      return {
        kind: change.kind as ChangeKind,
        id: encodeGlobalId(ResourceProvider.nodeType, change.key),
        uuid: change.uuid,
        generation: change.generation,
        resourceProvider: load(ctx, change, ResourceProvider.nodeType) as Promise<ResourceProvider | null>,
      };
    };

  const resource =
    (args: Record<string, unknown>): Deliver<ResourceChangeEvent> =>
    async (ctx, change) => {
      if (change.topic !== 'resource') return null;
      if (args.resourceType != null && args.resourceType !== change.resourceType) return null;
      if (args.projectId != null && args.projectId !== change.project) return null;
      // Another project's resource is never told, deleted or not.
      if (!ctx.identity.isAdmin && change.project !== ctx.identity.projectId) return null;
      return {
        kind: change.kind as ChangeKind,
        id: encodeGlobalId(Resource.nodeType, change.key),
        uuid: change.uuid,
        resourceType: change.resourceType,
        projectId: change.project,
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
      subscribe: subscribe(trait),
    })
    traitChanged(@Root() event: TraitChangeEvent): TraitChangeEvent {
      return event;
    }

    @Subscription(() => ResourceProviderChangeEvent, {
      description:
        'Resource providers created, renamed, moved, deleted, or whose traits changed (with the new generation). Filter: one provider.',
      subscribe: subscribe(provider),
    })
    resourceProviderChanged(
      @Root() event: ResourceProviderChangeEvent,
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
