import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  runMetacatalog,
  startMetacatalogServer,
  type Finished,
  type ServerProcess,
} from './support/processes';
import { copyPreparedFolder } from './support/prepared-database';
import { createProcessDatabase, createTestDatabaseUrl } from './support/test-database';

/**
 * The service as operators run it: the built `bin/metacatalog.js` (and `npm start`) as real processes,
 * stopped with real signals. The tests of this file run one after the other: `npm start` builds what changed in dist/.
 */
const ROOT = resolve(__dirname, '..');
const BIN = join(ROOT, 'bin', 'metacatalog.js');
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

interface Run {
  child: ChildProcess;
  /** Every line written to stdout and stderr, in order. */
  lines: string[];
  /** Once the process has exited and its output is read. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Once the process has exited (a child it left behind may still hold its output open). */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started: ChildProcess[] = [];

function run(command: string, args: string[], env: Record<string, string> = {}): Run {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  const lines: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString('utf8')).split('\n');
      rest = parts.pop()!;
      lines.push(...parts);
    });
    stream.on('end', () => rest && lines.push(rest));
  }
  type Status = { code: number | null; signal: NodeJS.Signals | null };
  const exited = new Promise<Status>((done) => child.on('close', (code, signal) => done({ code, signal })));
  const exit = new Promise<Status>((done) => child.on('exit', (code, signal) => done({ code, signal })));
  return { child, lines, exited, exit };
}

/** The JSON log entries among `lines` (npm's own banner lines are not JSON). */
const entries = (lines: string[]) =>
  lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);

async function listening(process: Run): Promise<{ url: string; pid: number }> {
  for (;;) {
    const line = entries(process.lines).find((entry) => typeof entry.url === 'string' && entry.pid);
    if (line) return { url: line.url as string, pid: line.pid as number };
    const exited = await Promise.race([process.exited, new Promise((wait) => setTimeout(wait, 100))]);
    if (exited) throw new Error(`exited before listening: ${process.lines.join('\n')}`);
  }
}

/** Every line a finished `serve` wrote, each parsed: it writes nothing but JSON. */
const jsonLines = ({ stdout, stderr }: Finished) =>
  `${stdout}${stderr}`
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { msg: string });

/** PostgreSQL's own record of a clean stop: pg_control's state is "shut down" (1), not "in production". */
function clusterState(pgdata: string): number {
  return readFileSync(join(pgdata, 'global', 'pg_control')).readUInt32LE(16);
}
const SHUT_DOWN = 1;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const createTrait = (name: string) =>
  JSON.stringify({ query: `mutation { createTrait(name: "${name}") { created } }` });

function post(url: string, body: string, agent: http.Agent): Promise<number> {
  return new Promise((done, fail) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      (response) => {
        response.resume();
        response.on('end', () => done(response.statusCode!));
      },
    );
    request.on('error', fail);
    request.end(body);
  });
}

/**
 * A request the server has started on: headers sent with `Expect: 100-continue`, answered "100 Continue"
 * (node dispatched it), body held back until `finish()`.
 */
async function heldRequest(url: string, body: string) {
  const { port, pathname } = new URL(url);
  const socket = net.connect(Number(port), '127.0.0.1');
  let received = '';
  const closed = new Promise<string>((done) => socket.on('close', () => done(received)));
  socket.on('data', (chunk) => (received += chunk.toString('utf8')));
  socket.on('error', () => undefined);
  socket.write(
    `POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
  );
  while (!received.includes('100 Continue')) await new Promise((wait) => setTimeout(wait, 10));
  return {
    async finish() {
      socket.write(body);
      const answer = (await closed).slice(received.indexOf('\r\n\r\n') + 4);
      const head = answer.slice(0, answer.indexOf('\r\n\r\n'));
      return {
        status: Number(head.split(' ')[1]),
        connection: head.match(/^connection: (.*)$/im)?.[1],
        body: JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)),
      };
    },
  };
}

async function validTraits(url: string, names: string[]): Promise<Set<string>> {
  const valid = new Set<string>();
  for (let at = 0; at < names.length; at += 50) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'query ($names: [String!]!) { validateTraits(names: $names) { valid } }',
        variables: { names: names.slice(at, at + 50) },
      }),
    });
    const body = (await response.json()) as { data: { validateTraits: { valid: string[] } } };
    for (const name of body.data.validateTraits.valid) valid.add(name);
  }
  return valid;
}

describe('the service as a process', () => {
  const dirs: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    // A failed test must not leave a server running.
    for (const child of started)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  });

  beforeAll(async () => {
    // dist/ as the sources are now: what changed since the last build is built (`npm start`'s build: nothing
    // after `npm start`, as CI runs `npm test`; all of it in a fresh clone that never started, which takes
    // minutes on a loaded machine: 6 min measured for that build and a first start).
    const build = run('node', ['scripts/build.mjs', '--changed']);
    expect((await build.exited).code).toBe(0);
  }, 900_000);

  it('runs as `metacatalog` through a symlink, as npx and global installs start it', async () => {
    const bin = tempDir('metacatalog-bin-');
    symlinkSync(BIN, join(bin, 'metacatalog'));
    const versionRun = run(join(bin, 'metacatalog'), ['--version']);
    expect(await versionRun.exited).toEqual({ code: 0, signal: null });
    expect(versionRun.lines.filter(Boolean)).toEqual([version]);

    const schemaRun = run(join(bin, 'metacatalog'), ['schema']);
    expect((await schemaRun.exited).code).toBe(0);
    expect(schemaRun.lines).toContain('type Query {');

    const wrong = run(join(bin, 'metacatalog'), ['--no-such-option']);
    expect((await wrong.exited).code).toBe(1);
    expect(wrong.lines.join('\n')).toMatch(/unknown option '--no-such-option'/);
  }, 120_000);

  it('names HOST or PORT when it cannot listen, in JSON, after closing the database', async () => {
    const taken = net.createServer();
    await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
    const port = String((taken.address() as net.AddressInfo).port);
    // Each case opens this database (migrated and seeded before), fails to listen and closes it.
    const database = await createProcessDatabase({ prepared: true });
    const cases: [Record<string, string>, RegExp][] = [
      [{ HOST: 'nonexistent.invalid' }, /^configuration error: HOST nonexistent\.invalid does not resolve/],
      [{ HOST: '192.0.2.1' }, /^configuration error: HOST 192\.0\.2\.1 is not an address of this machine/],
      [{ PORT: port }, new RegExp(`^configuration error: PORT ${port} is already in use`)],
      [{ LOG_LEVEL: 'verbose' }, /^configuration error: LOG_LEVEL must be one of/],
    ];
    try {
      for (const [env, message] of cases) {
        const failed = await runMetacatalog(['serve'], {
          built: true,
          env: {
            DATABASE_URL: database.url,
            PORT: '0',
            HOST: '127.0.0.1',
            AUTH_NONE_ALLOW_REMOTE: 'true',
            ...env,
          },
        });
        expect(failed).toMatchObject({ code: 2, signal: null });
        expect(jsonLines(failed).map((line) => line.msg)).toContainEqual(expect.stringMatching(message));
      }
    } finally {
      taken.close();
      await database.drop();
    }
  }, 240_000);

  it('drains on SIGTERM: in-flight requests finish, no reset after a committed write, clean database, exit 0', async () => {
    const embedded = !process.env.TEST_DATABASE_URL;
    const dataDir = tempDir('metacatalog-drain-');
    // A database some earlier `serve` migrated and seeded.
    const database = embedded ? undefined : await createTestDatabaseUrl({ prepared: true });
    if (embedded) await copyPreparedFolder(join(dataDir, 'pgdata'));
    const env: Record<string, string> = database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir };
    const servers: ServerProcess[] = [];
    try {
      const server = await startMetacatalogServer({ built: true, env });
      servers.push(server);
      const { url } = server;

      const held = await Promise.all([0, 1, 2].map((i) => heldRequest(url, createTrait(`CUSTOM_HELD_${i}`))));
      const outcomes: { name: string; ok: boolean }[] = [];
      const writer = async (w: number) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        try {
          for (let n = 0; n < 400; n += 1) {
            const name = `CUSTOM_W${w}_${n}`;
            try {
              outcomes.push({ name, ok: (await post(url, createTrait(name), agent)) === 200 });
            } catch {
              outcomes.push({ name, ok: false });
              return;
            }
          }
        } finally {
          agent.destroy();
        }
      };
      const writers = Promise.all([0, 1, 2, 3].map(writer));
      while (outcomes.filter((outcome) => outcome.ok).length < 20) {
        await new Promise((wait) => setTimeout(wait, 10));
      }

      const stopped = server.stop('SIGTERM');
      const answers = await Promise.all(held.map((request) => request.finish()));
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.connection).toBe('close');
        expect(answer.body).toEqual({ data: { createTrait: { created: true } } });
      }
      await writers;
      const finished = await stopped;
      expect(finished).toMatchObject({ code: 0, signal: null });
      expect(jsonLines(finished).map((line) => line.msg)).toContain('stopped');
      if (embedded) expect(clusterState(join(dataDir, 'pgdata'))).toBe(SHUT_DOWN);

      const again = await startMetacatalogServer({ built: true, env });
      servers.push(again);
      const names = [
        ...outcomes.map((outcome) => outcome.name),
        'CUSTOM_HELD_0',
        'CUSTOM_HELD_1',
        'CUSTOM_HELD_2',
      ];
      const stored = await validTraits(again.url, names);
      expect((await again.stop('SIGTERM')).code).toBe(0);

      for (const name of ['CUSTOM_HELD_0', 'CUSTOM_HELD_1', 'CUSTOM_HELD_2']) expect(stored).toContain(name);
      // Acknowledged writes are kept; a request that failed on the wire committed nothing.
      expect(outcomes.filter((outcome) => outcome.ok && !stored.has(outcome.name))).toEqual([]);
      expect(outcomes.filter((outcome) => !outcome.ok && stored.has(outcome.name))).toEqual([]);
    } finally {
      // A failure must not leave a server running (stop() only signals one that still runs).
      await Promise.all(servers.map((running) => running.stop('SIGKILL')));
      await database?.drop();
    }
  }, 240_000);

  it('`npm start` passes SIGTERM to the server: exit 0, "stopped", no orphan, a cleanly closed database', async () => {
    const dataDir = tempDir('metacatalog-start-');
    await copyPreparedFolder(join(dataDir, 'pgdata'));
    // Whatever the build left to do is done once: `npm start` then builds nothing.
    expect((await run('node', ['scripts/build.mjs', '--changed']).exited).code).toBe(0);
    const npm = run('npm', ['start'], { DATA_DIR: dataDir, PORT: '0', AUTH_MODE: 'none' });
    const { url, pid } = await listening(npm);
    expect(npm.lines).toEqual(
      expect.arrayContaining([
        'server (tsc): up to date',
        'explorer (vite): up to date',
        'GraphiQL (vite): up to date',
      ]),
    );
    try {
      expect((await fetch(url.replace(/\/graphql$/, '/health/ready'))).status).toBe(200);

      npm.child.kill('SIGTERM');
      expect(await npm.exit).toEqual({ code: 0, signal: null });
      expect(alive(pid)).toBe(false);
      await npm.exited;
      expect(entries(npm.lines).map((line) => line.msg)).toContain('stopped');
      await expect(fetch(url)).rejects.toThrow();
      expect(clusterState(join(dataDir, 'pgdata'))).toBe(SHUT_DOWN);
    } finally {
      if (alive(pid)) process.kill(pid, 'SIGKILL'); // an orphan left by a failure must not outlive the test
    }
  }, 300_000);
});
