import 'reflect-metadata';
import { startFloor } from './floor';
import { load as loadUrl, LOAD_GENERATOR, type LoadResult } from './load';
import { measureDelivery } from './live.bench';
import { benchScenarios } from './modules';
import type { BenchRequest } from './scenarios';
import { PLACEMENT_HEADERS } from './placement.bench';
import { startPostGraphile } from './postgraphile';
import { VALIDATED_NAMES } from './traits.bench';
import { startBenchService } from './service';

const FLOOR = 'floor: node http + pg, the lookup behind validateTraits';

/**
 * `npm run bench [-- 'NAME_FILTER|OTHER']`: boots the service on DATABASE_URL (default: PGlite in memory) with
 * AUTH_MODE=none on a free port of 127.0.0.1, then loads the floor (bench/floor.ts) and each scenario with
 * autocannon, or wrk with BENCH_LOAD=wrk (bench/load.ts): BENCH_WARMUP seconds untimed, default 1, then
 * BENCH_DURATION seconds, default 5; BENCH_CONNECTIONS, default 10. It prints requests/s, latencies and each
 * scenario's requests/s as a fraction of the floor's. With PLACEMENT_URL (a running OpenStack Placement,
 * `noauth2`: bench/placement-server.sh), the scenarios with a Placement reference also load Placement with the same
 * request on the same data, right after their own load: `× Placement` is then over Placement measured here, in the
 * same run (`Placement ref` keeps the figure). The scenarios with a `peers.postgraphile` request also
 * load PostGraphile 4 (bench/postgraphile.ts) on the same tables and connections right after their own load:
 * `× PostGraphile` is over it (BENCH_POSTGRAPHILE=0: not loaded). CATALOG_CACHE_MB=0 measures the service with
 * its answer cache off, every request a miss.
 */
async function main(): Promise<void> {
  // Alternatives separated by `|`; a scenario runs when its name contains one of them (any case).
  const filters = (process.argv[2] ?? '').toLowerCase().split('|').filter(Boolean);
  const duration = Number(process.env.BENCH_DURATION ?? 5);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const warmup = Number(process.env.BENCH_WARMUP ?? 1);
  const placementUrl = process.env.PLACEMENT_URL?.replace(/\/+$/, '');
  const load = async (target: string, headers: Record<string, string>, body?: string) => {
    // Untimed first: JIT, plans and caches warm for every scenario alike (the floor runs first of all).
    if (warmup > 0) await loadUrl(target, { headers, body, seconds: warmup, connections });
    const result = await loadUrl(target, { headers, body, seconds: duration, connections });
    // Let the requests the load generator cut off finish before the next scenario (or the shutdown).
    await new Promise((resolve) => setTimeout(resolve, 300));
    return result;
  };
  const { app, runtime } = await startBenchService(process.env.LOG_LEVEL || 'warn');
  const url = await app.listen(0, '127.0.0.1');
  console.log(
    `benchmarking ${url} on ${runtime.database.describe}: ${duration}s, ${connections} connections, ${LOAD_GENERATOR}`,
  );
  const rows: Record<string, string | number>[] = [];
  let failed = false;
  let floorRate = 0;
  const row = (
    name: string,
    result: LoadResult,
    setupMs: number,
    placement?: { reference: number; here?: number },
    ownFloorRate?: number,
    postgraphileRate?: number,
  ) => {
    if (result.failures) failed = true;
    const rate = result.perSecond;
    rows.push({
      scenario: name,
      'req/s': Math.round(rate),
      'of floor': floorRate ? Number((rate / floorRate).toFixed(3)) : '-',
      // Over the scenario's own floor (its SQL with pg alone, the rows as JSON), when it has one.
      'of its floor': ownFloorRate ? Number((rate / ownFloorRate).toFixed(3)) : '-',
      // The reference: Placement's req/s for the same request on the same data (issue 20's figure, and Placement
      // measured here with PLACEMENT_URL), and our multiple of it (of the one measured here when there is one).
      'Placement ref': placement?.reference ?? '-',
      'Placement here': placement?.here ? Math.round(placement.here) : '-',
      '× Placement': placement ? Number((rate / (placement.here ?? placement.reference)).toFixed(1)) : '-',
      '× PostGraphile': postgraphileRate ? Number((rate / postgraphileRate).toFixed(2)) : '-',
      'p50 ms': result.p50Ms,
      'p99 ms': result.p99Ms,
      requests: result.total,
      'errors+non2xx': result.failures,
      'setup ms': setupMs,
    });
    // Each row as soon as it is measured (a long run stopped early keeps what it measured), the table at the end.
    console.log(JSON.stringify(rows[rows.length - 1]));
  };
  const withPostGraphile = process.env.BENCH_POSTGRAPHILE !== '0';
  let postgraphile: Awaited<ReturnType<typeof startPostGraphile>> | undefined;
  const floor = await startFloor(runtime);
  try {
    const result = await load(
      floor.url,
      { 'content-type': 'application/json' },
      JSON.stringify({ names: VALIDATED_NAMES }),
    );
    floorRate = result.perSecond;
    row(FLOOR, result, 0);
  } finally {
    await floor.close();
  }
  try {
    for (const scenario of benchScenarios) {
      const name = scenario.name.toLowerCase();
      if (filters.length && !filters.some((filter) => name.includes(filter))) continue;
      const started = Date.now();
      const prepared = scenario.setup ? await scenario.setup(runtime) : undefined;
      const setupMs = Date.now() - started;
      const request: BenchRequest =
        typeof scenario.request === 'function' ? scenario.request(prepared) : scenario.request;
      const body = JSON.stringify(request);
      const headers = { 'content-type': 'application/json', ...scenario.headers };
      // One checked request first: a scenario that errors must not be timed as if it worked.
      const probe = await fetch(url, { method: 'POST', headers, body });
      const answer = (await probe.json()) as { errors?: unknown[] };
      if (!probe.ok || answer.errors) {
        console.error(`${scenario.name}: the request fails: ${JSON.stringify(answer).slice(0, 500)}`);
        failed = true;
        continue;
      }
      let ownFloorRate: number | undefined;
      if (scenario.floor) {
        const own = await startFloor(runtime, scenario.floor(prepared));
        try {
          const floorResult = await load(own.url, { 'content-type': 'application/json' }, body);
          ownFloorRate = floorResult.perSecond;
          row(`floor of ${scenario.name}: its SQL with pg, rows as JSON`, floorResult, 0);
        } finally {
          await own.close();
        }
      }
      const result = await load(url, headers, body);
      const reference = scenario.reference;
      let here: number | undefined;
      if (placementUrl && reference?.live) {
        const target = `${placementUrl}${await reference.live(placementUrl, prepared)}`;
        const check = await fetch(target, { headers: PLACEMENT_HEADERS });
        if (!check.ok) throw new Error(`Placement: GET ${target}: ${check.status} ${await check.text()}`);
        const placementResult = await load(target, PLACEMENT_HEADERS);
        here = placementResult.perSecond;
        row(`Placement at PLACEMENT_URL: the same request`, placementResult, 0);
      }
      let postgraphileRate: number | undefined;
      const peer = scenario.peers?.postgraphile;
      if (withPostGraphile && peer) {
        postgraphile ??= await startPostGraphile(runtime);
        const peerBody = JSON.stringify(typeof peer === 'function' ? peer(prepared) : peer);
        const check = await fetch(postgraphile.url, { method: 'POST', headers, body: peerBody });
        const checked = (await check.json()) as { errors?: unknown[] };
        if (!check.ok || checked.errors) {
          throw new Error(`PostGraphile: ${peerBody}: ${JSON.stringify(checked).slice(0, 500)}`);
        }
        const peerResult = await load(postgraphile.url, { 'content-type': 'application/json' }, peerBody);
        postgraphileRate = peerResult.perSecond;
        row(`PostGraphile 4 on the same tables: the same read`, peerResult, 0);
      }
      row(
        scenario.name,
        result,
        setupMs,
        reference && { reference: reference.placement, here },
        ownFloorRate,
        postgraphileRate,
      );
    }
    if (!filters.length || filters.some((filter) => 'subscriptions'.includes(filter))) {
      console.table([await measureDelivery(runtime, url, () => app.changes.listenerCount)]);
    }
  } finally {
    await postgraphile?.close();
    await app.stop();
  }
  console.table(rows);
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
