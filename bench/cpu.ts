import 'reflect-metadata';
import { startFloor } from './floor';
import { scenarios } from './placement.bench';
import { startPostGraphile } from './postgraphile';
import type { BenchRequest } from './scenarios';
import { cpuPerRequest, median, startBenchService } from './service';

/**
 * `npm run build && node dist/bench/cpu.js`: the service's CPU time per request against its floor's, for each
 * Placement scenario (answered from the cache, or computed with CATALOG_CACHE_MB=0), the load coming from another process (the autocannon command,
 * N requests at 8 connections, default 1,000). This process's CPU time per request is far steadier than
 * requests/s on a shared machine; the database server's CPU (the same SQL on both sides) is not counted. Each
 * figure is the median of RUNS loads (default 3), the floor's and the service's interleaved, and PostGraphile's
 * (bench/postgraphile.ts, same process and connections) for the scenarios with a `peers.postgraphile` request.
 */
async function main(): Promise<void> {
  const { app, runtime } = await startBenchService('error');
  const url = await app.listen(0, '127.0.0.1');
  const requests = Number(process.env.N ?? 1000);
  const runs = Number(process.env.RUNS ?? 3);
  /** This process's CPU microseconds per request while `target` answers `requests` of `body`. */
  const load = async (target: string, body: string) => (await cpuPerRequest(target, body, requests, 8)).us;
  const rows: Record<string, string | number>[] = [];
  let postgraphile: Awaited<ReturnType<typeof startPostGraphile>> | undefined;
  try {
    for (const scenario of scenarios) {
      if (!scenario.floor) continue;
      const prepared = scenario.setup ? await scenario.setup(runtime) : undefined;
      const request: BenchRequest =
        typeof scenario.request === 'function' ? scenario.request(prepared) : scenario.request;
      const body = JSON.stringify(request);
      const floor = await startFloor(runtime, scenario.floor(prepared));
      const peer = scenario.peers?.postgraphile;
      const peerBody = peer && JSON.stringify(typeof peer === 'function' ? peer(prepared) : peer);
      if (peerBody) postgraphile ??= await startPostGraphile(runtime);
      try {
        // Warm-up: JIT, plans.
        await load(floor.url, body);
        await load(url, body);
        if (peerBody) await load(postgraphile!.url, peerBody);
        const floorUs: number[] = [];
        const serviceUs: number[] = [];
        const peerUs: number[] = [];
        for (let run = 0; run < runs; run += 1) {
          floorUs.push(await load(floor.url, body));
          serviceUs.push(await load(url, body));
          if (peerBody) peerUs.push(await load(postgraphile!.url, peerBody));
        }
        rows.push({
          scenario: scenario.name,
          'floor µs/request': Math.round(median(floorUs)),
          'service µs/request': Math.round(median(serviceUs)),
          'floor / service': Number((median(floorUs) / median(serviceUs)).toFixed(3)),
          'PostGraphile µs/request': peerBody ? Math.round(median(peerUs)) : '-',
          'PostGraphile / service': peerBody ? Number((median(peerUs) / median(serviceUs)).toFixed(3)) : '-',
        });
        console.log(JSON.stringify(rows[rows.length - 1]));
      } finally {
        await floor.close();
      }
    }
  } finally {
    await postgraphile?.close();
    await app.stop();
  }
  console.table(rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
