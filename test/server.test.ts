import { bodyOf, startTestApp, type TestApp } from './support/test-app';

/** The HTTP surface: GraphQL over HTTP, GraphiQL, health, metrics and query limits. */
describe('HTTP server', () => {
  let t: TestApp;
  let url: string;
  const base = () => url.replace(/\/graphql$/, '');
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-project-id': 'p1', 'x-roles': 'admin', ...headers },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    t = await startTestApp({ GRAPHQL_MAX_DEPTH: '5', GRAPHQL_MAX_ALIASES: '3' });
    url = await t.app.listen(0, '127.0.0.1');
  });
  afterAll(() => t.close());

  it('answers POST /graphql with JSON', async () => {
    const response = await post({ query: '{ resourceTypes { name } }' });
    expect(response.status).toBe(200);
    const body = await bodyOf(response);
    expect(body.data.resourceTypes).toContainEqual({ name: 'OS::Nova::Flavor' });
  });

  it('answers GET /graphql queries (GraphQL over HTTP)', async () => {
    const query = encodeURIComponent('{ resourceTypes { name } }');
    const response = await fetch(`${url}?query=${query}`, {
      headers: { 'x-project-id': 'p1', 'apollo-require-preflight': 'true' },
    });
    expect(response.status).toBe(200);
    expect((await bodyOf(response)).data.resourceTypes.length).toBeGreaterThanOrEqual(5);
  });

  it('refuses mutations over GET', async () => {
    const query = encodeURIComponent('mutation { deleteNamespace(name: "x") }');
    const response = await fetch(`${url}?query=${query}`, {
      headers: { 'x-project-id': 'p1', 'x-roles': 'admin', 'apollo-require-preflight': 'true' },
    });
    expect(response.status).toBe(405);
  });

  it('serves GraphiQL to a browser, with its assets from the project itself', async () => {
    const page = await fetch(url, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('GraphiQL');
    expect(html).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/);
    const scripts = [...html.matchAll(/(?:src|href)="(graphiql\/assets\/[^"]+)"/g)].map((m) => m[1]);
    // GraphiQL 5 as the project's Vite built it: its entry script and its styles (the rest it imports itself).
    expect(scripts).toEqual(
      expect.arrayContaining([expect.stringMatching(/\.js$/), expect.stringMatching(/\.css$/)]),
    );
    // Its settings in a JSON block its script reads (no inline script).
    expect(html).toMatch(/<script id="graphiql-settings" type="application\/json">\{/);
    for (const asset of scripts) {
      const response = await fetch(new URL(asset, url));
      expect(response.status).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
    expect((await fetch(`${base()}/graphiql/assets/nope.js`)).status).toBe(404);
  });

  it('reports liveness and readiness', async () => {
    const live = await fetch(`${base()}/health/live`);
    expect(live.status).toBe(200);
    const ready = await fetch(`${base()}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await bodyOf(ready)).toEqual({ status: 'ok', database: 'ok', feed: 'ok' });
  });

  it('exposes Prometheus metrics: requests and latency by operation, errors by code', async () => {
    await post({ query: 'query ListTypes { resourceTypes { name } }', operationName: 'ListTypes' });
    await post({ query: 'query Missing { namespace(name: "x") { name } nope }' });
    const response = await fetch(`${base()}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(
      /metacatalog_graphql_requests_total\{operation="ListTypes",type="query",status="ok"\} [1-9]/,
    );
    expect(text).toMatch(
      /metacatalog_graphql_request_duration_seconds_bucket\{le="[^"]+",operation="ListTypes",type="query"\}/,
    );
    expect(text).toMatch(/metacatalog_graphql_errors_total\{code="GRAPHQL_VALIDATION_FAILED"\} [1-9]/);
    expect(text).toMatch(/^process_cpu_seconds_total /m);
  });

  it('rejects too deep queries, saying which limit was exceeded', async () => {
    const deep = `{ resourceTypes { namespaces { nodes { resourceTypeAssociations { name } } edges { node { name } } } } }`;
    const ok = await bodyOf(post({ query: deep }));
    expect(ok.errors).toBeUndefined();
    const tooDeep = `{ resourceTypes { namespaces { edges { node { resourceTypeAssociations { name } } } } } }`;
    const body = await bodyOf(post({ query: tooDeep }));
    expect(body.errors[0].message).toMatch(/depth limit of 5/i);
  });

  it('rejects too many aliases, saying which limit was exceeded', async () => {
    const query = `{ a: resourceTypes { name } b: resourceTypes { name } c: resourceTypes { name } d: resourceTypes { name } }`;
    const body = await bodyOf(post({ query }));
    expect(body.errors[0].message).toMatch(/aliases limit of 3/i);
  });

  it('answers introspection by default', async () => {
    const body = await bodyOf(post({ query: '{ __schema { queryType { name } } }' }));
    expect(body.data.__schema.queryType.name).toBe('Query');
  });

  it('never shows a stack trace or SQL for bad input', async () => {
    const body = await bodyOf(post({ query: 'mutation { createNamespace(input: { name: "" }) { id } }' }));
    expect(body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.name' });
    expect(JSON.stringify(body)).not.toMatch(/stacktrace|SELECT|INSERT/);
  });

  it('requires X-Project-Id in headers mode (UNAUTHENTICATED, HTTP 401)', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ resourceTypes { name } }' }),
    });
    expect(response.status).toBe(401);
    const body = await bodyOf(response);
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('HTTP server with introspection and GraphiQL off', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp({ INTROSPECTION: 'false', GRAPHIQL: 'false' });
    url = await t.app.listen(0, '127.0.0.1');
  });
  afterAll(() => t.close());

  it('refuses introspection', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-project-id': 'p1' },
      body: JSON.stringify({ query: '{ __schema { queryType { name } } }' }),
    });
    const body = await bodyOf(response);
    expect(body.errors[0].message).toMatch(/introspection/i);
  });

  it('does not serve GraphiQL', async () => {
    const page = await fetch(url, { headers: { accept: 'text/html' } });
    expect(await page.text()).not.toContain('GraphiQL.createFetcher');
  });
});

describe('query cost limit (defaults)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const FIELDS =
    'name title description type default enum minimum maximum readonly operators items { type enum }';
  const catalog = (alias: string) =>
    `${alias}: namespaces(first: 500) { totalCount nodes { name displayName description visibility protected owner
      resourceTypeAssociations { name prefix propertiesTarget } properties { ${FIELDS} }
      objects { name description required properties { ${FIELDS} } } tags { name } } }`;

  it('accepts what a UI does on load: the whole catalog at the largest page size', async () => {
    const result = await t.gql(`{ ${catalog('all')} }`);
    expect(result.errors).toBeUndefined();
  });

  it('refuses a query costing more, saying so', async () => {
    const result = await t.gql(`{ ${catalog('a')} ${catalog('b')} }`);
    expect(result.errors?.[0].message).toMatch(/Query Cost limit of 100000 exceeded/);
  });
});
