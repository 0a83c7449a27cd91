import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getIntrospectionQuery } from 'graphql';
import { SignJWT } from 'jose';
import { loadConfig } from '../src/config';
import { KeystoneStandIn, SERVICE_USER } from './support/keystone-stand-in';
import { startTestApp, type Data, type TestApp } from './support/test-app';

/**
 * GraphiQL as a browser uses it: the page, its assets and the schema its documentation explorer loads, in
 * every AUTH_MODE and behind a proxy that serves the service under a path prefix. The page is a build as Vite
 * lays it out (GRAPHIQL_DIR); the real one runs in Chromium in test/e2e.
 */

/** GraphiQL's build as `vite build --config web/graphiql.vite.config.ts` lays it out. */
function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'graphiql-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'graphiql.html'),
    [
      '<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>metacatalog · GraphiQL</title>',
      '<script type="module" crossorigin src="./assets/graphiql-Ab12Cd34.js"></script>',
      '<link rel="stylesheet" crossorigin href="./assets/graphiql-Ef56Gh78.css">',
      '</head><body><div id="graphiql">Loading GraphiQL…</div></body></html>',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'assets', 'graphiql-Ab12Cd34.js'),
    `console.log(${JSON.stringify('x'.repeat(2000))});`,
  );
  writeFileSync(join(dir, 'assets', 'graphiql-Ef56Gh78.css'), `body { margin: 0 } /* ${'x'.repeat(2000)} */`);
  return dir;
}
const BUILD = fakeBuild();
afterAll(() => rmSync(BUILD, { recursive: true, force: true }));

const PREFIX = '/catalog';
const PROXY_SECRET = 'graphiql-proxy-secret-0123456789';
const PAGE_HEADERS = { 'X-Project-Id': 'explorer', 'X-User-Id': 'eve', 'X-Roles': 'reader' };
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

/**
 * A reverse proxy such as nginx's `location /catalog/ { proxy_pass http://service/; }`: it strips the prefix,
 * passes the browser's headers on and adds what only the proxy knows (`addHeaders`, e.g. X-Proxy-Secret).
 */
async function startPrefixProxy(target: string, addHeaders: Record<string, string> = {}) {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    if (!req.url!.startsWith(`${PREFIX}/`)) {
      res.writeHead(404).end();
      return;
    }
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url!.slice(PREFIX.length),
        headers: { ...req.headers, host: upstream.host, ...addHeaders },
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${PREFIX}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The page's settings block: what the page pre-fills and sends. */
function settingsOf(html: string): { headers: string; defaultQuery: string; identityHeaders: boolean } {
  const match = html.match(/<script id="graphiql-settings" type="application\/json">([^<]*)<\/script>/);
  if (!match) throw new Error('the page has no settings block');
  return JSON.parse(match[1]);
}

/** What GraphiQL does to fill its documentation explorer: the introspection query, to the page's own path. */
async function introspect(pageUrl: string, headers: Record<string, string>): Promise<Data> {
  const response = await fetch(new URL(new URL(pageUrl).pathname, pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify({ query: getIntrospectionQuery(), operationName: 'IntrospectionQuery' }),
  });
  return response.json();
}

/** The explorer's first screen and one level down: the root types and a field, each with its documentation. */
function expectDocumented(body: Data) {
  expect(body.errors).toBeUndefined();
  const types: Data[] = body.data.__schema.types;
  const query = types.find((type) => type.name === 'Query');
  expect(query.description).toMatch(/definitions catalog/);
  const namespaces = query.fields.find((field: Data) => field.name === 'namespaces');
  expect(namespaces.description).toMatch(/visible to the caller/);
  expect(namespaces.args.find((arg: Data) => arg.name === 'first').description).toMatch(
    /default 50, capped at 500/,
  );
}

describe('GraphiQL with AUTH_MODE=headers behind a path-prefix proxy', () => {
  let t: TestApp;
  let direct: string;
  let proxy: Awaited<ReturnType<typeof startPrefixProxy>>;
  const pageUrl = () => `${proxy.url}/graphql`;

  beforeAll(async () => {
    t = await startTestApp({
      AUTH_MODE: 'headers',
      AUTH_PROXY_SECRET: PROXY_SECRET,
      GRAPHIQL_HEADERS: JSON.stringify(PAGE_HEADERS),
      GRAPHIQL_DIR: BUILD,
    });
    direct = await t.app.listen(0, '127.0.0.1');
    proxy = await startPrefixProxy(direct.replace(/\/graphql$/, ''), { 'x-proxy-secret': PROXY_SECRET });
  });
  afterAll(async () => {
    await proxy.close();
    await t.close();
  });

  it("names its assets relative to the page, and they load through the proxy's prefix", async () => {
    const page = await fetch(pageUrl(), { headers: HTML });
    expect(page.status).toBe(200);
    const html = await page.text();
    const references = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    // GraphiQL's module script and its styles (Vite's build; the rest is loaded by the script, relative to it).
    expect(references).toHaveLength(2);
    for (const reference of references) {
      expect(reference).not.toMatch(/^(\/|[a-z]+:)/i);
      const asset = new URL(reference, pageUrl());
      expect(asset.pathname.startsWith(`${PREFIX}/graphiql/assets/`)).toBe(true);
      const response = await fetch(asset);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/javascript|css/);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      expect(response.headers.get('cache-control')).toMatch(/max-age=31536000/);
    }
  });

  it('runs no inline script, under a Content-Security-Policy that allows none', async () => {
    const page = await fetch(pageUrl(), { headers: HTML });
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const html = await page.text();
    // Every script is a file, or the settings' JSON block (data: a browser does not run it).
    for (const [tag] of html.matchAll(/<script[^>]*>/g)) {
      expect(tag.includes(' src=') || tag.includes('type="application/json"')).toBe(true);
    }
  });

  it('serves only the files of its build folder', async () => {
    for (const path of [
      'graphiql/assets/nope.js',
      'graphiql/assets/..%2fgraphiql.html',
      'graphiql/assets/.hidden',
    ]) {
      expect((await fetch(`${proxy.url}/${path}`)).status).toBe(404);
    }
  });

  it('pre-fills the configured headers, with which the documentation explorer loads the schema', async () => {
    const html = await (await fetch(pageUrl(), { headers: HTML })).text();
    const settings = settingsOf(html);
    expect(JSON.parse(settings.headers)).toEqual(PAGE_HEADERS);
    expect(settings.defaultQuery).toMatch(/AUTH_MODE=headers/);
    expectDocumented(await introspect(pageUrl(), JSON.parse(settings.headers)));
  });

  it('keeps proxy trust: no identity without the headers, none around the proxy, no secret in the page', async () => {
    const html = await (await fetch(pageUrl(), { headers: HTML })).text();
    expect(html).not.toContain(PROXY_SECRET);
    const withoutHeaders = await introspect(pageUrl(), {});
    expect(withoutHeaders.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const aroundTheProxy = await introspect(direct, JSON.parse(settingsOf(html).headers));
    expect(aroundTheProxy.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a GRAPHIQL_HEADERS that would publish the proxy secret, or is not an object of strings', () => {
    const env = { AUTH_MODE: 'headers', AUTH_PROXY_SECRET: PROXY_SECRET };
    expect(() => loadConfig({ ...env, GRAPHIQL_HEADERS: `{"X-Proxy-Secret":"${PROXY_SECRET}"}` })).toThrow(
      /must not hold X-Proxy-Secret/,
    );
    expect(() => loadConfig({ ...env, GRAPHIQL_HEADERS: '["X-Project-Id"]' })).toThrow(/JSON object/);
    expect(() => loadConfig({ ...env, GRAPHIQL_HEADERS: '{"X-Roles":["admin"]}' })).toThrow(
      /must be a string/,
    );
    expect(() => loadConfig({ ...env, GRAPHIQL_HEADERS: '{"bad name":"x"}' })).toThrow(/not a header name/);
  });
});

describe('GraphiQL with AUTH_MODE=jwt', () => {
  const JWT_SECRET = 'graphiql-jwt-secret-of-enough-length-0123';
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await startTestApp({ AUTH_MODE: 'jwt', JWT_SECRET, GRAPHIQL_DIR: BUILD });
    url = await t.app.listen(0, '127.0.0.1');
  });
  afterAll(() => t.close());

  it('says how to add a bearer token, with which the documentation explorer loads the schema', async () => {
    const settings = settingsOf(await (await fetch(url, { headers: HTML })).text());
    expect(settings.headers).toBe('');
    expect(settings.defaultQuery).toContain('{"Authorization": "Bearer <your token>"}');
    expect((await introspect(url, {})).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const token = await new SignJWT({ project_id: 'explorer', roles: ['reader'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('eve')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(JWT_SECRET));
    expectDocumented(await introspect(url, { Authorization: `Bearer ${token}` }));
  });
});

describe('GraphiQL not built', () => {
  it('says how to build it', async () => {
    const t = await startTestApp({ GRAPHIQL_DIR: join(tmpdir(), 'no-such-graphiql-build') });
    try {
      const url = await t.app.listen(0, '127.0.0.1');
      const page = await fetch(url, { headers: HTML });
      expect(await page.text()).toMatch(/GraphiQL is not built here: run <code>npm run build<\/code>/);
    } finally {
      await t.close();
    }
  });
});

describe('GraphiQL with AUTH_MODE=keystone', () => {
  let keystone: KeystoneStandIn;
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    keystone = await KeystoneStandIn.start();
    t = await startTestApp({
      AUTH_MODE: 'keystone',
      KEYSTONE_URL: keystone.url,
      ...SERVICE_USER,
      GRAPHIQL_DIR: BUILD,
    });
    url = await t.app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    await t.close();
    await keystone.close();
  });

  it('says how to add a Keystone token, with which the documentation explorer loads the schema', async () => {
    const settings = settingsOf(await (await fetch(url, { headers: HTML })).text());
    expect(settings.defaultQuery).toContain('{"X-Auth-Token": "<token>"}');
    expect(settings.identityHeaders).toBe(true);
    const token = keystone.issue({ projectId: 'explorer', userId: 'eve', roles: ['reader'] });
    expectDocumented(await introspect(url, { 'X-Auth-Token': token }));
  });
});
