import { FEED_LOST_CLOSE_CODE } from '../src/app/subscriptions';
import { FEED_APPLICATION_NAME } from '../src/db/change-log';
import { nextFeedEvent } from './support/change-feed';
import { captureLogs } from './support/log-capture';
import { listeningSubscriptions, subscribe, wsUrl, type Subscriber } from './support/subscriptions';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';
import { headersOf, SERVICE, startTestApp, unique, type TestApp } from './support/test-app';

/**
 * The change feed proves it is alive: it NOTIFYs itself through its LISTEN connection every FEED_HEARTBEAT_MS
 * and counts the connection lost when the notification is not back within FEED_HEARTBEAT_TIMEOUT_MS. A
 * connection that goes silent (a NAT or firewall forgetting it: no packet gets through, nothing is closed) is
 * then noticed in seconds rather than at TCP keepalive's two hours: subscribers are closed with 4503, caches
 * fed by the feed turn off, /health/ready says so, and the feed reconnects.
 */
const TRAITS = `subscription { traitChanged { kind name } }`;
const CREATE_TRAIT = `mutation ($name: String!) { createTrait(name: $name) { created } }`;
const VALIDATE = `query ($names: [String!]!) { validateTraits(names: $names) { valid invalid } }`;
const STANDARD = ['HW_CPU_X86_AVX2', 'COMPUTE_STATUS_DISABLED'];

const traitName = () =>
  unique('CUSTOM_BEAT')
    .replace(/[^A-Z0-9_]/gi, '_')
    .toUpperCase();

/** validateTraits on the standard names, and how many SQL statements it took (0: from the in-memory set). */
async function validateStandard(t: TestApp) {
  const { result, count } = await t.app.database.counter.measure(() =>
    t.ok(VALIDATE, { names: STANDARD }, SERVICE),
  );
  return { ...result.validateTraits, queries: count };
}

async function subscribeTraits(t: TestApp): Promise<Subscriber> {
  const baseline = t.app.changes.listenerCount;
  const subscriber = subscribe(
    await wsUrl(t),
    TRAITS,
    {},
    {
      headers: headersOf(SERVICE) as Record<string, string>,
    },
  );
  await listeningSubscriptions(t, baseline, 1);
  return subscriber;
}

async function readiness(t: TestApp) {
  const url = (await wsUrl(t)).replace(/^ws/, 'http').replace(/\/graphql$/, '/health/ready');
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Waits (without assuming a speed) until `condition` holds. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Resolves once `count` more heartbeats than now have come back. */
function heartbeats(t: TestApp, count: number): Promise<void> {
  const target = t.app.changes.heartbeats + count;
  return until(() => t.app.changes.heartbeats >= target);
}

const server = !!process.env.TEST_DATABASE_URL;

describe('change feed heartbeat: no false loss', () => {
  let t: TestApp;
  let losses = 0;
  beforeAll(async () => {
    // A heartbeat every 50 ms with a 2 s deadline: far tighter than the defaults (5 s, 10 s). Requests may
    // wait a minute for a connection, so that on PGlite the whole burst queues for the one connection (and the
    // heartbeat with it) rather than failing with SERVICE_UNAVAILABLE on a loaded machine.
    t = await startTestApp({
      FEED_HEARTBEAT_MS: '50',
      FEED_HEARTBEAT_TIMEOUT_MS: '2000',
      DATABASE_CONNECT_TIMEOUT_MS: '60000',
    });
    t.app.changes.listen((event) => {
      if (event.type === 'lost') losses += 1;
    });
  });
  afterAll(() => t.close());

  it('heartbeats come back through the LISTEN connection and are never delivered as changes', async () => {
    const subscriber = await subscribeTraits(t);
    await heartbeats(t, 5);
    // The first event the subscriber gets is this write's, not a heartbeat.
    const name = traitName();
    await t.ok(CREATE_TRAIT, { name }, SERVICE);
    expect((await subscriber.next()).traitChanged).toEqual({ kind: 'CREATED', name });
    await subscriber.dispose();
    expect(losses).toBe(0);
  });

  it('a burst of 200 concurrent writes, each published on the feed, is not taken for a loss', async () => {
    const before = t.app.changes.heartbeats;
    const started = Date.now();
    await Promise.all(Array.from({ length: 200 }, () => t.ok(CREATE_TRAIT, { name: traitName() }, SERVICE)));
    const burstMs = Date.now() - started;
    await heartbeats(t, 2);
    expect({ losses, live: t.app.changes.live }).toEqual({ losses: 0, live: true });
    expect(t.app.changes.heartbeats).toBeGreaterThan(before);
    console.log(`200 writes in ${burstMs} ms; heartbeats meanwhile: ${t.app.changes.heartbeats - before}`);
  });

  it('a request holding a connection for longer than the deadline is not a loss', async () => {
    // On PGlite the feed shares this one connection: its heartbeat waits, and its deadline starts only once
    // it has the connection. On PostgreSQL the feed has a connection of its own.
    await t.app.database.dataSource.query('SELECT pg_sleep(2.5)');
    await heartbeats(t, 2);
    expect({ losses, live: t.app.changes.live }).toEqual({ losses: 0, live: true });
  });
});

if (server) {
  describe('change feed heartbeat: a black-holed LISTEN connection (PostgreSQL through a TCP proxy)', () => {
    let writer: TestApp;
    let t: TestApp;
    let proxy: TcpProxy;
    const logs = captureLogs();
    beforeAll(async () => {
      writer = await startTestApp();
      const target = new URL((writer.app.database.dataSource.options as { url: string }).url);
      proxy = await startTcpProxy(target);
      t = await startTestApp(
        {
          DATABASE_URL: proxy.url(),
          // The trait name cache alone (validateTraits' statements counted): no answer cache in front of it.
          CATALOG_CACHE_MB: '0',
          FEED_HEARTBEAT_MS: '300',
          FEED_HEARTBEAT_TIMEOUT_MS: '1500',
          DATABASE_CONNECT_TIMEOUT_MS: '2000',
        },
        { logger: logs.logger },
      );
    });
    afterAll(async () => {
      await t.close();
      await writer.close();
      await proxy.close();
    });

    it('is noticed: 4503 to subscribers, caches off, readiness degraded; it reconnects once the path heals', async () => {
      expect(await readiness(t)).toEqual({
        status: 200,
        body: { status: 'ok', database: 'ok', feed: 'ok' },
      });
      await validateStandard(t);
      expect(await validateStandard(t)).toMatchObject({ valid: STANDARD, queries: 0 });
      const subscriber = await subscribeTraits(t);
      const first = traitName();
      await writer.ok(CREATE_TRAIT, { name: first }, SERVICE);
      expect((await subscriber.next()).traitChanged.name).toBe(first);

      // The feed connection goes silent; the pool's connections through the same proxy keep working.
      const started = Date.now();
      proxy.blackHole((parameters) => parameters.application_name === FEED_APPLICATION_NAME);
      expect(proxy.connections().filter((connection) => connection.holed)).toHaveLength(1);

      expect(await subscriber.closed).toEqual({
        code: FEED_LOST_CLOSE_CODE,
        reason: expect.stringMatching(/feed lost/),
      });
      const noticedMs = Date.now() - started;
      expect(await readiness(t)).toEqual({
        status: 200,
        body: { status: 'degraded', database: 'ok', feed: 'lost' },
      });
      // The trait name cache is off: every lookup goes to the database (still right).
      expect(await validateStandard(t)).toEqual({ valid: STANDARD, invalid: [], queries: 1 });
      // New subscriptions are refused until the feed is back.
      expect((await subscribeAndClose(t)).code).toBe(FEED_LOST_CLOSE_CODE);
      expect(logs.lines()).toContainEqual(
        expect.objectContaining({ reason: expect.stringMatching(/heartbeat not back within 1500 ms/) }),
      );

      // The silent connection was destroyed by the service (not left to hang), and reconnecting through the
      // still black-holed path gives up in time and tries again, rather than hanging on it.
      await until(
        () => logs.lines().filter((line) => String(line.msg).includes('reconnect failed')).length >= 2,
      );
      const holed = proxy.connections().filter((connection) => connection.holed);
      expect(holed.length).toBeGreaterThanOrEqual(3);
      await until(() => holed.every((connection) => !connection.open));
      expect(holed.every((connection) => connection.closedByClient)).toBe(true);
      expect(t.app.changes.live).toBe(false);

      const ready = nextFeedEvent(t, (event) => event.type === 'ready');
      proxy.heal();
      await ready;
      expect(await readiness(t)).toEqual({
        status: 200,
        body: { status: 'ok', database: 'ok', feed: 'ok' },
      });
      const again = await subscribeTraits(t);
      const second = traitName();
      await writer.ok(CREATE_TRAIT, { name: second }, SERVICE);
      expect((await again.next()).traitChanged.name).toBe(second);
      await again.dispose();
      // The cache was dropped: reloaded on first use, then answers from memory again.
      expect((await validateStandard(t)).queries).toBeGreaterThan(0);
      expect(await validateStandard(t)).toMatchObject({ valid: STANDARD, queries: 0 });
      console.log(`black-holed feed noticed after ${noticedMs} ms (heartbeat 300 ms, deadline 1500 ms)`);
    });

    it('stops at once while its connection is black-holed (a goodbye would never be answered)', async () => {
      proxy.blackHole((parameters) => parameters.application_name === FEED_APPLICATION_NAME);
      const started = Date.now();
      await t.app.changes.stop();
      expect(Date.now() - started).toBeLessThan(10_000);
      const holed = proxy.connections().filter((connection) => connection.holed);
      await until(() => holed.every((connection) => !connection.open));
    });
  });
} else {
  describe('change feed heartbeat: a LISTEN connection that silently stopped listening (PGlite)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({
        CATALOG_CACHE_MB: '0',
        FEED_HEARTBEAT_MS: '100',
        FEED_HEARTBEAT_TIMEOUT_MS: '1000',
      });
    });
    afterAll(() => t.close());

    it('is noticed (4503, caches reload) and the feed listens again', async () => {
      await validateStandard(t);
      expect(await validateStandard(t)).toMatchObject({ valid: STANDARD, queries: 0 });
      const subscriber = await subscribeTraits(t);
      const lost = nextFeedEvent(t, (event) => event.type === 'lost');
      const ready = nextFeedEvent(t, (event) => event.type === 'ready');
      // The feed shares the pool's one connection with requests: anything that runs UNLISTEN (or DISCARD ALL)
      // on it silences the feed without closing anything. Only the heartbeat can tell.
      await t.app.database.dataSource.query('UNLISTEN *');
      await lost;
      expect(await subscriber.closed).toEqual({
        code: FEED_LOST_CLOSE_CODE,
        reason: expect.stringMatching(/feed lost/),
      });
      await ready;
      const again = await subscribeTraits(t);
      const name = traitName();
      await t.ok(CREATE_TRAIT, { name }, SERVICE);
      expect((await again.next()).traitChanged.name).toBe(name);
      await again.dispose();
      // The trait name cache was dropped at the loss: reloaded on first use, then from memory again.
      expect((await validateStandard(t)).queries).toBeGreaterThan(0);
      expect(await validateStandard(t)).toMatchObject({ valid: STANDARD, queries: 0 });
      expect(await readiness(t)).toEqual({
        status: 200,
        body: { status: 'ok', database: 'ok', feed: 'ok' },
      });
    });
  });
}

/** A subscription attempt's close (the server refuses it at connection time while the feed is lost). */
async function subscribeAndClose(t: TestApp): Promise<{ code: number; reason: string }> {
  const subscriber = subscribe(
    await wsUrl(t),
    TRAITS,
    {},
    {
      headers: headersOf(SERVICE) as Record<string, string>,
    },
  );
  return subscriber.closed;
}
