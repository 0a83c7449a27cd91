import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bodyOf, startTestApp, type TestApp } from './support/test-app';

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** A build of the web app as Vite lays it out: index.html, hashed files under assets/, public files. */
function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'explorer-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>metacatalog explorer</title><div id="root">');
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), 'console.log("explorer");');
  writeFileSync(join(dir, 'assets', 'index-Ef56Gh78.css'), 'body { margin: 0 }');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

/** A GET with exactly this path (fetch would resolve `..`). */
function rawGet(base: string, path: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, text: Buffer.concat(chunks).toString('utf8') }),
        );
      })
      .on('error', reject);
  });
}

describe('The explorer web app at /', () => {
  let t: TestApp;
  let base: string;
  const dir = fakeBuild();

  beforeAll(async () => {
    t = await startTestApp({ EXPLORER_DIR: dir });
    base = (await t.app.listen(0, '127.0.0.1')).replace(/\/graphql$/, '');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('GET / serves index.html, revalidated every time', async () => {
    const response = await fetch(`${base}/`, { headers: HTML });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    // Scripts only from its own files: no inline script runs (the app has none).
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'self'; script-src 'self';/);
    expect(await response.text()).toContain('metacatalog explorer');
  });

  it('serves hashed assets with their content types, cached for a year', async () => {
    const script = await fetch(`${base}/assets/index-Ab12Cd34.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await script.text()).toContain('explorer');
    const style = await fetch(`${base}/assets/index-Ef56Gh78.css`);
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const icon = await fetch(`${base}/favicon.svg`);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('falls back to index.html for a browser on an unknown path; a missing asset is 404', async () => {
    const page = await fetch(`${base}/definitions/OS::Nova::Flavor`, { headers: HTML });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('metacatalog explorer');
    const asset = await fetch(`${base}/assets/index-gone.js`, { headers: HTML });
    expect(asset.status).toBe(404);
    expect((await bodyOf(asset)).errors[0].extensions.code).toBe('NOT_FOUND');
    // An API client (no HTML in Accept) still gets the JSON 404.
    expect((await fetch(`${base}/nope`)).status).toBe(404);
  });

  it('never serves a file outside its folder', async () => {
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json']) {
      const response = await rawGet(base, path);
      expect(response.text).not.toContain('"name": "metacatalog"');
    }
  });

  it('leaves /graphql, GraphiQL, /health and /metrics as they were', async () => {
    const answer = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-project-id': 'p1' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(await bodyOf(answer)).toEqual({ data: { __typename: 'Query' } });
    expect(await (await fetch(`${base}/graphql`, { headers: HTML })).text()).toContain('GraphiQL');
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
    expect(await (await fetch(`${base}/metrics`)).text()).toContain('metacatalog_');
    const post = await fetch(`${base}/`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(404);
  });
});

describe('The explorer web app with EXPLORER=off, or not built', () => {
  it('EXPLORER=off: / and its files are not served', async () => {
    const dir = fakeBuild();
    const t = await startTestApp({ EXPLORER: 'off', EXPLORER_DIR: dir });
    try {
      const base = (await t.app.listen(0, '127.0.0.1')).replace(/\/graphql$/, '');
      for (const path of ['/', '/assets/index-Ab12Cd34.js', '/definitions']) {
        const response = await fetch(`${base}${path}`, { headers: HTML });
        expect(response.status).toBe(404);
        expect((await bodyOf(response)).errors[0].extensions.code).toBe('NOT_FOUND');
      }
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('not built: GET / says how to build it', async () => {
    const t = await startTestApp({ EXPLORER_DIR: join(tmpdir(), 'no-such-explorer-build') });
    try {
      const base = (await t.app.listen(0, '127.0.0.1')).replace(/\/graphql$/, '');
      const response = await fetch(`${base}/`, { headers: HTML });
      expect(response.status).toBe(404);
      expect((await bodyOf(response)).errors[0].message).toMatch(/npm run build/);
    } finally {
      await t.close();
    }
  });
});
