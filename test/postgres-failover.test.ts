import { setTimeout as sleep } from 'node:timers/promises';
import { itWithOracle, ORACLES } from './support/oracles';
import { startCluster, switchableProxy, type Cluster } from './support/postgres-cluster';
import { listeningSubscriptions, subscribe, wsUrl, type Subscriber } from './support/subscriptions';
import { ADMIN, expectError, headersOf, startTestAppOn, unique, type TestApp } from './support/test-app';

/**
 * Issue 36 point 5: a PostgreSQL failover under a serving instance. A primary and a streaming standby (started
 * here from the installed server binaries), the service behind a TCP proxy that stands for the virtual IP,
 * HAProxy or PgBouncer operators point node-postgres at (it takes one host): the primary crashes, the standby is
 * promoted, the proxy switches to it. Writes go on, subscribers resume by cursor, readiness tells the outage
 * and the switch; with synchronous replication no acknowledged write is lost; with asynchronous replication the
 * lost tail is detected: the change log's head moved back, cursors beyond it are CURSOR_EXPIRED (the subscriber
 * refetches), caches start empty. docs/operations.md, "PostgreSQL failover".
 */
const CATALOG = `subscription ($after: String) { catalogChanged(after: $after) { kind namespace cursor } }`;
const CREATE = `mutation ($name: String!) { createNamespace(input: { name: $name, visibility: PUBLIC }) { name } }`;
const NAMESPACE = `query ($name: String!) { namespace(name: $name) { name } }`;

interface Served {
  t: TestApp;
  http: string;
  cluster: Cluster;
  /** Promotes the standby and switches the proxy to it. */
  failOver(): void;
  /** Switches the proxy to the standby (promoted or not). */
  switchProxy(): void;
  close(): Promise<void>;
}

/** The cluster, the proxy in front of its primary, and one instance serving through the proxy. */
async function serve(synchronous: boolean): Promise<Served> {
  const cluster = await startCluster({ synchronous });
  const proxy = await switchableProxy(cluster.primary.port);
  let t: TestApp | undefined;
  try {
    t = await startTestAppOn(`postgres://postgres@127.0.0.1:${proxy.port}/postgres`, {
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      FEED_HEARTBEAT_MS: '1000',
    });
    const http = (await wsUrl(t)).replace(/^ws/, 'http');
    const served = t;
    return {
      t: served,
      http,
      cluster,
      failOver() {
        // What Patroni or an operator does, then the proxy (a virtual IP, HAProxy) follows the new primary.
        cluster.promoteStandby();
        proxy.switchTo(cluster.standby.port);
      },
      switchProxy: () => proxy.switchTo(cluster.standby.port),
      async close() {
        await served.close();
        await proxy.close();
        await cluster.stop();
      },
    };
  } catch (error) {
    await t?.close();
    await proxy.close();
    await cluster.stop();
    throw error;
  }
}

async function subscribeTo(t: TestApp, after?: string): Promise<Subscriber> {
  const baseline = t.app.changes.listenerCount;
  const subscriber = subscribe(await wsUrl(t), CATALOG, after ? { after } : {}, {
    headers: headersOf(ADMIN) as Record<string, string>,
  });
  await listeningSubscriptions(t, baseline, 1);
  return subscriber;
}

/** Readiness until `until` holds (or 30 s): each answer's status and body. */
async function readiness(http: string, until: (status: number, body: Record<string, unknown>) => boolean) {
  const seen: number[] = [];
  for (const started = Date.now(); Date.now() - started < 30_000; await sleep(100)) {
    const response = await fetch(http.replace('/graphql', '/health/ready'));
    const body = (await response.json()) as Record<string, unknown>;
    seen.push(response.status);
    if (until(response.status, body)) return { status: response.status, body, seen };
  }
  throw new Error(`readiness never got there: ${JSON.stringify(seen.slice(-5))}`);
}

/**
 * Writes a namespace every 20 ms until stopped: the names acknowledged, the names answered with an error (a write
 * under way when the primary crashed may have committed all the same: its answer was lost, not its commit), and
 * the codes of the failures.
 */
function writeContinuously(t: TestApp) {
  const acknowledged: string[] = [];
  const unanswered = new Set<string>();
  const failures = new Set<unknown>();
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const name = unique('Failover');
      const result = await t.gql(CREATE, { name });
      if (result.errors) {
        failures.add(result.errors[0].extensions?.code);
        unanswered.add(name);
      } else acknowledged.push(name);
      await sleep(20);
    }
  })();
  return {
    acknowledged,
    unanswered,
    failures,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

/** The catalog's version on a node (what cached catalog answers are filed under). */
async function catalogVersion(node: Cluster['primary']): Promise<number> {
  const [row] = await node.query<{ version: string }>(`SELECT version::text FROM catalog_version`);
  return Number(row.version);
}

/** The namespaces present on a node, by SQL. */
async function namesOn(cluster: Cluster, names: string[]): Promise<Set<string>> {
  const rows = await cluster.standby.query<{ name: string }>(
    `SELECT name FROM namespaces WHERE name = ANY($1)`,
    [names],
  );
  return new Set(rows.map((row) => row.name));
}

describe('PostgreSQL failover (primary crashes, the standby is promoted, the proxy switches)', () => {
  if (!process.env.TEST_DATABASE_URL) {
    // Like every test of a PostgreSQL server: in the PostgreSQL suite (TEST_DATABASE_URL), where CI runs it.
    it.skip('runs in the PostgreSQL suite (TEST_DATABASE_URL)', () => undefined);
    return;
  }

  itWithOracle(
    ORACLES.postgresServer,
    'synchronous replication: no acknowledged write is lost, writes and subscriptions go on, readiness tells the switch',
    async () => {
      const { t, http, cluster, switchProxy, close } = await serve(true);
      try {
        const subscriber = await subscribeTo(t);
        const before = unique('Failover');
        await t.ok(CREATE, { name: before });
        const event = (await subscriber.next()).catalogChanged;
        expect(event).toMatchObject({ kind: 'CREATED', namespace: before });
        expect((await readiness(http, (status) => status === 200)).body).toMatchObject({ status: 'ok' });

        const writer = writeContinuously(t);
        await sleep(300);
        cluster.crashPrimary();
        // The instance is out of routing while no primary answers…
        await readiness(http, (status) => status === 503);
        const closed = await subscriber.closed;
        expect(closed.code).toBe(4503);
        // The proxy reaches the standby before it is promoted: ready (reads are served), degraded, read-only;
        // a change is SERVICE_UNAVAILABLE (retry), not a 500.
        switchProxy();
        const readOnly = await readiness(http, (_status, body) => body.database === 'read-only');
        expect(readOnly).toMatchObject({ status: 200, body: { status: 'degraded', database: 'read-only' } });
        expectError(await t.gql(CREATE, { name: unique('Failover') }), 'SERVICE_UNAVAILABLE');
        cluster.promoteStandby();
        // …and back once the proxy reaches the promoted standby, its change feed listening again.
        const back = await readiness(http, (status, body) => status === 200 && body.feed === 'ok');
        expect(back.body).toMatchObject({ status: 'ok', database: 'ok', feed: 'ok' });
        expect(back.body.changeLogMovedBack).toBeUndefined();
        await sleep(300);
        await writer.stop();

        // Every acknowledged write is on the new primary; the failures were all "retry" answers.
        expect(writer.acknowledged.length).toBeGreaterThan(0);
        const present = await namesOn(cluster, [before, ...writer.acknowledged]);
        expect([before, ...writer.acknowledged].filter((name) => !present.has(name))).toEqual([]);
        expect([...writer.failures].filter((code) => code !== 'SERVICE_UNAVAILABLE')).toEqual([]);

        // The subscriber resumes after its last event: every acknowledged write since, in order, then live ones.
        // A write answered with an error may have committed (its answer lost in the crash): its event may come
        // between them, and then it is on the new primary.
        const resumed = await subscribeTo(t, event.cursor);
        const committedUnanswered: string[] = [];
        const nextAnswered = async () => {
          for (;;) {
            const change = (await resumed.next()).catalogChanged;
            if (!writer.unanswered.has(change.namespace)) return change;
            expect(change.kind).toBe('CREATED');
            committedUnanswered.push(change.namespace);
          }
        };
        for (const name of writer.acknowledged) {
          expect(await nextAnswered()).toMatchObject({ kind: 'CREATED', namespace: name });
        }
        const after = unique('Failover');
        await t.ok(CREATE, { name: after });
        expect(await nextAnswered()).toMatchObject({ kind: 'CREATED', namespace: after });
        expect((await namesOn(cluster, committedUnanswered)).size).toBe(committedUnanswered.length);
        await resumed.dispose();
      } finally {
        await close();
      }
    },
    240_000,
  );

  itWithOracle(
    ORACLES.postgresServer,
    'asynchronous replication: the lost tail is detected (head moved back), cursors beyond it are CURSOR_EXPIRED, caches drop',
    async () => {
      const { t, http, cluster, failOver, close } = await serve(false);
      try {
        const subscriber = await subscribeTo(t);
        const kept = unique('Failover');
        await t.ok(CREATE, { name: kept });
        const keptEvent = (await subscriber.next()).catalogChanged;
        // The standby has replayed everything so far; then it receives nothing more.
        const [{ lsn }] = await cluster.primary.query<{ lsn: string }>(
          `SELECT pg_current_wal_lsn()::text AS lsn`,
        );
        for (let caught = false; !caught; await sleep(50)) {
          const [row] = await cluster.standby.query<{ caught: boolean }>(
            `SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS caught`,
            [lsn],
          );
          caught = row.caught;
        }
        cluster.replication.cut();

        // Acknowledged by the primary, never received by the standby.
        const lost = [unique('Failover'), unique('Failover')];
        for (const name of lost) await t.ok(CREATE, { name });
        expect((await subscriber.next()).catalogChanged.namespace).toBe(lost[0]);
        const lastEvent = (await subscriber.next()).catalogChanged;
        expect(lastEvent.namespace).toBe(lost[1]);
        // The catalog cache holds the lost namespace, filed under the catalog's version then.
        expect((await t.ok(NAMESPACE, { name: lost[1] })).namespace).toEqual({ name: lost[1] });
        const cachedAt = await catalogVersion(cluster.primary);

        cluster.crashPrimary();
        await readiness(http, (status) => status === 503);
        expect((await subscriber.closed).code).toBe(4503);
        failOver();
        const back = await readiness(http, (status, body) => status === 200 && body.feed === 'ok');
        // Readiness tells the operator what was found: the log's head below what this instance had delivered.
        const movedBack = back.body.changeLogMovedBack as { from: string; to: string };
        expect(BigInt(movedBack.to)).toBeLessThan(BigInt(movedBack.from));

        expect(await namesOn(cluster, [kept, ...lost])).toEqual(new Set([kept]));

        // New writes are numbered after every cursor given out before… (and bring the new primary's catalog
        // version back to the number the cached answer was filed under, for other contents)
        while ((await catalogVersion(cluster.standby)) < cachedAt) {
          await t.ok(CREATE, { name: unique('Failover') });
        }
        expect(await catalogVersion(cluster.standby)).toBe(cachedAt);
        // …what the instance answered from memory went with the feed: the lost namespace is not found any more.
        expect((await t.ok(NAMESPACE, { name: lost[1] })).namespace).toBeNull();
        // …and the subscriber that saw the lost writes is told to refetch, however many writes came since.
        const refused = subscribe(
          await wsUrl(t),
          CATALOG,
          { after: lastEvent.cursor },
          {
            headers: headersOf(ADMIN) as Record<string, string>,
          },
        );
        await expect(refused.next()).rejects.toThrow(/CURSOR_EXPIRED/);
        await refused.dispose();
        const changes = await t.gql(`query ($after: String) { changes(after: $after) { nodes { kind } } }`, {
          after: keptEvent.cursor,
        });
        expect(changes.errors?.[0].extensions?.code).toBe('CURSOR_EXPIRED');
        // It refetches (the lost namespaces are gone, the rest is there) and subscribes again without a cursor.
        expect((await t.ok(NAMESPACE, { name: kept })).namespace).toEqual({ name: kept });
        expect((await t.ok(NAMESPACE, { name: lost[0] })).namespace).toBeNull();
        const fresh = await subscribeTo(t);
        const live = unique('Failover');
        await t.ok(CREATE, { name: live });
        expect((await fresh.next()).catalogChanged).toMatchObject({ kind: 'CREATED', namespace: live });
        await fresh.dispose();
      } finally {
        await close();
      }
    },
    240_000,
  );
});
