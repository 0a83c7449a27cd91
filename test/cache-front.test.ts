import { createNamespace } from './support/factories';
import { captureLogs } from './support/log-capture';
import { raw, type RawResponse } from './support/raw-http';
import { ADMIN, headersOf, project, startTestApp, unique, type TestApp, type Who } from './support/test-app';

/**
 * The answer cache's front (src/app/cache-front.ts): a POST whose query text the pipeline has resolved before to a
 * cacheable operation is answered from the cache by the HTTP layer, with what the pipeline's own hit would send
 * (the same bytes and headers), counted and logged as a hit; everything else (a miss, a body with more than
 * query, operationName and variables, a refused identity) goes through the pipeline as before.
 */
const TRAITS = `query Traits($prefix: String!) { traits(first: 5, filter: { startsWith: $prefix }) { nodes { name } } }`;
const NAMESPACES = `query Mine { namespaces(first: 100) { nodes { name visibility } } }`;

describe('the answer cache answers repeated POSTs before the pipeline', () => {
  let t: TestApp;
  let base: string;
  const logs = captureLogs();
  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: 'info' }, { logger: logs.logger });
    base = (await t.app.listen(0, '127.0.0.1')).replace(/\/graphql$/, '');
  });
  afterAll(() => t.close());

  const post = (body: unknown, who: Who | null = ADMIN, headers: Record<string, string> = {}) =>
    raw(base, 'POST', '/graphql', {
      headers: {
        'content-type': 'application/json',
        ...(who ? (headersOf(who) as Record<string, string>) : {}),
        ...headers,
      },
      body: JSON.stringify(body),
    });
  /** Headers as the client sees them, without those that differ between any two responses. */
  const stable = (response: RawResponse) => {
    const {
      date,
      'x-request-id': requestId,
      'x-openstack-request-id': osRequestId,
      ...rest
    } = response.headers;
    void date;
    void requestId;
    void osRequestId;
    return rest;
  };
  const front = () => t.app.front!.answered;
  const metric = async (series: string) => {
    const text = await (await fetch(`${base}/metrics`)).text();
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
    if (!line) throw new Error(`no sample ${series}`);
    return Number(line.slice(series.length + 1));
  };

  it('sends the bytes and headers the pipeline sends for the same hit, counted and logged as a hit', async () => {
    expect(t.app.front).toBeDefined();
    const body = { query: TRAITS, variables: { prefix: 'HW_CPU_X86_AV' }, operationName: 'Traits' };
    const computed = await post(body);
    expect(computed.status).toBe(200);
    expect(computed.json().data.traits.nodes.length).toBeGreaterThan(0);
    // A body with another member goes through the pipeline: the pipeline's own hit.
    const before = front();
    const pipelineHit = await post({ ...body, extensions: {} });
    expect(front()).toBe(before);
    const hits = await metric('metacatalog_catalog_cache_hits_total');
    const requests = await metric(
      'metacatalog_graphql_requests_total{operation="Traits",type="query",status="ok"}',
    );
    const linesBefore = logs.lines().length;
    const fronted = await post(body);
    expect(front()).toBe(before + 1);
    expect(fronted.status).toBe(200);
    expect(fronted.text).toBe(pipelineHit.text);
    expect(fronted.text).toBe(computed.text);
    expect(stable(fronted)).toEqual(stable(pipelineHit));
    expect(await metric('metacatalog_catalog_cache_hits_total')).toBe(hits + 1);
    expect(
      await metric('metacatalog_graphql_requests_total{operation="Traits",type="query",status="ok"}'),
    ).toBe(requests + 1);
    const line = logs
      .lines()
      .slice(linesBefore)
      .find((entry) => entry.msg === 'graphql request');
    expect(line).toMatchObject({ operation: 'Traits', type: 'query', ms: expect.any(Number) });
  });

  it('answers with the Content-Type the pipeline gives for the Accept header sent', async () => {
    const body = { query: TRAITS, variables: { prefix: 'HW_CPU_X86_SS' } };
    await post(body);
    const accept = { accept: 'application/graphql-response+json' };
    const first = await post(body, ADMIN, accept);
    const before = front();
    const second = await post(body, ADMIN, accept);
    expect(front()).toBe(before + 1);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['content-type']).toMatch(/^application\/graphql-response\+json/);
    expect((await post(body)).headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers other variables, and a write, from the data they read', async () => {
    const prefix = `CUSTOM_FRONT_${Date.now()}`;
    const body = { query: TRAITS, variables: { prefix } };
    expect((await post(body)).json().data.traits.nodes).toEqual([]);
    expect((await post(body)).json().data.traits.nodes).toEqual([]);
    await t.ok(`mutation ($name: String!) { createTrait(name: $name) { created } }`, { name: `${prefix}_A` });
    const before = front();
    const after = await post(body);
    // The versions changed: computed by the pipeline, then answered here again.
    expect(after.json().data.traits.nodes).toEqual([{ name: `${prefix}_A` }]);
    expect(front()).toBe(before);
    expect((await post(body)).json()).toEqual(after.json());
    expect(front()).toBe(before + 1);
    const other = await post({ query: TRAITS, variables: { prefix: `${prefix}_B` } });
    expect(other.json().data.traits.nodes).toEqual([]);
  });

  it("answers each audience its own answer: another project never gets the owner's private namespace", async () => {
    const owner = project(unique('front-owner'));
    const other = project(unique('front-other'));
    const ns = await createNamespace(t, { owner: owner.project, visibility: 'PRIVATE' });
    const names = (response: RawResponse) =>
      (response.json().data.namespaces.nodes as { name: string }[]).map((node) => node.name);
    expect(names(await post({ query: NAMESPACES }, owner))).toContain(ns);
    expect(names(await post({ query: NAMESPACES }, owner))).toContain(ns);
    const before = front();
    expect(names(await post({ query: NAMESPACES }, other))).not.toContain(ns);
    expect(names(await post({ query: NAMESPACES }, other))).not.toContain(ns);
    expect(front()).toBe(before + 1);
  });

  it("computes a miss at the versions the front read, which the request's context carries to the pipeline", async () => {
    const variables = { prefix: 'HW_CPU_X86_SSE' };
    await post({ query: TRAITS, variables });
    const execute = async (cacheVersions?: string) => {
      const contextValue = await t.app.contextFor(headersOf(ADMIN));
      contextValue.cacheVersions = cacheVersions;
      const response = await t.app.apollo.executeOperation({ query: TRAITS, variables }, { contextValue });
      expect(response.body.kind === 'single' && response.body.singleResult.errors).toBeUndefined();
    };
    const hits = await metric('metacatalog_catalog_cache_hits_total');
    const misses = await metric('metacatalog_catalog_cache_misses_total');
    // Versions read by the pipeline itself: the current ones, a hit.
    await execute();
    expect(await metric('metacatalog_catalog_cache_hits_total')).toBe(hits + 1);
    // Versions on the context are the ones used (not read again): none of the kept answers is at these.
    await execute('catalog:0');
    expect(await metric('metacatalog_catalog_cache_misses_total')).toBe(misses + 1);
    expect(await metric('metacatalog_catalog_cache_hits_total')).toBe(hits + 1);
  });

  it('leaves a refused identity and a wrong operation name to the pipeline, with its answers', async () => {
    const body = { query: TRAITS, variables: { prefix: 'HW_' } };
    await post(body);
    const before = front();
    const anonymous = await post(body, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json().errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const wrongName = await post({ ...body, operationName: `Traits\n${unique('x')}` });
    expect(wrongName.status).toBe(400);
    expect(wrongName.json().errors[0].extensions.code).toBe('OPERATION_RESOLUTION_FAILURE');
    expect(front()).toBe(before);
  });

  it('leaves variables too deep to key to the pipeline, which refuses them (never a 500)', async () => {
    await post({ query: TRAITS, variables: { prefix: 'HW_' } });
    const depth = 200_000;
    const deep = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const response = await raw(base, 'POST', '/graphql', {
      headers: { 'content-type': 'application/json', ...(headersOf(ADMIN) as Record<string, string>) },
      body: `{"query":${JSON.stringify(TRAITS)},"variables":{"prefix":${deep}}}`,
    });
    expect(response.status).toBe(400);
    expect(response.json().errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});
