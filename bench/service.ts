import { execFile } from 'node:child_process';
import { join } from 'node:path';
import pino from 'pino';
import { boot, tuneHeap, type Runtime } from '../src/app/runtime';
import { createApp, type App } from '../src/app/server';
import { loadConfig, type Config } from '../src/config';
import { projectRoot } from '../src/config/paths';

/**
 * The service as the benches run it, in their own process: on DATABASE_URL (default: PGlite in memory) with
 * AUTH_MODE=none, logging at `logLevel` (its lines on stdout, as a service's).
 */
export async function startBenchService(
  logLevel: string,
): Promise<{ config: Config; runtime: Runtime; app: App }> {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: process.env.DATABASE_URL || 'pglite://memory',
    AUTH_MODE: 'none',
    LOG_LEVEL: logLevel,
  });
  tuneHeap(config); // as `serve` does
  const runtime = await boot({ config, logger: pino({ level: config.observability.logLevel }) });
  return { config, runtime, app: await createApp(runtime) };
}

/** The middle value (the upper one of an even count). */
export const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * This process's CPU microseconds per request while `target` answers `requests` POSTs of `body` sent by
 * autocannon from another process over `connections` connections, and the rate autocannon saw. Fails on any
 * error or non-2xx answer.
 */
export async function cpuPerRequest(
  target: string,
  body: string,
  requests: number,
  connections: number,
): Promise<{ us: number; rate: number }> {
  const autocannon = join(projectRoot(), 'node_modules', '.bin', 'autocannon');
  const before = process.cpuUsage();
  const output = await new Promise<string>((resolve, reject) =>
    execFile(
      autocannon,
      [
        '-j',
        '-a',
        String(requests),
        '-c',
        String(connections),
        '-m',
        'POST',
        '-H',
        'content-type=application/json',
        '-b',
        body,
        target,
      ],
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    ),
  );
  const used = process.cpuUsage(before);
  const result = JSON.parse(output) as { requests: { average: number }; non2xx: number; errors: number };
  if (result.non2xx || result.errors)
    throw new Error(`${target}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { us: (used.user + used.system) / requests, rate: result.requests.average };
}
