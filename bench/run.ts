import autocannon from 'autocannon';
import { boot } from '../src/app/runtime';
import { createApp } from '../src/app/server';
import { loadConfig } from '../src/config';
import { scenarios, type Scenario } from './scenarios';
import './catalog.bench';

/**
 * `npm run bench`: boots the app (embedded database in memory unless DATABASE_URL says otherwise, no auth),
 * runs every scenario's setup, then loads each request with autocannon and prints a table. A scenario whose
 * sample response is not a clean 200 with data is reported in the errors column, never hidden.
 */
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Row {
  scenario: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'KB/response': number;
  errors: string;
}

async function sample(url: string, scenario: Scenario): Promise<string | null> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(scenario.request),
  });
  const body = (await response.json().catch(() => null)) as { errors?: { message: string }[] } | null;
  const messages = body?.errors?.map((error) => error.message).join('; ');
  if (response.status !== 200) return `HTTP ${response.status}${messages ? `: ${messages}` : ''}`;
  if (!body) return 'response is not JSON';
  if (messages) return `GraphQL errors: ${messages}`;
  return null;
}

async function main(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: process.env.DATABASE_URL ?? 'pglite://memory',
    AUTH_MODE: 'none',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  const runtime = await boot({ config });
  for (const scenario of scenarios) await scenario.setup?.(runtime);
  const app = await createApp(runtime);
  const url = await app.listen(0, '127.0.0.1');
  const rows: Row[] = [];
  try {
    for (const scenario of scenarios) {
      const sampleError = await sample(url, scenario);
      const result = await autocannon({
        url,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(scenario.request),
        connections: CONNECTIONS,
        duration: DURATION_S,
      });
      const problems = [
        ...(result.non2xx ? [`${result.non2xx} non-2xx`] : []),
        ...(result.errors ? [`${result.errors} connection errors`] : []),
        ...(result.timeouts ? [`${result.timeouts} timeouts`] : []),
        ...(sampleError ? [sampleError] : []),
      ];
      rows.push({
        scenario: scenario.name,
        'req/s': Math.round(result.requests.average * 10) / 10,
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'KB/response': result.requests.total
          ? Math.round(result.throughput.total / result.requests.total / 102.4) / 10
          : 0,
        errors: problems.join(', ') || '0',
      });
    }
  } finally {
    // Let requests autocannon left in flight finish before the database closes.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await app.stop();
  }
  console.log(`\n${DURATION_S} s per scenario, ${CONNECTIONS} connections, database ${config.databaseUrl}`);
  console.table(rows);
  if (rows.some((row) => row.errors !== '0')) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
