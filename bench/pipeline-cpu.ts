import 'reflect-metadata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFloor } from './floor';
import { VALIDATED_NAMES } from './traits.bench';
import { cpuPerRequest, median, startBenchService } from './service';

/**
 * `npm run build && node dist/bench/pipeline-cpu.js`: this process's CPU time per request (user + system, µs)
 * for the validateTraits floor (bench/floor.ts), a bare node http server answering a constant, `{ __typename }` (the whole HTTP and GraphQL stack, no
 * resolver) and validateTraits of 10 names (2 unknown: one query), the load coming from another process
 * (autocannon, N requests at 10 connections, default 4,000; its req/s printed too). The three interleaved, RUNS
 * times (default 5), medians printed. CPU per request is far steadier than req/s on a shared machine; the
 * database server's CPU (the same SQL for the floor and validateTraits) is not counted. LOG_LEVEL as
 * `npm run bench` has it (default warn: no line per request; info writes one to stdout).
 */
async function main(): Promise<void> {
  // The service's log lines go where a service's go (stdout); the figures to stderr.
  const { app, runtime } = await startBenchService(process.env.LOG_LEVEL || 'warn');
  const url = await app.listen(0, '127.0.0.1');
  const requests = Number(process.env.N ?? 4000);
  const runs = Number(process.env.RUNS ?? 5);
  const load = (target: string, body: string) => cpuPerRequest(target, body, requests, 10);
  const validate = JSON.stringify({
    query: 'query ($names: [String!]!) { validateTraits(names: $names) { valid invalid } }',
    variables: { names: VALIDATED_NAMES },
  });
  const floor = await startFloor(runtime);
  // node http alone, answering what `{ __typename }` answers: the HTTP layer's and the kernel's share.
  const bare = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"data":{"__typename":"Query"}}');
    });
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  const all = [
    {
      name: 'floor (validateTraits lookup, pg)',
      url: floor.url,
      body: JSON.stringify({ names: VALIDATED_NAMES }),
    },
    {
      name: 'bare node http, a constant answer',
      url: bareUrl,
      body: JSON.stringify({ query: '{ __typename }' }),
    },
    { name: '{ __typename }', url, body: JSON.stringify({ query: '{ __typename }' }) },
    { name: 'validateTraits of 10 names', url, body: validate },
  ];
  // CASES=1,2 (indexes into the list above: floor, bare, pipeline, validateTraits; the ratios need case 0): some only, as for a profile.
  const only = process.env.CASES?.split(',').map(Number);
  const cases = only ? all.filter((_, index) => only.includes(index)) : all;
  const us = cases.map(() => [] as number[]);
  const rates = cases.map(() => [] as number[]);
  try {
    for (const each of cases) await load(each.url, each.body); // warm-up: JIT, plans, compiled queries
    for (let run = 0; run < runs; run += 1) {
      for (const [index, each] of cases.entries()) {
        const { us: perRequest, rate } = await load(each.url, each.body);
        us[index].push(perRequest);
        rates[index].push(rate);
      }
    }
  } finally {
    await floor.close();
    await new Promise((resolve) => bare.close(resolve));
    await app.stop();
  }
  const floorUs = median(us[0]);
  const floorRate = median(rates[0]);
  const rows = cases.map((each, index) => ({
    case: each.name,
    'CPU µs/request': Math.round(median(us[index])),
    'all runs µs': us[index].map(Math.round).join(' '),
    'floor µs / this': Number((floorUs / median(us[index])).toFixed(3)),
    'req/s': Math.round(median(rates[index])),
    'of floor req/s': Number((median(rates[index]) / floorRate).toFixed(3)),
  }));
  process.stderr.write(`${JSON.stringify(rows)}\n`);
  console.error(rows.map((row) => Object.values(row).join(' | ')).join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
