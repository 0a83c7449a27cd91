import type { TypedDocumentNode } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { useApolloClient, useSubscription } from '@apollo/client/react';
import { createContext, useCallback, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { createClient as createWsClient } from 'graphql-ws';
import { connectionParamsOf, loadSettings } from './settings';

/**
 * The WebSocket's state as a user should read it: `idle` when no screen listens (the socket is opened on the
 * first subscription and closed after the last), `refused` when the server closed it with 4403 (the identity
 * was not accepted; it keeps retrying, and retries at once when the identity settings change).
 */
export type LiveStatus = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'refused';

export interface LiveConnection {
  link: GraphQLWsLink;
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

/**
 * Subscriptions over graphql-ws on the same `graphql` URL as queries (ws: or wss: like the page). The
 * connection_init payload carries the settings' token (AUTH_MODE=jwt or keystone), read on every connection.
 * It reconnects without end (also when the server cannot be reached), waiting up to 30 s between attempts;
 * `onReconnected` runs after each reconnection, when events may have been missed (a network cut, a server
 * restart, the server's change feed lost: close code 4503).
 */
export function createLiveConnection(onReconnected: () => void): LiveConnection {
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
        if (wasRetry) onReconnected();
      },
      closed: (event) => {
        const code = (event as { code?: number } | undefined)?.code;
        setStatus(code === NORMAL_CLOSURE ? 'idle' : code === FORBIDDEN ? 'refused' : 'reconnecting');
      },
    },
  });

  return {
    link: new GraphQLWsLink(client),
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

/**
 * Keeps a screen's queries current: each event of `subscription` refetches the screen's active queries named
 * in `queries` (a created node appears, a deleted one disappears, an update shows). Events during a refetch
 * cause one more refetch after it, never one merged into a request that may have read the data before them
 * (apollo.ts turns Apollo's query deduplication off for that).
 */
export function useLive<TData, TVariables extends Record<string, unknown>>(
  subscription: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  queries: readonly string[],
): void {
  const client = useApolloClient();
  const live = useContext(LiveContext);
  useEffect(() => live?.listen(), [live]);
  const state = useRef({ running: false, again: false });
  const names = queries.join(',');
  const refresh = useCallback(() => {
    const refetching = state.current;
    if (refetching.running) {
      refetching.again = true;
      return;
    }
    refetching.running = true;
    const wanted = names.split(',');
    const run = (): void => {
      Promise.resolve(
        client.refetchQueries({
          include: 'active',
          onQueryUpdated: (query) => wanted.includes(query.queryName ?? '') && query.refetch(),
        }),
      )
        // A failed refetch shows as its query's error.
        .catch(() => undefined)
        .finally(() => {
          if (!refetching.again) {
            refetching.running = false;
            return;
          }
          refetching.again = false;
          run();
        });
    };
    run();
  }, [client, names]);
  useSubscription(subscription, { variables, ignoreResults: true, onData: refresh });
}
