import 'reflect-metadata';
import pino from 'pino';
import { versionGroups } from '../src/app/modules';
import { boot, type Runtime } from '../src/app/runtime';
import { createApp } from '../src/app/server';
import { loadConfig } from '../src/config';

const SET_TRAITS = `mutation ($uuid: UUID!, $traits: [String!]!, $generation: Int!) {
  setResourceProviderTraits(uuid: $uuid, traits: $traits, generation: $generation) { generation }
}`;
const TRAITS = [
  ['HW_CPU_X86_AVX', 'HW_CPU_X86_SSE'],
  ['HW_CPU_X86_AVX2', 'COMPUTE_STATUS_DISABLED'],
];

/** The triggers bumping the providers group's version (src/db/versions/sql/triggers.sql), switched on or off. */
async function providersBump(runtime: Runtime, on: boolean): Promise<void> {
  const tables = [...versionGroups].filter(([, group]) => group === 'providers').map(([table]) => table);
  for (const table of tables) {
    await runtime.database.dataSource.query(
      `ALTER TABLE ${table} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${table}_data_version`,
    );
  }
}

/**
 * `npm run bench:write-cost`: what the providers group's version costs its writers. Two service instances on
 * DATABASE_URL (a PostgreSQL server: the instances share it), CLIENTS clients each (default 8), each client
 * setting the traits of a provider of its own in a loop (its generation carried from answer to answer) for
 * BENCH_DURATION seconds (default 5), with the version triggers on, then off; prints writes/s both ways and
 * their ratio (the issue asks ≥ 0.9), medians of BENCH_RUNS runs (default 3).
 */
async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith('postgres'))
    throw new Error('DATABASE_URL must be a PostgreSQL server (two instances)');
  const duration = Number(process.env.BENCH_DURATION ?? 5) * 1000;
  const clients = Number(process.env.CLIENTS ?? 8);
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  const config = loadConfig({ ...process.env, DATABASE_URL: url, AUTH_MODE: 'none', LOG_LEVEL: 'warn' });
  const logger = pino({ level: config.observability.logLevel });
  const instances: { runtime: Runtime; app: Awaited<ReturnType<typeof createApp>>; url: string }[] = [];
  for (let i = 0; i < 2; i += 1) {
    const runtime = await boot({ config, logger });
    const app = await createApp(runtime);
    instances.push({ runtime, app, url: await app.listen(0, '127.0.0.1') });
  }
  const post = async (target: string, query: string, variables: Record<string, unknown>) => {
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as {
      data?: Record<string, { generation: number; uuid: string }>;
      errors?: unknown;
    };
    if (body.errors) throw new Error(JSON.stringify(body.errors).slice(0, 300));
    return body.data!;
  };
  const providers: { uuid: string; generation: number }[] = [];
  for (let i = 0; i < 2 * clients; i += 1) {
    const created = await post(
      instances[0].url,
      `mutation ($input: CreateResourceProviderInput!) { createResourceProvider(input: $input) { uuid generation } }`,
      { input: { name: `write-cost-${Date.now()}-${i}` } },
    );
    providers.push({ ...created.createResourceProvider });
  }
  /** Writes per second of every client together, for `duration`. */
  const measure = async () => {
    const until = Date.now() + duration;
    let writes = 0;
    await Promise.all(
      providers.map(async (provider, i) => {
        const target = instances[i % 2].url;
        // Each write changes the traits: the two sets in turn.
        for (let own = 0; Date.now() < until; own += 1) {
          const data = await post(target, SET_TRAITS, {
            uuid: provider.uuid,
            traits: TRAITS[own % 2],
            generation: provider.generation,
          });
          provider.generation = data.setResourceProviderTraits.generation;
          writes += 1;
        }
      }),
    );
    return writes / (duration / 1000);
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const runtime = instances[0].runtime;
  try {
    await measure(); // warm-up
    const withBump: number[] = [];
    const without: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      await providersBump(runtime, true);
      withBump.push(await measure());
      await providersBump(runtime, false);
      without.push(await measure());
    }
    const ratio = median(withBump) / median(without);
    console.table([
      {
        'writes/s with the version bump': Math.round(median(withBump)),
        'writes/s without': Math.round(median(without)),
        ratio: Number(ratio.toFixed(3)),
        clients: `2 instances × ${clients}`,
      },
    ]);
  } finally {
    await providersBump(runtime, true);
    for (const instance of instances) await instance.app.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
