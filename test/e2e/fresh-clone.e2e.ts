import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The README's quickstart as a newcomer runs it: a fresh clone of this commit (HEAD; no dist/, node_modules linked
 * to this one's, as `npm install` would leave it), then `npm start`, the real command. Its build must build all that
 * `npm run build` builds, so that `/` (the explorer) and `/graphql` (GraphiQL) load in a browser: each page and every
 * script and stylesheet it names answers 200.
 */
const ROOT = join(__dirname, '..', '..');

let clone: string;
let npm: ChildProcess | undefined;
const lines: string[] = [];

afterAll(() => {
  if (npm && npm.exitCode === null && npm.signalCode === null) npm.kill('SIGKILL');
  if (clone) rmSync(clone, { recursive: true, force: true });
});

/** Waits for the server's "listening" log line (JSON, with its url and pid) and returns the url. */
async function listening(child: ChildProcess): Promise<string> {
  const exited = new Promise<never>((_, fail) =>
    child.on('close', (code) => fail(new Error(`npm start exited (${code}):\n${lines.join('\n')}`))),
  );
  const found = new Promise<string>((done) => {
    const look = () => {
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        const entry = JSON.parse(line) as { url?: string; pid?: number };
        if (typeof entry.url === 'string' && entry.pid) return done(entry.url);
      }
      setTimeout(look, 200);
    };
    look();
  });
  return Promise.race([found, exited]);
}

/** A page as a browser asks for it, and every script and stylesheet it references. */
async function loadLikeABrowser(url: string): Promise<string[]> {
  const page = await fetch(url, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
  expect({ url, status: page.status }).toEqual({ url, status: 200 });
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await page.text();
  const references = [
    ...html.matchAll(
      /<script\b[^>]*\bsrc="([^"]+)"|<link\b[^>]*\brel="(?:stylesheet|modulepreload)"[^>]*\bhref="([^"]+)"/g,
    ),
  ].map((match) => new URL(match[1] ?? match[2], url).href);
  for (const reference of references) {
    const response = await fetch(reference);
    expect({ reference, status: response.status }).toEqual({ reference, status: 200 });
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
  }
  return references;
}

it('a fresh clone: `npm start` builds everything, then serves the explorer at / and GraphiQL at /graphql', async () => {
  clone = mkdtempSync(join(tmpdir(), 'metacatalog-clone-'));
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  execFileSync('git', ['clone', '--quiet', '--no-checkout', ROOT, clone]);
  execFileSync('git', ['checkout', '--quiet', head], { cwd: clone });
  expect(existsSync(join(clone, 'dist'))).toBe(false);
  symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'));

  // A newcomer's environment: none of jest's settings (NODE_ENV=test, LOG_LEVEL=silent); only the port is the test's.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0' };
  for (const name of ['NODE_ENV', 'LOG_LEVEL', 'DATABASE_URL', 'DATA_DIR', 'AUTH_MODE']) delete env[name];
  npm = spawn('npm', ['start'], {
    cwd: clone,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [npm.stdout!, npm.stderr!]) {
    let rest = '';
    stream.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop()!;
      lines.push(...parts);
    });
  }
  const url = await listening(npm);
  // Each part of the build was built, GraphiQL's included.
  expect(lines).toEqual(
    expect.arrayContaining([
      'server (tsc): building',
      'explorer (vite): building',
      'GraphiQL (vite): building',
    ]),
  );
  const base = url.replace(/graphql$/, '');

  const explorer = await loadLikeABrowser(base);
  expect(explorer).toEqual(
    expect.arrayContaining([expect.stringMatching(/\.js$/), expect.stringMatching(/\.css$/)]),
  );
  const graphiql = await loadLikeABrowser(url);
  expect(graphiql).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/\/graphiql\/assets\/.*\.js$/),
      expect.stringMatching(/\/graphiql\/assets\/.*\.css$/),
    ]),
  );

  const stopped = new Promise<number | null>((done) => npm!.on('exit', (code) => done(code)));
  npm.kill('SIGTERM');
  expect(await stopped).toBe(0);
}, 900_000);
