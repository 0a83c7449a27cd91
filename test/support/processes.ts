import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

/** How a finished process ended and what it printed. */
export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string>;
}

/** `metacatalog …` run from the sources (SWC compiles them on the fly), as the built binary runs dist/. */
function spawnMetacatalog(args: string[], { env = {} }: RunOptions): ChildProcess {
  const program = ['-r', join(root, 'test/support/register-ts.js'), join(root, 'src/main.ts')];
  return spawn(process.execPath, [...program, ...args], {
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
