import 'reflect-metadata';
import { HeaderMap, type HTTPGraphQLRequest } from '@apollo/server';
import { scenarios } from './placement.bench';
import type { BenchRequest } from './scenarios';
import { median, startBenchService } from './service';

/**
 * `npm run build && CATALOG_CACHE_MB=0 node dist/bench/reads-cpu.js`: CPU µs per request of the Placement
 * reads (and a page of 500 providers with their traits), in this process with no HTTP and no concurrency: one
 * request after another through Apollo's `executeHTTPGraphQLRequest`, each with a context of its own (its own
 * loaders, as a request has), N each (default 2,000), median of RUNS (default 5), the reads interleaved. The
 * database's CPU (PostgreSQL at DATABASE_URL) is not counted, its waits neither; the driver's parsing is. Steadier
 * than requests/s on a shared machine: compare two builds with it. READS=text: only the reads whose name has it.
 */
async function main(): Promise<void> {
  const { app, runtime } = await startBenchService(process.env.LOG_LEVEL || 'warn');
  const n = Number(process.env.N ?? 2000);
  const runs = Number(process.env.RUNS ?? 5);
  const headers = { host: '127.0.0.1', 'content-type': 'application/json', connection: 'keep-alive' };
  const reads: [string, BenchRequest][] = [];
  for (const scenario of scenarios) {
    if (scenario.name.includes('validateTraits')) continue;
    const prepared = scenario.setup ? await scenario.setup(runtime) : undefined;
    reads.push([
      scenario.name,
      typeof scenario.request === 'function' ? scenario.request(prepared) : scenario.request,
    ]);
  }
  reads.push([
    'resourceProviders(first: 500) { nodes { name traits { name } } }',
    { query: '{ resourceProviders(first: 500) { nodes { name traits { name } } } }' },
  ]);
  const execute = async (body: BenchRequest) => {
    const context = await app.contextFor(headers);
    const httpGraphQLRequest: HTTPGraphQLRequest = {
      method: 'POST',
      headers: new HeaderMap(Object.entries(headers)),
      search: '',
      body,
    };
    const response = await app.apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest,
      context: () => Promise.resolve(context),
    });
    if (response.body.kind !== 'complete' || response.body.string.includes('"errors"')) {
      throw new Error(
        `${body.query}: ${response.body.kind === 'complete' ? response.body.string : 'chunked'}`,
      );
    }
  };
  const cpu = async (body: BenchRequest) => {
    const before = process.cpuUsage();
    for (let index = 0; index < n; index += 1) await execute(body);
    const used = process.cpuUsage(before);
    return (used.user + used.system) / n;
  };
  const only = process.env.READS;
  if (only) reads.splice(0, reads.length, ...reads.filter(([name]) => name.includes(only)));
  const us = reads.map(() => [] as number[]);
  try {
    for (const [, body] of reads) await cpu(body); // warm-up: JIT, compiled operations, plans
    for (let run = 0; run < runs; run += 1) {
      for (const [index, [, body]] of reads.entries()) us[index].push(await cpu(body));
    }
  } finally {
    await app.stop();
  }
  const rows = reads.map(([name], index) => ({
    read: name,
    'µs/request': Number(median(us[index]).toFixed(1)),
    runs: us[index].map((each) => each.toFixed(0)).join(' '),
  }));
  console.table(rows);
  process.stderr.write(`${JSON.stringify(rows)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
