import { createClient, type Client } from 'graphql-ws';
import type { GraphQLFormattedError } from 'graphql';
import WebSocket from 'ws';
import { headersOf, type Data, type TestApp, type Who } from './test-app';
import { waitUntil } from './wait';

/** A WebSocket class whose upgrade request carries these headers (as a proxy in front of us would set). */
function socketWithHeaders(headers: Record<string, string>): unknown {
  return class extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers });
    }
  };
}

/** The ws:// URL of a test app, listening on a free port of 127.0.0.1 (once per app). */
const listening = new WeakMap<TestApp['app'], Promise<string>>();
export function wsUrl(t: TestApp): Promise<string> {
  let url = listening.get(t.app);
  if (!url) {
    url = t.app.listen(0, '127.0.0.1').then((http) => http.replace(/^http/, 'ws'));
    listening.set(t.app, url);
  }
  return url;
}

/**
 * Waits until `count` more subscriptions than `baseline` listen on the app's change feed: a subscription
 * listens once the server has executed its subscribe message, so writes after this reach it.
 */
export async function listeningSubscriptions(t: TestApp, baseline: number, count: number): Promise<void> {
  await waitUntil(
    () => `${count} more subscription(s) than ${baseline} listen (now ${t.app.changes.listenerCount})`,
    () => t.app.changes.listenerCount >= baseline + count,
  );
}

/** Waits until the server has let go of subscriptions: at most `count` listen on the app's change feed. */
export async function listenersAtMost(t: TestApp, count: number): Promise<void> {
  await waitUntil(
    () => `at most ${count} subscription(s) listen (now ${t.app.changes.listenerCount})`,
    () => t.app.changes.listenerCount <= count,
  );
}

/**
 * Closes the subscriptions and waits until the server has let go of them (so the next count starts clean): until
 * at most `baseline` listen, by default as many fewer than now as are closed.
 */
export async function disposeAll(
  t: TestApp,
  subscribers: Subscriber[],
  baseline = t.app.changes.listenerCount - subscribers.length,
): Promise<void> {
  await Promise.all(subscribers.map((s) => s.dispose()));
  await listenersAtMost(t, baseline);
}

/** Subscribes once with each of `sockets` (one socket each), and waits until every subscription listens. */
export async function subscribeEach(
  t: TestApp,
  query: string,
  variables: Record<string, unknown>,
  sockets: SubscribeOptions[],
): Promise<Subscriber[]> {
  const url = await wsUrl(t);
  const baseline = t.app.changes.listenerCount;
  const subscribers = sockets.map((options) => subscribe(url, query, variables, options));
  await listeningSubscriptions(t, baseline, subscribers.length);
  return subscribers;
}

/** Subscribes `who` (headers) to `query`, and waits until the subscription listens (writes after it reach it). */
export async function subscribeListening(
  t: TestApp,
  query: string,
  who: Who,
  variables: Record<string, unknown> = {},
): Promise<Subscriber> {
  const [subscriber] = await subscribeEach(t, query, variables, [
    { headers: headersOf(who) as Record<string, string> },
  ]);
  return subscriber;
}

/** GET /health/ready of the app: its status and body. */
export async function readiness(t: TestApp): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = (await wsUrl(t)).replace(/^ws/, 'http').replace(/\/graphql$/, '/health/ready');
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export interface Subscriber {
  /** The next event's data (waits for it); fails if the subscription errored or the socket closed. */
  next(): Promise<Data>;
  /** How the socket closed (code, reason), once it has. */
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves once the server acknowledged the connection (and so the subscription is registered soon). */
  acknowledged: Promise<void>;
  dispose(): Promise<void>;
}

export interface SubscribeOptions {
  headers?: Record<string, string>;
  connectionParams?: Record<string, unknown>;
}

/**
 * A real graphql-ws client subscribed to `query` on `url`. Events queue up until `next()` takes them.
 * The client never retries, so a closed socket stays closed.
 */
export function subscribe(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  options: SubscribeOptions = {},
): Subscriber {
  const queue: Data[] = [];
  const waiting: { resolve: (value: Data) => void; reject: (error: Error) => void }[] = [];
  let failure: Error | undefined;
  let ack!: () => void;
  const acknowledged = new Promise<void>((resolve) => (ack = resolve));
  let onClosed!: (event: { code: number; reason: string }) => void;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => (onClosed = resolve));

  const fail = (error: Error) => {
    failure ??= error;
    for (const waiter of waiting.splice(0)) waiter.reject(failure);
  };
  const client: Client = createClient({
    url,
    webSocketImpl: socketWithHeaders(options.headers ?? {}),
    connectionParams: options.connectionParams,
    lazy: false,
    retryAttempts: 0,
    // A close is reported through `closed` (tests expect some), not printed.
    onNonLazyError: () => undefined,
    on: {
      connected: () => ack(),
      closed: (event) => {
        const { code, reason } = event as { code: number; reason: string };
        onClosed({ code, reason: String(reason) });
        fail(new Error(`socket closed: ${code} ${reason}`));
      },
    },
  });
  client.subscribe(
    { query, variables },
    {
      next(result) {
        if (result.errors) {
          fail(new Error(`subscription errors: ${JSON.stringify(result.errors)}`));
          return;
        }
        const waiter = waiting.shift();
        if (waiter) waiter.resolve(result.data);
        else queue.push(result.data);
      },
      error: (error) => fail(error instanceof Error ? error : new Error(JSON.stringify(error))),
      complete: () => fail(new Error('subscription completed')),
    },
  );
  return {
    next() {
      if (queue.length) return Promise.resolve(queue.shift());
      if (failure) return Promise.reject(failure);
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    },
    closed,
    acknowledged,
    async dispose() {
      await client.dispose();
    },
  };
}

/** What one operation over a WebSocket got: its `next` payloads, or the errors of an `error` message. */
export interface WsOutcome {
  results: Data[];
  errors?: GraphQLFormattedError[];
}

export interface WsClient {
  /** Runs one operation to its end (complete or error); a subscription is run until `until` says so. */
  run(
    payload: { query: string; variables?: Record<string, unknown>; operationName?: string },
    until?: (results: Data[]) => boolean,
  ): Promise<WsOutcome>;
  /** Starts an operation and returns at once: its outcome, and a function that completes it. */
  start(payload: { query: string; variables?: Record<string, unknown> }): {
    outcome: Promise<WsOutcome>;
    results: Data[];
    stop(): void;
  };
  closed: Promise<{ code: number; reason: string }>;
  dispose(): Promise<void>;
}

/** A graphql-ws client on `url` for several operations over one socket (never retrying). */
export function wsClient(url: string, options: SubscribeOptions = {}): WsClient {
  let onClosed!: (event: { code: number; reason: string }) => void;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => (onClosed = resolve));
  const client = createClient({
    url,
    webSocketImpl: socketWithHeaders(options.headers ?? {}),
    connectionParams: options.connectionParams,
    lazy: false,
    retryAttempts: 0,
    on: {
      closed: (event) => {
        const { code, reason } = event as { code: number; reason: string };
        onClosed({ code, reason: String(reason) });
      },
    },
  });
  const start: WsClient['start'] = (payload) => {
    const results: Data[] = [];
    let stop = () => undefined as void;
    const outcome = new Promise<WsOutcome>((resolve) => {
      stop = client.subscribe(payload, {
        next: (result) => results.push(result),
        error: (error) =>
          resolve({
            results,
            errors: Array.isArray(error)
              ? (error as GraphQLFormattedError[])
              : [{ message: String((error as { reason?: string }).reason ?? error) }],
          }),
        complete: () => resolve({ results }),
      });
    });
    return { outcome, results, stop: () => stop() };
  };
  return {
    start,
    async run(payload, until) {
      const started = start(payload);
      if (!until) return started.outcome;
      for (;;) {
        const done = await Promise.race([
          started.outcome.then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20)),
        ]);
        if (done) return started.outcome;
        if (until(started.results)) {
          started.stop();
          return { results: started.results };
        }
      }
    },
    closed,
    dispose: async () => {
      await client.dispose();
    },
  };
}
