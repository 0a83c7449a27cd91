import { CATALOG_NODE_TYPES, ChangeKind, type ChangeRecord, type NamespaceSight } from '../../common/changes';
import type { Context } from '../../common/context';
import { encodeGlobalId } from '../../common/relay/global-id';
import type { Node, NodeType } from '../../common/relay/node';
import { Visibility } from '../../common/visibility';
import { canSee } from '../namespaces/namespace.policy';
import { Resource } from '../resources/resource.entity';
import { ResourceProvider } from '../resource-providers/resource-provider.entity';
import { Trait } from '../traits/trait.entity';
import { encodeChangeCursor } from './change-cursor';
import type { Deliver } from './change-events';
import type {
  CatalogChangeEvent,
  ResourceChangeEvent,
  ResourceProviderChangeEvent,
  TraitChangeEvent,
} from './live.events';

/** What each subscription field makes of a committed change: its event, or null when this subscriber gets none. */

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
 * The changed node as it is now (loaded when the subscriber's selection reads it), through its type's fetcher with
 * the subscriber's identity: null once deleted (a later write may have deleted it too) or no longer visible.
 * Whether the event is sent at all is decided on what the change says about the time it committed, so every
 * commit is told exactly once.
 */
export type LoadNode = (
  ctx: Context,
  change: { kind: string; key: string },
  type: string,
) => Promise<Node | null>;

/** LoadNode through the fetchers of `types`. */
export function nodeLoader(types: readonly NodeType[]): LoadNode {
  const fetchers = new Map(types.map((type) => [type.name, type.fetch]));
  return (ctx, change, type) =>
    change.kind === 'DELETED'
      ? Promise.resolve(null)
      : lazy(() => fetchers.get(type)?.(ctx, change.key) ?? Promise.resolve(null));
}

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
        kind: own.kind,
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
        kind: last.kind,
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

/** catalogChanged: the catalog events (catalogEvents) the subscriber's filters match, as it sees them. */
export function catalogDelivery(args: Record<string, unknown>, load: LoadNode): Deliver<CatalogChangeEvent> {
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
}

/** The rules (traits module's, Placement's names) deciding who is told of traits and of providers. */
export const TRAITS_LIST_RULE = 'placement:traits:list';
export const PROVIDERS_LIST_RULE = 'placement:resource_providers:list';

/** traitChanged: traits created or deleted (a trait made standard is not told). */
export function traitDelivery(load: LoadNode): Deliver<TraitChangeEvent> {
  return async (ctx, { change }) => {
    if (change.type !== Trait.nodeType || change.contained || change.kind === 'UPDATED') return null;
    if (!ctx.policy.allows(ctx.identity, TRAITS_LIST_RULE)) return null;
    return {
      kind: change.kind,
      id: encodeGlobalId(Trait.nodeType, change.key),
      cursor: encodeChangeCursor(change.seq),
      name: String(change.data.name),
      trait: load(ctx, change, Trait.nodeType) as Promise<Trait | null>,
    };
  };
}

/** resourceProviderChanged: every provider's changes, or one's (`uuid`). */
export function providerDelivery(
  args: Record<string, unknown>,
  load: LoadNode,
): Deliver<ResourceProviderChangeEvent> {
  return async (ctx, { change }) => {
    if (change.type !== ResourceProvider.nodeType || change.contained) return null;
    if (!ctx.policy.allows(ctx.identity, PROVIDERS_LIST_RULE)) return null;
    const { uuid, generation } = change.data as { uuid: string; generation: number };
    if (args.uuid != null && args.uuid !== uuid) return null;
    return {
      kind: change.kind,
      id: encodeGlobalId(ResourceProvider.nodeType, change.key),
      cursor: encodeChangeCursor(change.seq),
      uuid,
      generation,
      resourceProvider: load(ctx, change, ResourceProvider.nodeType) as Promise<ResourceProvider | null>,
    };
  };
}

/** resourceChanged: resources of the filters' type and project that the subscriber may get. */
export function resourceDelivery(
  args: Record<string, unknown>,
  load: LoadNode,
): Deliver<ResourceChangeEvent> {
  return async (ctx, { change }) => {
    if (change.type !== Resource.nodeType || change.contained) return null;
    if (args.resourceType != null && args.resourceType !== change.resourceType) return null;
    if (args.projectId != null && args.projectId !== change.project) return null;
    // Another project's resource is never told, deleted or not.
    if (!ctx.policy.allows(ctx.identity, 'get_resource', { project_id: change.project })) return null;
    return {
      kind: change.kind,
      id: encodeGlobalId(Resource.nodeType, change.key),
      cursor: encodeChangeCursor(change.seq),
      uuid: String(change.data.uuid),
      resourceType: change.resourceType!,
      projectId: change.project!,
      resource: load(ctx, change, Resource.nodeType) as Promise<Resource | null>,
    };
  };
}
