import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const here = join(__dirname, '..', '..');

/** How a finished process ended and what it printed. */
export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string>;
  /** A command to run it under, e.g. nsenter into a test's mount namespace. */
  prefix?: string[];
  /**
   * Run the built binary (bin/metacatalog.js on dist/, after `npm run build`) instead of the sources, which
   * SWC compiles on the fly: inside a user namespace SWC's native addon refuses to load for a non-root user.
   */
  built?: boolean;
  /** The source tree to run (another release's, test/rolling-upgrade.test.ts); default this one. */
  root?: string;
}

/** `metacatalog …` as the binary runs it: from dist/ when built, else from the sources. */
function spawnMetacatalog(
  args: string[],
  { env = {}, prefix = [], built = false, root = here }: RunOptions,
): ChildProcess {
  const program = built
    ? [join(root, 'bin/metacatalog.js')]
    : ['-r', join(root, 'test/support/register-ts.js'), join(root, 'src/main.ts')];
  const command = [...prefix, process.execPath, ...program, ...args];
  return spawn(command[0], command.slice(1), {
    cwd: root,
    // The child's settings are the test's alone: none of this jest process's database or log settings.
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function collect(child: ChildProcess): { output: () => Finished; exited: Promise<Finished> } {
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const output = (code: number | null = null, signal: NodeJS.Signals | null = null): Finished => ({
    code,
    signal,
    stdout,
    stderr,
  });
  const exited = new Promise<Finished>((resolve) =>
    child.on('close', (code, signal) => resolve(output(code, signal))),
  );
  return { output: () => output(), exited };
}

/** Runs a metacatalog command to its end. */
export function runMetacatalog(args: string[], options: RunOptions = {}): Promise<Finished> {
  return collect(spawnMetacatalog(args, options)).exited;
}

let ticksPerSecond: number | undefined;

/** CPU time (user + system) a running process has used so far, in seconds (Linux /proc). */
export function cpuSeconds(pid: number): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
  // Fields after the command name, which is in parentheses: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

export interface Ready {
  status: number;
  body: { status: string; database: string; problem?: string };
}

export interface GqlResponse<T> {
  data?: T;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

export interface ServerProcess {
  pid: number;
  /** The GraphQL endpoint it announced. */
  url: string;
  exited: Promise<Finished>;
  output(): Finished;
  /** Sends the signal and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<Finished>;
  /** GET /health/ready: its status code and JSON body. */
  ready(): Promise<Ready>;
  /** Runs a GraphQL operation over HTTP (AUTH_MODE=none: as an admin). */
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<GqlResponse<T>>;
}

/**
 * Starts `metacatalog serve` on port 0 and resolves once it listens; rejects with its output if it exits first.
 */
export async function startMetacatalogServer(options: RunOptions = {}): Promise<ServerProcess> {
  const child = spawnMetacatalog(['serve'], {
    ...options,
    env: { PORT: '0', HOST: '127.0.0.1', AUTH_MODE: 'none', ...options.env },
  });
  const { output, exited } = collect(child);
  const url = await new Promise<string>((resolve, reject) => {
    const onData = () => {
      const listening = /"msg":"metacatalog listening on (http:\/\/[^"]+)"/.exec(output().stdout);
      if (listening) {
        child.stdout!.off('data', onData);
        resolve(listening[1]);
      }
    };
    child.stdout!.on('data', onData);
    void exited.then((finished) =>
      reject(
        new Error(
          `metacatalog serve exited (${finished.code ?? finished.signal}):\n${finished.stderr}${finished.stdout}`,
        ),
      ),
    );
  });
  return {
    pid: child.pid!,
    url,
    exited,
    output,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    async ready() {
      const response = await fetch(url.replace(/\/graphql$/, '/health/ready'), {
        signal: AbortSignal.timeout(30_000),
      });
      return { status: response.status, body: (await response.json()) as Ready['body'] };
    },
    async gql<T>(query: string, variables?: Record<string, unknown>) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
        // Not a speed check: a request that hangs fails the test instead of stalling it.
        signal: AbortSignal.timeout(30_000),
      });
      return (await response.json()) as GqlResponse<T>;
    },
  };
}
