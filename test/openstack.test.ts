import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureLogs } from './support/log-capture';
import { raw, type RawResponse } from './support/raw-http';
import { wsClient } from './support/subscriptions';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * What OpenStack clients and services expect of an HTTP API (issue 19 point 2): `/graphql/` served as `/graphql`
 * (keystoneauth asks for it when the catalog endpoint ends in `/graphql`), oslo.middleware's
 * X-OpenStack-Request-ID taken, answered and logged, and error answers with a JSON body that keystoneauth shows.
 * Keystone itself (WWW-Authenticate, system scope, service tokens) is in identity-keystone.test.ts.
 */
const OPENSTACK_ID = /^req-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const JSON_HEADERS = { 'content-type': 'application/json', 'x-project-id': 'p1' };
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const QUERY = JSON.stringify({ query: 'query Hello { __typename }', operationName: 'Hello' });

function fakeGraphiql(): string {
  const dir = mkdtempSync(join(tmpdir(), 'openstack-graphiql-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'graphiql.html'),
    '<!doctype html><html><head><script type="module" src="./assets/graphiql-Ab12Cd34.js"></script>' +
      '<link rel="stylesheet" href="./assets/graphiql-Ef56Gh78.css"></head><body></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'graphiql-Ab12Cd34.js'), 'console.log("graphiql");');
  writeFileSync(join(dir, 'assets', 'graphiql-Ef56Gh78.css'), 'body { margin: 0 }');
  return dir;
}

describe('OpenStack-native HTTP', () => {
  let t: TestApp;
  let base: string;
  const logs = captureLogs();
  const graphiql = fakeGraphiql();

  beforeAll(async () => {
    t = await startTestApp({ GRAPHIQL_DIR: graphiql }, { logger: logs.logger });
    base = (await t.app.listen(0, '127.0.0.1')).replace(/\/graphql$/, '');
  });
  afterAll(async () => {
    await t.close();
    rmSync(graphiql, { recursive: true, force: true });
  });

  describe('/graphql/ is /graphql', () => {
    it('POST and GET answer the same', async () => {
      const post = await raw(base, 'POST', '/graphql/', { headers: JSON_HEADERS, body: QUERY });
      expect(post.status).toBe(200);
      expect(post.json()).toEqual({ data: { __typename: 'Query' } });
      const get = await raw(base, 'GET', `/graphql/?query=${encodeURIComponent('{ __typename }')}`, {
        headers: { 'x-project-id': 'p1', 'apollo-require-preflight': 'true' },
      });
      expect(get.status).toBe(200);
      expect(get.json()).toEqual({ data: { __typename: 'Query' } });
    });

    it('a browser gets GraphiQL, whose assets resolve from /graphql/ too', async () => {
      const page = await fetch(`${base}/graphql/`, { headers: HTML });
      expect(page.status).toBe(200);
      const html = await page.text();
      const references = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
      expect(references).toHaveLength(2);
      for (const reference of references) {
        const asset = await fetch(new URL(reference, `${base}/graphql/`));
        expect({ reference, status: asset.status }).toEqual({ reference, status: 200 });
      }
    });

    it('takes a WebSocket upgrade (subscriptions and queries over graphql-ws)', async () => {
      const client = wsClient(`${base.replace(/^http/, 'ws')}/graphql/`, {
        headers: { 'x-project-id': 'p1' },
      });
      try {
        const outcome = await client.run({ query: '{ __typename }' });
        expect(outcome.errors).toBeUndefined();
        expect(outcome.results).toEqual([{ data: { __typename: 'Query' } }]);
      } finally {
        await client.dispose();
      }
    });

    it('nothing else under it is served', async () => {
      expect((await raw(base, 'POST', '/graphql//', { headers: JSON_HEADERS, body: QUERY })).status).toBe(
        404,
      );
    });
  });

  describe('X-OpenStack-Request-ID', () => {
    const linesOf = (id: string) => logs.lines().filter((line) => line.requestId === id);

    it("takes the client's req-<uuid>, answers it in both headers and logs under it", async () => {
      const id = 'req-3f1c5e2a-9b7d-4c1e-8a2b-0d4e6f8a1b2c';
      const response = await raw(base, 'POST', '/graphql', {
        headers: { ...JSON_HEADERS, 'x-openstack-request-id': id, 'x-request-id': 'other-id' },
        body: QUERY,
      });
      expect(response.headers['x-openstack-request-id']).toBe(id);
      expect(response.headers['x-request-id']).toBe(id);
      expect(linesOf(id)).toEqual([expect.objectContaining({ msg: 'graphql request', operation: 'Hello' })]);
    });

    it.each([['req-not-a-uuid'], ['3f1c5e2a-9b7d-4c1e-8a2b-0d4e6f8a1b2c'], ['req-3f1c5e2a<script>']])(
      'replaces %s with a new req-<uuid>, which the log uses',
      async (given) => {
        const response = await raw(base, 'POST', '/graphql', {
          headers: { ...JSON_HEADERS, 'x-openstack-request-id': given },
          body: QUERY,
        });
        const id = response.headers['x-openstack-request-id'] as string;
        expect(id).toMatch(OPENSTACK_ID);
        expect(response.headers['x-request-id']).toBe(id);
        expect(linesOf(id)).toHaveLength(1);
      },
    );

    it.each([
      ['GET', '/health/live'],
      ['GET', '/health/ready'],
      ['GET', '/metrics'],
      ['GET', '/nope'],
      ['PUT', '/graphql'],
      ['OPTIONS', '/graphql'],
    ])('is on every answer: %s %s', async (method, path) => {
      const response = await raw(base, method, path);
      expect(response.headers['x-openstack-request-id']).toMatch(OPENSTACK_ID);
      expect(response.headers['x-request-id']).toBe(response.headers['x-openstack-request-id']);
      const id = 'req-00000000-1111-4222-8333-444444444444';
      const given = await raw(base, method, path, { headers: { 'x-openstack-request-id': id } });
      expect(given.headers['x-openstack-request-id']).toBe(id);
    });

    it("a client's own X-Request-Id is kept; X-OpenStack-Request-ID is then a new one", async () => {
      const response = await raw(base, 'POST', '/graphql', {
        headers: { ...JSON_HEADERS, 'x-request-id': 'trace-42' },
        body: QUERY,
      });
      expect(response.headers['x-request-id']).toBe('trace-42');
      expect(response.headers['x-openstack-request-id']).toMatch(OPENSTACK_ID);
    });
  });

  describe('error answers keystoneauth can show', () => {
    function expectJsonErrors(response: RawResponse, status: number, code: string) {
      expect(response.status).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const [error] = response.json().errors;
      expect(error.message).toEqual(expect.any(String));
      expect(error.message.length).toBeGreaterThan(5);
      expect(error.extensions.code).toBe(code);
    }

    it.each([
      ['a query that does not parse', '{ namespaces(', 'GRAPHQL_PARSE_FAILED'],
      ['a field that does not exist', '{ nope }', 'GRAPHQL_VALIDATION_FAILED'],
      [
        'a variable of the wrong type',
        'query ($n: Int!) { namespaces(first: $n) { totalCount } }',
        'BAD_USER_INPUT',
      ],
    ])('HTTP 400 for %s has a JSON body with errors', async (_what, query, code) => {
      const body = JSON.stringify({ query, variables: { n: 'x' } });
      expectJsonErrors(await raw(base, 'POST', '/graphql/', { headers: JSON_HEADERS, body }), 400, code);
    });

    it('HTTP 401 and 415 too', async () => {
      expectJsonErrors(
        await raw(base, 'POST', '/graphql/', {
          headers: { 'content-type': 'application/json' },
          body: QUERY,
        }),
        401,
        'UNAUTHENTICATED',
      );
      expectJsonErrors(
        await raw(base, 'POST', '/graphql/', { headers: { 'content-type': 'text/plain' }, body: QUERY }),
        415,
        'BAD_REQUEST',
      );
    });
  });
});
