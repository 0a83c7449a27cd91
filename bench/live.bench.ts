import { performance } from 'node:perf_hooks';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { Runtime } from '../src/app/runtime';

const SUBSCRIBERS = 100;
const WRITES = Number(process.env.BENCH_LIVE_WRITES ?? 200);

/** The value below which `fraction` of the sorted samples fall. */
const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];

/**
 * Commit → delivery latency of subscriptions: SUBSCRIBERS graphql-ws clients subscribed to traitChanged on
 * `httpUrl`, then WRITES createTrait mutations one after another; each delivery is timed from the commit of
 * its write (TypeORM's afterTransactionCommit, in this process) to its arrival at a client (over a real
 * WebSocket: NOTIFY → LISTEN connection → feed → visibility check and node load → graphql-ws → client).
 */
export async function measureDelivery(
  runtime: Runtime,
  httpUrl: string,
  feedListeners: () => number,
): Promise<Record<string, string | number>> {
  // Writes run one at a time: the commit that follows a write's start is that write's.
  const committedAt = new Map<string, number>();
  let writing: string | undefined;
  runtime.database.dataSource.subscribers.push({
    afterTransactionCommit: () => {
      if (writing !== undefined && !committedAt.has(writing)) committedAt.set(writing, performance.now());
    },
  });
  const arrivals = new Map<string, number[]>();
  const waiting = new Map<string, { left: number; done: () => void }>();
  const wsUrl = httpUrl.replace(/^http/, 'ws');
  const clients: Client[] = [];
  await new Promise<void>((resolve) => {
    for (let i = 0; i < SUBSCRIBERS; i += 1) {
      const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, retryAttempts: 0, lazy: false });
      clients.push(client);
      client.subscribe<{ traitChanged: { name: string } }>(
        { query: 'subscription { traitChanged { kind name } }' },
        {
          next: ({ data }) => {
            const name = data?.traitChanged.name;
            if (!name) return;
            const at = performance.now();
            // Kept apart from the commit time: a delivery can be handled before the writer sees COMMIT's reply.
            arrivals.get(name)?.push(at);
            const entry = waiting.get(name);
            if (entry && --entry.left === 0) entry.done();
          },
          error: (error) => console.error('subscription failed', error),
          complete: () => undefined,
        },
      );
    }
    // The subscriptions listen once the server executed them: poll the feed until all are registered.
    const baseline = feedListeners();
    const check = () => {
      if (feedListeners() >= baseline + SUBSCRIBERS) resolve();
      else setTimeout(check, 20);
    };
    check();
  });
  const prefix = `CUSTOM_BENCH_LIVE_${Date.now()}_`;
  const post = (query: string) =>
    fetch(httpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
  const started = performance.now();
  for (let i = 0; i < WRITES; i += 1) {
    const name = `${prefix}${i}`;
    arrivals.set(name, []);
    const delivered = new Promise<void>((done) => waiting.set(name, { left: SUBSCRIBERS, done }));
    writing = name;
    await (await post(`mutation { createTrait(name: "${name}") { created } }`)).arrayBuffer();
    await delivered;
    writing = undefined;
  }
  const elapsed = performance.now() - started;
  await Promise.all(clients.map((client) => client.dispose()));
  for (let i = 0; i < WRITES; i += 1)
    await (await post(`mutation { deleteTrait(name: "${prefix}${i}") }`)).arrayBuffer();
  const latencies = [...arrivals].flatMap(([name, times]) => times.map((at) => at - committedAt.get(name)!));
  latencies.sort((x, y) => x - y);
  return {
    scenario: `subscriptions: commit → delivery, ${SUBSCRIBERS} subscribers, ${WRITES} writes`,
    'p50 ms': Number(percentile(latencies, 0.5).toFixed(2)),
    'p99 ms': Number(percentile(latencies, 0.99).toFixed(2)),
    'max ms': Number(latencies[latencies.length - 1].toFixed(2)),
    deliveries: latencies.length,
    'writes/s (delivered to all)': Math.round((WRITES * 1000) / elapsed),
  };
}
