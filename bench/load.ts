import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

/** What one load of a URL measured. */
export interface LoadResult {
  perSecond: number;
  total: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, timeouts and answers other than 2xx. */
  failures: number;
}

export interface LoadOptions {
  headers: Record<string, string>;
  /** A POST's body; without one, the load GETs. */
  body?: string;
  seconds: number;
  connections: number;
}

/**
 * Which load generator `npm run bench` uses (`BENCH_LOAD`): `autocannon` (the default) runs in the bench's own
 * process, so it takes CPU from the service under test (about 85 µs a request, measured) and none from a server
 * in another process; `wrk` (Debian's package) runs in a process of its own with 2 threads, as issue 20's
 * Placement figures were measured (`wrk -t2 -c10`), the same for every server it loads.
 */
export const LOAD_GENERATOR = process.env.BENCH_LOAD === 'wrk' ? 'wrk' : 'autocannon';

/** Loads `url` for `options.seconds` with `options.connections` connections, with the bench's load generator. */
export function load(url: string, options: LoadOptions): Promise<LoadResult> {
  return LOAD_GENERATOR === 'wrk' ? loadWithWrk(url, options) : loadWithAutocannon(url, options);
}

async function loadWithAutocannon(url: string, options: LoadOptions): Promise<LoadResult> {
  const { headers, body, seconds, connections } = options;
  const result = await autocannon({
    url,
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body,
    duration: seconds,
    connections,
  });
  return {
    perSecond: result.requests.average,
    total: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.errors + result.non2xx,
  };
}

const run = promisify(execFile);

/** What wrk printed (with `--latency`), as a LoadResult. */
export function parseWrk(stdout: string): LoadResult {
  const number = (pattern: RegExp) => Number(pattern.exec(stdout)?.[1] ?? 0);
  // wrk prints latencies with their unit: 812.00us, 1.20ms, 2.01s.
  const ms = (percentile: string) => {
    const match = new RegExp(`^\\s*${percentile}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(stdout);
    if (!match) return 0;
    const scale = { us: 0.001, ms: 1, s: 1000 }[match[2] as 'us' | 'ms' | 's'];
    return Number((Number(match[1]) * scale).toFixed(2));
  };
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  return {
    perSecond: number(/Requests\/sec:\s+([\d.]+)/),
    total: number(/(\d+) requests in/),
    p50Ms: ms('50'),
    p99Ms: ms('99'),
    failures:
      number(/Non-2xx or 3xx responses: (\d+)/) +
      (socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0),
  };
}

/**
 * wrk with its request in a Lua script (method, headers, body in a long bracket string: taken as is). Its
 * "Socket errors" count connections a server closed as errors (Placement's uwsgi without `http11-socket` closes
 * every one): they are reported as failures.
 */
async function loadWithWrk(url: string, options: LoadOptions): Promise<LoadResult> {
  const { headers, body, seconds, connections } = options;
  if (body?.includes(']==]')) throw new Error('wrk: the body would end its Lua string early (]==])');
  const dir = await mkdtemp(join(tmpdir(), 'metacatalog-wrk-'));
  const script = join(dir, 'request.lua');
  const lines = [
    `wrk.method = "${body === undefined ? 'GET' : 'POST'}"`,
    ...Object.entries(headers).map(
      ([name, value]) => `wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`,
    ),
    ...(body === undefined ? [] : [`wrk.body = [==[${body}]==]`]),
  ];
  try {
    await writeFile(script, `${lines.join('\n')}\n`);
    const { stdout } = await run('wrk', [
      '-t2',
      `-c${connections}`,
      `-d${seconds}s`,
      '--latency',
      '-s',
      script,
      url,
    ]);
    return parseWrk(stdout);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
