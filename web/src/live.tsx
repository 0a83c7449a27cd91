import type { ApolloCache, DocumentNode, TypedDocumentNode } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { ApolloLink } from '@apollo/client/link';
import { useApolloClient, useSubscription } from '@apollo/client/react';
import { print } from '@apollo/client/utilities';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import { createClient as createWsClient, type Client, type FormattedExecutionResult } from 'graphql-ws';
import { Observable } from 'rxjs';
import { connectionParamsOf, loadSettings } from './settings';

/**
 * The WebSocket's state as a user should read it: `idle` when no screen listens (the socket is opened on the
 * first subscription and closed after the last), `refused` when the server closed it with 4403 (the identity
 * was not accepted; it keeps retrying, and retries at once when the identity settings change).
 */
export type LiveStatus = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'refused';

export interface LiveConnection {
  /** Subscriptions over the socket, each resumed from its last event's cursor after a reconnection. */
  link: ApolloLink;
  /** The socket's state while a screen listens; `idle` otherwise (the socket may stay open a moment). */
  status(): LiveStatus;
  onStatus(listener: () => void): () => void;
  /** A screen starts listening; call the returned function when it stops. */
  listen(): () => void;
  /** Reconnects now with the identity settings as they are (subscriptions are resent by graphql-ws). */
  restart(): void;
}

const FORBIDDEN = 4403;
const NORMAL_CLOSURE = 1000;
/** How long the socket stays open after the last subscription: switching screens keeps it. */
const LAZY_CLOSE_MS = 3000;
const MAX_RETRY_WAIT_MS = 30_000;

/** The error code the server answers a resumed subscription whose cursor the change log no longer reaches. */
const CURSOR_EXPIRED = 'CURSOR_EXPIRED';

/**
 * What a subscription's operation context may carry (`context: { live: … }`, as useLive passes it): what to
 * fetch again when events may have been missed and cannot be resumed.
 */
export interface LiveOperationContext {
  resync(): void;
}

/** One subscription while it runs: the cursor of the last event it received, and how to resync it. */
interface Running {
  cursor: string | undefined;
  resync(): void;
}

/**
 * Subscriptions over graphql-ws on the same `graphql` URL as queries (ws: or wss: like the page). The
 * connection_init payload carries the settings' token (AUTH_MODE=jwt or keystone), read on every connection.
 * It reconnects without end (also when the server cannot be reached), waiting up to 30 s between attempts.
 * After a reconnection (a network cut, a server restart, the server's change feed lost: close code 4503) each
 * subscription resumes after the cursor of the last event it received (docs/live.md, Cursors): graphql-ws sends
 * its subscribe message again, with `after` read at that moment, and the server first sends what was committed
 * meanwhile. A subscription that has no cursor yet, or whose cursor the server says expired (CURSOR_EXPIRED: it
 * then subscribes again without one), is resynced: its context's `resync` (useLive: the queries it keeps
 * current), or `refetchAll` when it names none.
 */
export function createLiveConnection(refetchAll: () => void): LiveConnection {
  const url = new URL('graphql', document.baseURI);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';

  let status: LiveStatus = 'idle';
  let screens = 0;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const setStatus = (next: LiveStatus) => {
    if (next === status) return;
    status = next;
    notify();
  };

  // A restart skips the wait before the next attempt, or cuts the wait short when one is under way.
  let wake: (() => void) | undefined;
  let restartNow = false;
  const retryWait = (retries: number) => {
    if (restartNow) {
      restartNow = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, Math.min(1000 * 2 ** retries, MAX_RETRY_WAIT_MS) + Math.random() * 1000);
      wake = done;
    });
  };

  const client = createWsClient({
    url: url.toString(),
    connectionParams: () => connectionParamsOf(loadSettings()),
    lazyCloseTimeout: LAZY_CLOSE_MS,
    retryAttempts: Infinity,
    // Also a socket that could not connect (the server down or restarting: an error event, not a close
    // event, which graphql-ws would otherwise take as fatal). Close codes it knows to be fatal still end
    // the retries.
    shouldRetry: () => true,
    retryWait,
    on: {
      connecting: (isRetry) =>
        setStatus(isRetry && status === 'refused' ? 'refused' : isRetry ? 'reconnecting' : 'connecting'),
      connected: (_socket, _payload, wasRetry) => {
        restartNow = false;
        setStatus('live');
        // Before graphql-ws sends the subscriptions again: those with a cursor resume from it.
        if (wasRetry) for (const subscription of running) if (!subscription.cursor) subscription.resync();
      },
      closed: (event) => {
        const code = (event as { code?: number } | undefined)?.code;
        setStatus(code === NORMAL_CLOSURE ? 'idle' : code === FORBIDDEN ? 'refused' : 'reconnecting');
      },
    },
  });

  const running = new Set<Running>();
  return {
    link: new ResumingLink(client, running, refetchAll),
    status: () => (screens ? status : 'idle'),
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listen() {
      screens += 1;
      notify();
      return () => {
        screens -= 1;
        notify();
      };
    },
    restart() {
      if (wake) return wake();
      restartNow = true;
      client.terminate();
    },
  };
}

/** Whether a subscription's answer is the server's CURSOR_EXPIRED (it then completes the subscription). */
const expired = (result: { errors?: FormattedExecutionResult['errors'] }) =>
  result.errors?.some((error) => error.extensions?.code === CURSOR_EXPIRED) ?? false;

/**
 * Apollo's GraphQLWsLink, resuming: the subscribe message's `variables` are read each time graphql-ws sends it
 * (first, then after every reconnection), with `after` set to the cursor of the last event received. A
 * CURSOR_EXPIRED answer is not passed on: the subscription is resynced and started again without a cursor.
 */
class ResumingLink extends ApolloLink {
  constructor(
    private readonly client: Client,
    private readonly running: Set<Running>,
    private readonly refetchAll: () => void,
  ) {
    super();
  }

  override request(operation: ApolloLink.Operation): Observable<ApolloLink.Result> {
    const { query, variables, operationName, extensions } = operation;
    const live = (operation.getContext() as { live?: LiveOperationContext }).live;
    const subscription: Running = {
      cursor: undefined,
      resync: () => (live ? live.resync() : this.refetchAll()),
    };
    const text = print(query);
    return new Observable<ApolloLink.Result>((observer) => {
      let dispose: () => void = () => undefined;
      let closed = false;
      let restart = false;
      const start = () => {
        const payload = {
          operationName,
          extensions,
          query: text,
          get variables() {
            return subscription.cursor === undefined
              ? variables
              : { ...variables, after: subscription.cursor };
          },
        };
        dispose = this.client.subscribe<Record<string, { cursor?: unknown } | null>>(payload, {
          next: (result) => {
            if (expired(result)) {
              subscription.cursor = undefined;
              restart = true;
              subscription.resync();
              return;
            }
            const event = result.data && Object.values(result.data)[0];
            if (typeof event?.cursor === 'string') subscription.cursor = event.cursor;
            observer.next(result as ApolloLink.Result);
          },
          complete: () => {
            if (restart && !closed) {
              restart = false;
              start();
              return;
            }
            observer.complete();
          },
          error: (error: unknown) => {
            // Refused as a request error (an `error` message) rather than answered: the same.
            if (Array.isArray(error) && expired({ errors: error as FormattedExecutionResult['errors'] })) {
              subscription.cursor = undefined;
              subscription.resync();
              if (!closed) start();
              return;
            }
            if (error instanceof Error) return observer.error(error);
            const close = error as { code?: number; reason?: string } | undefined;
            if (close && typeof close === 'object' && 'code' in close) {
              return observer.error(
                new Error(`Socket closed with event ${close.code} ${close.reason ?? ''}`),
              );
            }
            const errors = (Array.isArray(error) ? error : [error]) as CombinedGraphQLErrors['errors'];
            return observer.error(new CombinedGraphQLErrors({ errors }));
          },
        });
      };
      this.running.add(subscription);
      start();
      return () => {
        closed = true;
        this.running.delete(subscription);
        dispose();
      };
    });
  }
}

export const LiveContext = createContext<LiveConnection | null>(null);

const LABELS: Record<LiveStatus, string> = {
  idle: '',
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  refused: 'Live updates refused: check Identity',
};

const noStatus = () => () => undefined;

/** Whether the views on screen follow the data: shown while a screen listens. */
export function LiveIndicator() {
  const live = useContext(LiveContext);
  const status = useSyncExternalStore(live?.onStatus ?? noStatus, () => live?.status() ?? 'idle');
  if (status === 'idle') return null;
  return (
    <span className={`live live-${status}`} role="status" aria-label="Live updates">
      {LABELS[status]}
    </span>
  );
}

/** What every change event carries (the `ChangeEvent` interface): what a committed write did, to which node. */
export interface ChangeEventFields {
  kind: 'CREATED' | 'UPDATED' | 'DELETED';
  /** The changed node's global id. */
  id: string;
}

/** A deleted node as the API names it: its global id, or (when the payload says it) its id and typename. */
export type DeletedNode = string | { id: string; __typename: string };

/**
 * Removes deleted nodes from the cache: every list that held one drops it, every view of it reads it as gone.
 * A global id alone is enough (the API's ids are unique across types); a typename narrows it. Entities are
 * found by their id whatever else keys them.
 */
export function evictNodes(cache: ApolloCache, nodes: readonly DeletedNode[]): void {
  const keys = Object.keys(cache.extract() as object);
  for (const node of nodes) {
    const { id, __typename } = typeof node === 'string' ? { id: node, __typename: '' } : node;
    const plain = `:${id}`;
    const keyed = `:{"id":${JSON.stringify(id)}`;
    for (const key of keys) {
      if (__typename && !key.startsWith(`${__typename}:`)) continue;
      if (key.endsWith(plain) || key.includes(keyed)) cache.evict({ id: key });
    }
  }
  cache.gc();
}

export interface LiveOptions<TEvent extends ChangeEventFields> {
  /**
   * The screen's queries that this event changes beyond what the cache follows by itself, fetched again: a node
   * created (which lists hold it is the server's to say), a count, a filter's matches. Given as the screens'
   * typed documents (an operation's name plays no part). What the cache follows alone, and needs no refetch: a
   * deleted node (evicted by id: the lists that held it drop it) and a changed node that the event carries
   * (selected in the subscription, it is written into the cache and every view of it shows the change).
   */
  refetch: (event: TEvent) => readonly DocumentNode[];
  /**
   * The screen's queries this subscription keeps current, fetched again when events may have been missed and
   * cannot be resumed: after a reconnection when no event came yet (there is no cursor to resume from), or when
   * the server says the cursor expired. Omitted: every query on screen.
   */
  resync?: readonly DocumentNode[];
}

/**
 * Keeps a screen current with the events of `subscription` (a subscription of one root field, a ChangeEvent,
 * whose document declares `$after: String`, passes it as `after` and selects `cursor`): see LiveOptions. After a
 * reconnection it resumes from the last event's cursor (createLiveConnection), so what changed meanwhile comes
 * as events, applied like the others. Events during a refetch cause one more refetch after it, of the queries
 * they ask for, never one merged into a request that may have read the data before them (apollo.ts turns
 * Apollo's query deduplication off for that).
 */
export function useLive<TData, TVariables extends Record<string, unknown>>(
  subscription: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  options: LiveOptions<TData[keyof TData] & ChangeEventFields>,
): void {
  const client = useApolloClient();
  const live = useContext(LiveContext);
  useEffect(() => live?.listen(), [live]);
  // The latest options: what to refetch may depend on the screen's state.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const state = useRef({ running: false, pending: new Set<DocumentNode>() });
  const refetch = useCallback(
    (documents: readonly DocumentNode[]) => {
      const refetching = state.current;
      for (const document of documents) refetching.pending.add(document);
      if (refetching.running || !refetching.pending.size) return;
      refetching.running = true;
      const run = (): void => {
        const wanted = new Set(refetching.pending);
        refetching.pending.clear();
        Promise.resolve(
          client.refetchQueries({
            include: 'active',
            // The document a screen's useQuery was given (Apollo keeps it untransformed in options.query).
            onQueryUpdated: (query) => wanted.has(query.options.query) && query.refetch(),
          }),
        )
          // A failed refetch shows as its query's error.
          .catch(() => undefined)
          .finally(() => {
            if (!refetching.pending.size) {
              refetching.running = false;
              return;
            }
            run();
          });
      };
      run();
    },
    [client],
  );
  // What to fetch again when the subscription cannot resume: its resync queries, or every active query.
  const resuming: LiveOperationContext = useMemo(
    () => ({
      resync: () => {
        const documents = latest.current.resync;
        if (documents) refetch(documents);
        else void Promise.resolve(client.refetchQueries({ include: 'active' })).catch(() => undefined);
      },
    }),
    [client, refetch],
  );
  const onData = useCallback(
    ({ data }: { data: { data?: TData } }) => {
      const root = data.data as Record<string, unknown> | undefined;
      const event = root && (Object.values(root)[0] as (TData[keyof TData] & ChangeEventFields) | null);
      if (!event) return;
      if (event.kind === 'DELETED') evictNodes(client.cache, [event.id]);
      refetch(latest.current.refetch(event));
    },
    [client, refetch],
  );
  useSubscription(subscription, { variables, ignoreResults: true, onData, context: { live: resuming } });
}
