import net from 'node:net';
import { captureLogs } from './support/log-capture';
import { raw, type RawResponse } from './support/raw-http';
import { startTestApp, type TestApp } from './support/test-app';

const UUID = /^req-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const JSON_HEADERS = { 'content-type': 'application/json', 'x-project-id': 'p1' };

/**
 * What a client that gets the request itself wrong sees: a GraphQL-style JSON error with the right 4xx
 * status, never an HTML page or a stack trace; one JSON log line naming the request id.
 */
describe('HTTP edge: malformed requests', () => {
  let t: TestApp;
  let base: string;
  const logs = captureLogs();

  beforeAll(async () => {
    t = await startTestApp({ GRAPHQL_MAX_TOKENS: '50' }, { logger: logs.logger });
    base = (await t.app.listen(0, '127.0.0.1')).replace(/\/graphql$/, '');
  });
  afterAll(() => t.close());
  /** What was logged since the test started. */
  let before = 0;
  beforeEach(() => void (before = logs.lines().length));
  const logged = () => logs.lines().slice(before);

  /** The lines logged for one request (by the id it was answered with). */
  const linesOf = (response: RawResponse) =>
    logged().filter((line) => line.requestId === response.headers['x-request-id']);

  function expectRefused(response: RawResponse, status: number, code: string, message: RegExp) {
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(body).toEqual({ errors: [{ message: expect.any(String), extensions: { code } }] });
    expect(body.errors[0].message).toMatch(message);
    expect(response.headers['x-request-id']).toMatch(UUID);
    const lines = linesOf(response);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ status, code });
    expect(logs.text()).not.toMatch(/\bat .+\.(ts|js):\d+|"stack"/);
  }

  it.each([
    ['invalid JSON', { body: '{"query": "{ __typename }"', headers: JSON_HEADERS }, 400, /JSON/],
    [
      'an unsupported charset',
      {
        body: '{"query": "{ __typename }"}',
        headers: { ...JSON_HEADERS, 'content-type': 'application/json; charset=latin1' },
      },
      415,
      /charset "latin1"/,
    ],
    [
      'an unsupported content type',
      { body: 'query={ __typename }', headers: { 'content-type': 'text/plain', 'x-project-id': 'p1' } },
      415,
      /application\/json/,
    ],
    [
      'no content type',
      { body: '{"query": "{ __typename }"}', headers: { 'x-project-id': 'p1' } },
      415,
      /application\/json/,
    ],
    [
      'a body over 2 MB',
      {
        body: JSON.stringify({ query: '{ __typename }', variables: { x: 'x'.repeat(2 * 1024 * 1024) } }),
        headers: JSON_HEADERS,
      },
      413,
      /2 MB/,
    ],
  ])('POST /graphql with %s', async (_what, request, status, message) => {
    expectRefused(await raw(base, 'POST', '/graphql', request), status, 'BAD_REQUEST', message);
  });

  it('accepts a body just under the limit, and charset=utf-8', async () => {
    const response = await raw(base, 'POST', '/graphql', {
      headers: { ...JSON_HEADERS, 'content-type': 'application/json; charset=UTF-8' },
      body: JSON.stringify({ query: '{ __typename }', variables: { x: 'x'.repeat(2 * 1024 * 1024 - 100) } }),
    });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('HEAD answers like GET without a body (GraphiQL page, health, assets)', async () => {
    const page = await raw(base, 'HEAD', '/graphql', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toBe('');
    expect((await raw(base, 'HEAD', '/health/live')).status).toBe(200);
    const html = (await raw(base, 'GET', '/graphql', { headers: { accept: 'text/html' } })).text;
    const script = html.match(/src="(graphiql\/assets\/[^"]+\.js)"/)![1];
    const asset = await raw(base, 'HEAD', `/${script}`);
    expect(asset.status).toBe(200);
    expect(asset.text).toBe('');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a persisted query whose hash does not match is BAD_REQUEST (HTTP 400), not an internal error', async () => {
    const response = await raw(base, 'POST', '/graphql', {
      headers: JSON_HEADERS,
      body: JSON.stringify({
        query: '{ __typename }',
        extensions: { persistedQuery: { version: 1, sha256Hash: 'x' } },
      }),
    });
    expect(response.status).toBe(400);
    expect(response.json().errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it('a subscription sent over HTTP is BAD_REQUEST (HTTP 400) saying it is served over WebSocket', async () => {
    for (const query of [
      'subscription { traitChanged { kind name } }',
      'subscription Watch { traitChanged { kind } }',
    ]) {
      const response = await raw(base, 'POST', '/graphql', {
        headers: JSON_HEADERS,
        body: JSON.stringify({ query }),
      });
      expect(response.status).toBe(400);
      const [error] = response.json().errors;
      expect(error.extensions.code).toBe('BAD_REQUEST');
      expect(error.message).toMatch(/served over WebSocket \(the graphql-ws protocol\)/);
      expect(JSON.stringify(response.json())).not.toMatch(/stack|Cannot return null/);
    }
  });

  it('a wrong method is 405 with Allow', async () => {
    const response = await raw(base, 'PUT', '/graphql', { headers: JSON_HEADERS, body: '{}' });
    expectRefused(response, 405, 'BAD_REQUEST', /PUT/);
    expect(response.headers.allow).toBe('GET, POST, OPTIONS');
    expectRefused(await raw(base, 'DELETE', '/health/live'), 405, 'BAD_REQUEST', /DELETE/);
  });

  it('an unknown path is 404 NOT_FOUND', async () => {
    expectRefused(await raw(base, 'GET', '/nope'), 404, 'NOT_FOUND', /\/nope/);
    expectRefused(
      await raw(base, 'POST', '/graphql/extra', { headers: JSON_HEADERS, body: '{}' }),
      404,
      'NOT_FOUND',
      /graphql\/extra/,
    );
  });

  it('a request Apollo refuses (CSRF prevention) is logged once with its request id', async () => {
    const response = await raw(base, 'GET', `/graphql?query=${encodeURIComponent('{ __typename }')}`);
    expect(response.status).toBe(400);
    expect(response.json().errors[0].extensions.code).toBe('BAD_REQUEST');
    expect(linesOf(response)).toEqual([expect.objectContaining({ status: 400, code: 'BAD_REQUEST' })]);
  });

  it('a loop of bad requests writes exactly one line each', async () => {
    for (let i = 0; i < 20; i += 1) {
      await raw(base, 'POST', '/graphql', { headers: JSON_HEADERS, body: '{"query": ' });
    }
    expect(logged()).toHaveLength(20);
  });

  it('a malformed query is HTTP 400 GRAPHQL_PARSE_FAILED', async () => {
    const response = await raw(base, 'POST', '/graphql', {
      headers: JSON_HEADERS,
      body: JSON.stringify({ query: '{ resourceTypes { name }' }),
    });
    expect(response.status).toBe(400);
    const body = response.json();
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(body.errors[0].message).toMatch(/^Syntax Error: Expected Name, found <EOF>/);
  });

  it('a query over the token limit is HTTP 400, naming the limit', async () => {
    const aliases = Array.from({ length: 30 }, (_, i) => `a${i}: __typename`).join(' ');
    const response = await raw(base, 'POST', '/graphql', {
      headers: JSON_HEADERS,
      body: JSON.stringify({ query: `{ ${aliases} }` }),
    });
    expect(response.status).toBe(400);
    const body = response.json();
    expect(body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(body.errors[0].message).toMatch(/token limit of 50 exceeded/i);
  });

  /** What the server answers to these bytes, read until it closes the connection. */
  const answerTo = (bytes: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(new URL(base).port), '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
      socket.write(bytes);
    });

  it.each([
    ['bytes that are not HTTP', 'NOT HTTP AT ALL\r\n\r\n', '400 Bad Request', /Malformed HTTP request/],
    [
      'headers over 16 KB',
      `GET /health/live HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      '431 Request Header Fields Too Large',
      /headers are too large/,
    ],
  ])('%s get a JSON error and the connection is closed', async (_what, bytes, statusLine, message) => {
    const answer = await answerTo(bytes);
    expect(answer.startsWith(`HTTP/1.1 ${statusLine}\r\n`)).toBe(true);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(body.errors[0].extensions.code).toBe('BAD_REQUEST');
    expect(body.errors[0].message).toMatch(message);
  });
});

describe('HTTP edge: request ids', () => {
  let t: TestApp;
  let base: string;
  const logs = captureLogs();

  beforeAll(async () => {
    t = await startTestApp({}, { logger: logs.logger });
    base = (await t.app.listen(0, '127.0.0.1')).replace(/\/graphql$/, '');
  });
  afterAll(() => t.close());

  it.each([
    ['GET', '/health/live'],
    ['GET', '/health/ready'],
    ['GET', '/metrics'],
    ['GET', '/graphiql/assets/graphiql.min.css'],
    ['GET', '/nope'],
  ])('echoes a valid X-Request-Id on %s %s', async (method, path) => {
    const response = await raw(base, method, path, { headers: { 'x-request-id': 'client-id.42:a_b' } });
    expect(response.headers['x-request-id']).toBe('client-id.42:a_b');
  });

  it('a GraphQL request is logged and answered under the client id', async () => {
    const response = await raw(base, 'POST', '/graphql', {
      headers: { ...JSON_HEADERS, 'x-request-id': 'trace-1234' },
      body: JSON.stringify({ query: 'query Hello { __typename }', operationName: 'Hello' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers['x-request-id']).toBe('trace-1234');
    expect(logs.lines().filter((line) => line.requestId === 'trace-1234')).toEqual([
      expect.objectContaining({ msg: 'graphql request', operation: 'Hello' }),
    ]);
  });

  it.each([['has spaces in it'], ['x'.repeat(129)], ['<script>']])(
    'replaces an invalid X-Request-Id (%s) with a generated one, used in the logs too',
    async (given) => {
      const response = await raw(base, 'POST', '/graphql', {
        headers: { ...JSON_HEADERS, 'x-request-id': given },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      const id = response.headers['x-request-id'] as string;
      expect(id).toMatch(UUID);
      expect(logs.lines().filter((line) => line.requestId === id)).toHaveLength(1);
    },
  );
});
