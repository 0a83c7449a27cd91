import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { projectRoot } from '../src/config/paths';
// Every module's requests are the load (on the data seeded at start, without each scenario's own):
import { moduleScenarios } from './modules';
import type { BenchRequest } from './scenarios';

/** The resident set size of a process (Linux: /proc/<pid>/status), in MB. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) / 1024;
}

/** The CPU time a process has used so far (Linux: /proc/<pid>/stat, user + system), in milliseconds. */
function cpuMs(pid: number): number {
  // The fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // In clock ticks of 1/100 s (USER_HZ, 100 on Linux's usual architectures).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A port free on 127.0.0.1 right now (the service logs only warnings here, so it cannot tell its own). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * `npm run bench:memory`: the memory of `metacatalog serve` as deployed (the built CLI, its own process, the
 * reference data seeded at start) on DATABASE_URL (default: embedded, in a fresh temporary data folder).
 * Prints its RSS idle after start, then sampled every 250 ms while autocannon (BENCH_CONNECTIONS, default 10)
 * cycles for MEMORY_DURATION seconds (default 30) through every bench request that answers without errors on the
 * seeded data alone (the full catalog, validateTraits, trait lists, search, validation…), and once more after,
 * with the server's CPU time per request under that load. MEMORY_NODE_FLAGS: node flags to compare (space-separated);
 * HEAP_GROWING_PERCENT and the MALLOC_* variables pass through to the server.
 */
async function main(): Promise<void> {
  const duration = Number(process.env.MEMORY_DURATION ?? 30);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const dataDir = process.env.DATABASE_URL
    ? undefined
    : mkdtempSync(path.join(tmpdir(), 'metacatalog-memory-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const url = `${base}/graphql`;
  // With the V8 settings of `npm start` and the Docker image; MEMORY_NODE_FLAGS adds others (space-separated).
  const child = spawn(
    process.execPath,
    [
      '--max-semi-space-size=4',
      ...(process.env.MEMORY_NODE_FLAGS ?? '').split(' ').filter(Boolean),
      path.join(projectRoot(), 'bin/metacatalog.js'),
      'serve',
    ],
    {
      env: {
        // malloc's thresholds as `npm start` and the Docker image set them (docs/operations.md, Memory), unless given.
        MALLOC_TRIM_THRESHOLD_: '131072',
        MALLOC_MMAP_THRESHOLD_: '131072',
        ...process.env,
        ...(dataDir ? { DATA_DIR: dataDir } : {}),
        PORT: String(port),
        HOST: '127.0.0.1',
        AUTH_MODE: 'none',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  try {
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`metacatalog serve exited (${code})`))),
    );
    for (;;) {
      const ready = fetch(`${base}/health/ready`).then(
        (response) => response.ok,
        () => false,
      );
      if (await Promise.race([ready, exited])) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // Let start-up garbage go, as it would on a server that has been up a while.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const idle = rssMb(child.pid!);
    const headers = { 'content-type': 'application/json' };
    const requests: { method: 'POST'; headers: Record<string, string>; body: string }[] = [];
    for (const scenario of moduleScenarios) {
      if (typeof scenario.request === 'function') continue;
      const body = JSON.stringify(scenario.request satisfies BenchRequest);
      const answer = (await (await fetch(url, { method: 'POST', headers, body })).json()) as {
        errors?: unknown;
      };
      if (!answer.errors) requests.push({ method: 'POST', headers, body });
    }
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(rssMb(child.pid!)), 250);
    const cpuBefore = cpuMs(child.pid!);
    const result = await autocannon({ url, requests, duration, connections });
    clearInterval(sampler);
    const cpuUsed = cpuMs(child.pid!) - cpuBefore;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    console.log(
      JSON.stringify({
        database: process.env.DATABASE_URL
          ? new URL(process.env.DATABASE_URL).protocol
          : 'embedded, new folder',
        requestKinds: requests.length,
        'req/s': Math.round(result.requests.average),
        errors: result.errors + result.non2xx,
        // Steadier than req/s on a machine shared with other work: what each answer cost the server.
        'server CPU ms/request': Number((cpuUsed / result.requests.total).toFixed(2)),
        'idle RSS MB': Math.round(idle),
        'median RSS under load MB': Math.round(median(samples)),
        'peak RSS under load MB': Math.round(Math.max(...samples)),
        'RSS after load MB': Math.round(rssMb(child.pid!)),
      }),
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
