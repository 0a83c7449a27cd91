import 'reflect-metadata';
import autocannon from 'autocannon';
import { startFloor } from './floor';
import { measureDelivery } from './live.bench';
import { benchScenarios } from './modules';
import type { BenchRequest } from './scenarios';
import { VALIDATED_NAMES } from './traits.bench';
import { startBenchService } from './service';

const FLOOR = 'floor: node http + pg, the lookup behind validateTraits';

/**
 * `npm run bench [-- 'NAME_FILTER|OTHER']`: boots the service on DATABASE_URL (default: PGlite in memory) with
 * AUTH_MODE=none on a free port of 127.0.0.1, then loads the floor (bench/floor.ts) and each scenario with
 * autocannon (BENCH_WARMUP seconds untimed, default 1, then BENCH_DURATION seconds, default 5;
 * BENCH_CONNECTIONS, default 10) and prints requests/s, latencies and each scenario's requests/s as a fraction
 * of the floor's.
 */
async function main(): Promise<void> {
  // Alternatives separated by `|`; a scenario runs when its name contains one of them (any case).
  const filters = (process.argv[2] ?? '').toLowerCase().split('|').filter(Boolean);
  const duration = Number(process.env.BENCH_DURATION ?? 5);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const warmup = Number(process.env.BENCH_WARMUP ?? 1);
  const load = async (target: string, headers: Record<string, string>, body: string) => {
    // Untimed first: JIT, plans and caches warm for every scenario alike (the floor runs first of all).
    if (warmup > 0)
      await autocannon({ url: target, method: 'POST', headers, body, duration: warmup, connections });
    const result = await autocannon({ url: target, method: 'POST', headers, body, duration, connections });
    // Let the requests autocannon cut off finish before the next scenario (or the shutdown).
    await new Promise((resolve) => setTimeout(resolve, 300));
    return result;
  };
  const { app, runtime } = await startBenchService(process.env.LOG_LEVEL || 'warn');
  const url = await app.listen(0, '127.0.0.1');
  console.log(
    `benchmarking ${url} on ${runtime.database.describe}: ${duration}s, ${connections} connections`,
  );
  const rows: Record<string, string | number>[] = [];
  let failed = false;
  let floorRate = 0;
  const row = (
    name: string,
    result: autocannon.Result,
    setupMs: number,
    placement?: number,
    ownFloorRate?: number,
  ) => {
    if (result.errors || result.non2xx) failed = true;
    const rate = result.requests.average;
    rows.push({
      scenario: name,
      'req/s': Math.round(rate),
      'of floor': floorRate ? Number((rate / floorRate).toFixed(3)) : '-',
      // Over the scenario's own floor (its SQL with pg alone, the rows as JSON), when it has one.
      'of its floor': ownFloorRate ? Number((rate / ownFloorRate).toFixed(3)) : '-',
      // The reference: Placement's req/s for the same request on the same data (issue 20), and our multiple.
      'Placement req/s': placement ?? '-',
      '× Placement': placement ? Number((rate / placement).toFixed(1)) : '-',
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      requests: result.requests.total,
      'errors+non2xx': result.errors + result.non2xx,
      'setup ms': setupMs,
    });
    // Each row as soon as it is measured (a long run stopped early keeps what it measured), the table at the end.
    console.log(JSON.stringify(rows[rows.length - 1]));
  };
  const floor = await startFloor(runtime);
  try {
    const result = await load(
      floor.url,
      { 'content-type': 'application/json' },
      JSON.stringify({ names: VALIDATED_NAMES }),
    );
    floorRate = result.requests.average;
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
          ownFloorRate = floorResult.requests.average;
          row(`floor of ${scenario.name}: its SQL with pg, rows as JSON`, floorResult, 0);
        } finally {
          await own.close();
        }
      }
      const result = await load(url, headers, body);
      row(scenario.name, result, setupMs, scenario.reference?.placement, ownFloorRate);
    }
    if (!filters.length || filters.some((filter) => 'subscriptions'.includes(filter))) {
      console.table([await measureDelivery(runtime, url, () => app.changes.listenerCount)]);
    }
  } finally {
    await app.stop();
  }
  console.table(rows);
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
