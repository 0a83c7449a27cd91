import { Arg, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import type { Context } from '../../common/context';
import type { NodeType } from '../../common/relay/node';
import { UUIDScalar } from '../../common/scalars';
import { cursorExpiry, lastSeq, sequenceChanges } from '../../db/change-log';
import { decodeChangeCursor } from './change-cursor';
import {
  catalogDelivery,
  nodeLoader,
  providerDelivery,
  resourceDelivery,
  traitDelivery,
  type LoadNode,
} from './change-deliveries';
import { changeEvents, type Deliver } from './change-events';
import {
  CatalogChangeEvent,
  ResourceChangeEvent,
  ResourceProviderChangeEvent,
  TraitChangeEvent,
} from './live.events';
import { PROVIDERS_LIST_RULE, TRAITS_LIST_RULE } from './change-deliveries';

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
const TRAITS_LIST = { name: TRAITS_LIST_RULE, what: 'being told of traits' };
const PROVIDERS_LIST = { name: PROVIDERS_LIST_RULE, what: 'being told of resource providers' };

/** The `after` argument of every subscription. */
const AFTER_DOCS =
  'Resume after this change cursor (the `cursor` of the last event received): first what was committed after it, in commit order, then live events, with no gap and no duplicate, on any instance. CURSOR_EXPIRED when it is older than the change log keeps (CHANGE_RETENTION) or beyond its head (after a database failover or restore): refetch and subscribe without it. BAD_USER_INPUT when it is not a change cursor.';

/** The live queries: change events of the catalog, traits, providers and resources (API.md, Subscriptions). */
export function createLiveResolvers(types: readonly NodeType[]) {
  const load = nodeLoader(types);
  return [
    catalogChangedResolver(load),
    traitChangedResolver(load),
    resourceProviderChangedResolver(load),
    resourceChangedResolver(load),
  ];
}

function catalogChangedResolver(load: LoadNode) {
  @Resolver()
  class CatalogChangedResolver {
    @Subscription(() => CatalogChangeEvent, {
      description:
        'Changes of namespaces and their properties, objects and tags that the caller may see, as they commit on any instance. Filters: a namespace name, a resource type the namespace is associated with.',
      subscribe: subscribe((args) => catalogDelivery(args, load)),
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
  }
  return CatalogChangedResolver;
}

function traitChangedResolver(load: LoadNode) {
  @Resolver()
  class TraitChangedResolver {
    @Subscription(() => TraitChangeEvent, {
      description: 'Traits created or deleted, on any instance.',
      subscribe: subscribe(() => traitDelivery(load), TRAITS_LIST),
    })
    traitChanged(
      @Root() event: TraitChangeEvent,
      @Arg('after', () => String, { nullable: true, description: AFTER_DOCS })
      _after?: string,
    ): TraitChangeEvent {
      return event;
    }
  }
  return TraitChangedResolver;
}

function resourceProviderChangedResolver(load: LoadNode) {
  @Resolver()
  class ResourceProviderChangedResolver {
    @Subscription(() => ResourceProviderChangeEvent, {
      description:
        'Resource providers created, renamed, moved, deleted, or whose traits changed (with the new generation). Filter: one provider.',
      subscribe: subscribe((args) => providerDelivery(args, load), PROVIDERS_LIST),
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
  }
  return ResourceProviderChangedResolver;
}

function resourceChangedResolver(load: LoadNode) {
  @Resolver()
  class ResourceChangedResolver {
    @Subscription(() => ResourceChangeEvent, {
      description:
        "Resources created, deleted, or whose name, tags or properties changed: the caller's project's (every project's for admins). Filters: resource type, project.",
      subscribe: subscribe((args) => resourceDelivery(args, load)),
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
  return ResourceChangedResolver;
}
