import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cutFeed, nextFeedEvent } from './support/change-feed';
import { ORACLES, itWithOracle } from './support/oracles';
import { subscribe, wsUrl } from './support/subscriptions';
import { ADMIN, headersOf, project, startTestApp, unique, type TestApp } from './support/test-app';
import { waitUntil } from './support/wait';

/** Waits (without assuming a speed, but not forever) until `holds` says so: a scrape every 10 ms. */
const until = (what: string, holds: () => Promise<boolean>) => waitUntil(what, holds, { everyMs: 10 });

/**
 * GET /metrics, family by family: the standard process metrics, build info, HTTP responses by route and status,
 * the database pool, the embedded database's memory, the change feed, the catalog cache and the WebSocket gauges, each moving as it should.
 */
describe('Prometheus metrics', () => {
  let t: TestApp;
  let base: string;

  /** The metrics text as a scraper reads it. */
  const scrape = async () => {
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    return response.text();
  };
  /** The value of one sample (`name{labels}` exactly as exposed); fails when the scrape lacks it. */
  const sample = (text: string, series: string): number => {
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
    if (!line) throw new Error(`no sample ${series} in the metrics`);
    return Number(line.slice(series.length + 1));
  };
  /**
   * A labelled counter's value: 0 while the labels were never counted (prom-client shows a series from its first
   * count), but the family must be there (its `# TYPE` line): a metric deleted fails.
   */
  const counted = (text: string, series: string): number => {
    const family = series.replace(/\{.*$/, '');
    if (!new RegExp(`^# TYPE ${family} counter$`, 'm').test(text))
      throw new Error(`no counter ${family} in the metrics`);
    return text.split('\n').some((candidate) => candidate.startsWith(`${series} `))
      ? sample(text, series)
      : 0;
  };
  const value = async (series: string) => sample(await scrape(), series);

  beforeAll(async () => {
    // One pooled connection on PostgreSQL too, so that a second query waits as on the embedded database.
    t = await startTestApp({ DATABASE_POOL_SIZE: '1' });
    // wsUrl listens (once per app): the WebSocket test uses the same port.
    base = (await wsUrl(t)).replace(/^ws/, 'http').replace(/\/graphql$/, '');
  });
  afterAll(() => t.close());

  itWithOracle(ORACLES.promtool, 'passes `promtool check metrics` without a finding', async () => {
    // Every family with samples: a query that answers, one that fails, a cached read, a committed change.
    await t.ok('{ resourceTypes { name } }');
    await t.ok('{ traits(first: 1) { edges { node { name } } } }');
    await t.ok(`mutation ($ns: String!) { createNamespace(input: { name: $ns }) { id } }`, {
      ns: unique('Metrics::Promtool'),
    });
    await t.app.changes.sequenced();
    await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(headersOf(ADMIN) as Record<string, string>) },
      body: JSON.stringify({ query: '{ nope }' }),
    });
    const text = await scrape();
    expect(text).toMatch(/^metacatalog_graphql_errors_total\{code="GRAPHQL_VALIDATION_FAILED"\} [1-9]/m);
    const checked = spawnSync('/usr/bin/promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    // promtool lists each finding (a counter without _total, a missing HELP, a bad unit…) and exits non-zero.
    expect({ status: checked.status, findings: `${checked.stdout}${checked.stderr}`.trim() }).toEqual({
      status: 0,
      findings: '',
    });
  });

  it('exposes the default process metrics under their standard names, not prefixed', async () => {
    const text = await scrape();
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'process_start_time_seconds',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_version_info',
    ]) {
      expect(text).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
    }
    expect(text).not.toMatch(/^metacatalog_(process|nodejs)_/m);
  });

  it('says which version runs: metacatalog_build_info', async () => {
    const { version } = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(
      await value(`metacatalog_build_info{version="${version}",node_version="${process.version}"}`),
    ).toBe(1);
  });

  it('counts HTTP responses by method, route and status, never by the raw path', async () => {
    const series = (method: string, route: string, status: number | string) =>
      `metacatalog_http_requests_total{method="${method}",route="${route}",status="${status}"}`;
    const before = await scrape();
    const stray = `/${unique('no-such-path')}`;
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
    expect((await fetch(`${base}${stray}`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${base}/health/live`, { method: 'DELETE' })).status).toBe(405);
    expect((await fetch(`${base}/health/live`, { method: 'PROPFIND' })).status).toBe(405);
    const graphql = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(headersOf(ADMIN) as Record<string, string>) },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(graphql.status).toBe(200);
    await graphql.text();
    const missing = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(missing.status).toBe(415);
    await missing.text();
    const after = await scrape();
    // Each of them counted now; some for the first time (absent before).
    const delta = (name: string) => sample(after, name) - counted(before, name);
    expect({
      live: delta(series('GET', '/health/live', 200)),
      stray: delta(series('POST', 'other', 404)),
      wrongMethod: delta(series('DELETE', '/health/live', 405)),
      unknownMethod: delta(series('other', '/health/live', 405)),
      graphql: delta(series('POST', '/graphql', 200)),
      unsupported: delta(series('POST', '/graphql', 415)),
      // The scrape before this one.
      metrics: delta(series('GET', '/metrics', 200)),
    }).toEqual({
      live: 2,
      stray: 1,
      wrongMethod: 1,
      unknownMethod: 1,
      graphql: 1,
      unsupported: 1,
      metrics: 1,
    });
    expect(after).not.toContain(stray.slice(1));
  });

  it('counts catalog cache hits and misses, and shows what the cache holds', async () => {
    const query = `query ${unique('CachedList').replace(/[^A-Za-z0-9_]/g, '_')} { namespaces(first: 2) { nodes { name } } }`;
    const hits = 'metacatalog_catalog_cache_hits_total';
    const misses = 'metacatalog_catalog_cache_misses_total';
    const before = await scrape();
    await t.ok(query, {}, project('p1'));
    const afterMiss = await scrape();
    await t.ok(query, {}, project('p1'));
    await t.ok(query, {}, project('p1'));
    const afterHits = await scrape();
    // Not a catalog query: never looked up.
    await t.ok('{ resourceTypes { name } }', {}, project('p1'));
    const afterOther = await scrape();
    expect({
      firstMiss: sample(afterMiss, misses) - sample(before, misses),
      firstHit: sample(afterMiss, hits) - sample(before, hits),
      hits: sample(afterHits, hits) - sample(afterMiss, hits),
      misses: sample(afterHits, misses) - sample(afterMiss, misses),
      other:
        sample(afterOther, hits) +
        sample(afterOther, misses) -
        sample(afterHits, hits) -
        sample(afterHits, misses),
    }).toEqual({ firstMiss: 1, firstHit: 0, hits: 2, misses: 0, other: 0 });
    expect(sample(afterHits, 'metacatalog_catalog_cache_entries')).toBeGreaterThanOrEqual(1);
    expect(sample(afterHits, 'metacatalog_catalog_cache_bytes')).toBeGreaterThan(100);
  });

  it('counts hits and misses by data group, and shows what the cache holds for each', async () => {
    // validateTraits reads the traits group alone.
    const traitsQuery = `query ${unique('Traits').replace(/[^A-Za-z0-9_]/g, '_')} { validateTraits(names: ["HW_CPU_X86_AVX"]) { valid } }`;
    // A provider's traits read both groups: counted in each.
    const providersQuery = `query ${unique('Providers').replace(/[^A-Za-z0-9_]/g, '_')} {
      resourceProviders(first: 3) { nodes { name traits { name } } }
    }`;
    const counts = (text: string, kind: string) =>
      Object.fromEntries(
        ['catalog', 'traits', 'providers'].map((group) => [
          group,
          counted(text, `metacatalog_catalog_cache_group_requests_total{kind="${kind}",group="${group}"}`),
        ]),
      );
    const held = (text: string, what: 'entries' | 'bytes', group: string) =>
      sample(text, `metacatalog_catalog_cache_group_${what}{group="${group}"}`);
    const before = await scrape();
    await t.ok(traitsQuery, {}, project('p1'));
    await t.ok(traitsQuery, {}, project('p1'));
    await t.ok(providersQuery, {}, project('p1'));
    await t.ok(providersQuery, {}, project('p1'));
    await t.ok(providersQuery, {}, project('p1'));
    const after = await scrape();
    const delta = (kind: string) => {
      const [was, is] = [counts(before, kind), counts(after, kind)];
      return Object.fromEntries(Object.keys(is).map((group) => [group, is[group] - was[group]]));
    };
    expect({ hits: delta('hits'), misses: delta('misses') }).toEqual({
      hits: { catalog: 0, traits: 3, providers: 2 },
      misses: { catalog: 0, traits: 2, providers: 1 },
    });
    expect(held(after, 'entries', 'traits') - held(before, 'entries', 'traits')).toBe(2);
    expect(held(after, 'entries', 'providers') - held(before, 'entries', 'providers')).toBe(1);
    expect(held(after, 'bytes', 'traits')).toBeGreaterThan(held(after, 'bytes', 'providers'));
    expect(held(after, 'bytes', 'providers') - held(before, 'bytes', 'providers')).toBeGreaterThan(50);
  });

  it('shows the database pool: its connections, and the requests waiting for one', async () => {
    const { dataSource } = t.app.database;
    expect(await value('metacatalog_database_pool_max_connections')).toBe(1);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const taken = new Promise<void>((resolve) => (holding = resolve));
    const transaction = dataSource.transaction(async (manager) => {
      await manager.query('SELECT 1');
      holding();
      await held;
    });
    await taken;
    // The only connection is busy: this query waits for it.
    const waiting = dataSource.query('SELECT 2');
    try {
      let text = '';
      await until('a request waits for a connection', async () => {
        text = await scrape();
        return sample(text, 'metacatalog_database_pool_waiting_requests') >= 1;
      });
      expect({
        total: sample(text, 'metacatalog_database_pool_connections'),
        idle: sample(text, 'metacatalog_database_pool_idle_connections'),
        waiting: sample(text, 'metacatalog_database_pool_waiting_requests'),
      }).toEqual({ total: 1, idle: 0, waiting: 1 });
    } finally {
      release();
      await transaction;
      await waiting;
    }
    const text = await scrape();
    expect({
      total: sample(text, 'metacatalog_database_pool_connections'),
      idle: sample(text, 'metacatalog_database_pool_idle_connections'),
      waiting: sample(text, 'metacatalog_database_pool_waiting_requests'),
    }).toEqual({ total: 1, idle: 1, waiting: 0 });
  });

  it("shows the embedded database's WebAssembly memory, which grows when PostgreSQL needs more", async () => {
    if (t.app.database.kind !== 'pglite') {
      expect(await scrape()).not.toContain('metacatalog_pglite_memory_bytes');
      return;
    }
    const before = await value('metacatalog_pglite_memory_bytes');
    // PGlite starts it at 128 MB; WebAssembly memory comes in pages of 64 KiB.
    expect(before).toBeGreaterThanOrEqual(128 * 1024 * 1024);
    expect(before % 65536).toBe(0);
    // A value 32 MB larger than that memory, built inside PostgreSQL: the memory has to grow past it.
    const size = before + 32 * 1024 * 1024;
    const [{ length }] = await t.app.database.dataSource.query<{ length: number }[]>(
      `SELECT length(repeat('x', ${size})) AS length`,
    );
    expect(Number(length)).toBe(size);
    const after = await value('metacatalog_pglite_memory_bytes');
    expect(after).toBeGreaterThan(Math.max(before, size));
    // It never shrinks (the next scrape reads the same).
    expect(await value('metacatalog_pglite_memory_bytes')).toBe(after);
  });

  it('shows the open WebSockets and subscriptions, and their end', async () => {
    const url = await wsUrl(t);
    const subscriber = subscribe(
      url,
      'subscription { traitChanged { name } }',
      {},
      {
        headers: headersOf(ADMIN) as Record<string, string>,
      },
    );
    await subscriber.acknowledged;
    await until('the subscription is counted', async () => (await value('metacatalog_subscriptions')) >= 1);
    expect({
      sockets: await value('metacatalog_websocket_connections'),
      subscriptions: await value('metacatalog_subscriptions'),
    }).toEqual({ sockets: 1, subscriptions: 1 });
    await subscriber.dispose();
    await until('the socket is gone', async () => (await value('metacatalog_websocket_connections')) === 0);
    expect(await value('metacatalog_subscriptions')).toBe(0);
  });

  it('shows whether the change feed delivers: metacatalog_change_feed_up', async () => {
    const feedUp = t.app.metrics.registry.getSingleMetric('metacatalog_change_feed_up')!;
    expect(await value('metacatalog_change_feed_up')).toBe(1);
    // What a scrape reads at the moment the feed is lost (the gauge is read at each scrape).
    const atLoss = new Promise<number>((resolve) => {
      const stop = t.app.changes.listen((event) => {
        if (event.type !== 'lost') return;
        stop();
        // Read in the same tick: the feed reconnects by itself soon after.
        void feedUp.get().then((metric) => resolve(metric.values[0].value));
      });
    });
    const back = nextFeedEvent(t, (event) => event.type === 'ready');
    await cutFeed(t);
    expect(await atLoss).toBe(0);
    await back;
    expect(await value('metacatalog_change_feed_up')).toBe(1);
  });

  it('says whether a subscription waits for changes (the pace of the sequencing steps)', async () => {
    // A feed that just connected counts as watched for a few seconds (PostgreSQL: another instance may have said so).
    await until('unwatched', async () => (await value('metacatalog_change_log_watched')) === 0);
    const subscriber = subscribe(
      base.replace(/^http/, 'ws') + '/graphql',
      'subscription { catalogChanged { kind } }',
      {},
      {
        headers: headersOf(ADMIN) as Record<string, string>,
      },
    );
    try {
      await until('watched', async () => (await value('metacatalog_change_log_watched')) === 1);
    } finally {
      await subscriber.dispose();
    }
    await until('unwatched again', async () => (await value('metacatalog_change_log_watched')) === 0);
  });

  it("counts the instance's sequencing steps of the change log, their failures and the pending table's vacuums", async () => {
    const before = {
      steps: await value('metacatalog_change_log_steps_total'),
      vacuums: await value('metacatalog_change_log_pending_vacuums_total'),
    };
    await t.ok(`mutation ($ns: String!) { createNamespace(input: { name: $ns }) { id } }`, {
      ns: unique('Metrics::Seq'),
    });
    await t.app.changes.sequenced(); // the step the commit asked for, run now
    expect(await value('metacatalog_change_log_steps_total')).toBeGreaterThan(before.steps);
    expect(await value('metacatalog_change_log_step_failures_total')).toBe(0);
    // The first run of the instance vacuumed (at most once a second after that).
    expect(await value('metacatalog_change_log_pending_vacuums_total')).toBeGreaterThanOrEqual(
      Math.max(before.vacuums, 1),
    );
    // Counters, as rate() and increase() expect them.
    const text = await scrape();
    for (const name of ['steps', 'step_failures', 'pending_vacuums'])
      expect(text).toMatch(new RegExp(`^# TYPE metacatalog_change_log_${name}_total counter$`, 'm'));
  });

  it('counts a sequencing step that fails, and the next step numbers what it left', async () => {
    const db = t.app.database.dataSource;
    const pending = async () =>
      Number(((await db.query(`SELECT count(*)::int AS n FROM change_log_pending`)) as { n: number }[])[0].n);
    await t.app.changes.sequenced(); // nothing asked for or under way from here
    const before = {
      steps: await value('metacatalog_change_log_steps_total'),
      failures: await value('metacatalog_change_log_step_failures_total'),
    };
    // The step's function gone for a while (in this test file's own database): the step fails as it would on a
    // database error (a lock timeout, a lost connection).
    await db.query(`ALTER FUNCTION change_log_sequence() RENAME TO change_log_sequence_away`);
    try {
      await t.ok(`mutation ($ns: String!) { createNamespace(input: { name: $ns }) { id } }`, {
        ns: unique('Metrics::Failing'),
      });
      await t.app.changes.sequenced(); // the step the commit asked for: it fails
      expect(await value('metacatalog_change_log_step_failures_total')).toBeGreaterThan(before.failures);
      expect(await value('metacatalog_change_log_steps_total')).toBe(before.steps);
      // What it was to number is still there.
      expect(await pending()).toBeGreaterThan(0);
    } finally {
      await db.query(`ALTER FUNCTION change_log_sequence_away() RENAME TO change_log_sequence`);
    }
    // The next commit's step numbers it too.
    await t.ok(`mutation ($ns: String!) { createNamespace(input: { name: $ns }) { id } }`, {
      ns: unique('Metrics::Recovered'),
    });
    await t.app.changes.sequenced();
    expect(await value('metacatalog_change_log_steps_total')).toBeGreaterThan(before.steps);
    expect(await pending()).toBe(0);
  });
});
