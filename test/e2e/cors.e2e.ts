import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startMetacatalogServer, type ServerProcess } from '../support/processes';

/**
 * A browser app on another origin, in Chromium: a page served by a small HTTP server of its own (another port,
 * so another origin) queries `/graphql` with fetch (a preflighted POST with credentials) and subscribes over
 * graphql-ws, against `metacatalog serve` with CORS_ORIGINS naming that origin. The same page reached as
 * `localhost` instead of `127.0.0.1` is another, unlisted origin: its fetch and its WebSocket are refused.
 */
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const ROOT = join(__dirname, '..', '..');
const GRAPHQL_WS = readFileSync(join(ROOT, 'node_modules/graphql-ws/umd/graphql-ws.min.js'), 'utf8');
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>another app</title>
<script src="/graphql-ws.js"></script></head><body>another app</body></html>`;

let dataDir: string;
let starting: Promise<ServerProcess> | undefined;
let server: ServerProcess;
let app: http.Server;
let appPort: number;
let browser: Browser;

/** What the page's script sees (the e2e tests compile without the DOM library). */
interface PageGlobals {
  graphqlWs: typeof import('graphql-ws');
  events: Promise<Record<string, unknown>>;
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM)`);
  }
  app = http.createServer((req, res) => {
    if (req.url === '/graphql-ws.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(GRAPHQL_WS);
    } else {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    }
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  appPort = (app.address() as AddressInfo).port;
  dataDir = mkdtempSync(join(tmpdir(), 'cors-e2e-'));
  starting = startMetacatalogServer({
    env: { DATA_DIR: dataDir, CORS_ORIGINS: `http://127.0.0.1:${appPort}` },
  });
  server = await starting;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await starting?.then(
    (started) => started.stop(),
    () => undefined,
  );
  await new Promise((resolve) => app?.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function pageAt(host: string): Promise<Page> {
  const page = await browser.newPage();
  page.setDefaultTimeout(120_000);
  await page.goto(`http://${host}:${appPort}/`);
  return page;
}

/** A query from the page: JSON POST with credentials and headers that need a preflight; what the page can read. */
const queryFrom = (page: Page) =>
  page.evaluate(async (url) => {
    try {
      const response = await fetch(url, {
        method: 'POST',
        credentials: 'include',
        headers: {
          'content-type': 'application/json',
          'apollo-require-preflight': 'true',
          'x-openstack-request-id': 'req-0b5b7b0e-5d7e-4c55-9d3e-2f1f6a1b2c3d',
        },
        body: JSON.stringify({ query: '{ resourceTypes { name } }' }),
      });
      return {
        status: response.status,
        body: await response.json(),
        requestId: response.headers.get('x-request-id'),
      };
    } catch (error) {
      return { failed: String(error) };
    }
  }, server.url);

/** Subscribes from the page to catalog changes; resolves with the first event's namespace, or how it failed. */
const subscribeFrom = (page: Page) =>
  page.evaluate((url) => {
    const scope = globalThis as unknown as PageGlobals;
    const client = scope.graphqlWs.createClient({ url: url.replace(/^http/, 'ws'), retryAttempts: 0 });
    scope.events = new Promise((resolve) => {
      client.subscribe(
        { query: 'subscription { catalogChanged { kind namespace } }' },
        {
          next: (value: unknown) => resolve({ event: value }),
          error: (error: unknown) =>
            resolve({
              failed:
                typeof error === 'object' && error !== null && 'code' in error
                  ? `closed ${String(error.code)}`
                  : String(error),
            }),
          complete: () => resolve({ failed: 'completed' }),
        },
      );
    });
    // Subscribed once the server acknowledged the connection (or refused it).
    return new Promise<void>((resolve) => {
      client.on('connected', () => resolve());
      client.on('closed', () => resolve());
    });
  }, server.url);

const eventOf = (page: Page) => page.evaluate(() => (globalThis as unknown as PageGlobals).events);

it('a page of a listed origin queries (preflighted, with credentials) and subscribes', async () => {
  const page = await pageAt('127.0.0.1');
  const answer = await queryFrom(page);
  expect(answer).toMatchObject({ status: 200, body: { data: { resourceTypes: expect.any(Array) } } });
  // An exposed header: the page can read the id that ties its request to the server's log.
  expect(answer.requestId).toBeTruthy();

  await subscribeFrom(page);
  const name = `CORS::E2E${Date.now()}`;
  const created = await server.gql(
    `mutation ($name: String!) { createNamespace(input: { name: $name }) { name } }`,
    {
      name,
    },
  );
  expect(created.errors).toBeUndefined();
  expect(await eventOf(page)).toEqual({
    event: { data: { catalogChanged: { kind: 'CREATED', namespace: name } } },
  });
  await page.close();
});

it('a page of an origin not listed can neither read an answer nor open a WebSocket', async () => {
  const page = await pageAt('localhost');
  const answer = await queryFrom(page);
  expect(answer).toEqual({ failed: expect.stringMatching(/TypeError: Failed to fetch/) });

  await subscribeFrom(page);
  expect(await eventOf(page)).toEqual({ failed: expect.stringMatching(/^(?!completed)/) });
  await page.close();
});
