import WebSocket from 'ws';
import { captureLogs, type CapturedLogs } from './support/log-capture';
import {
  listenersAtMost,
  listeningSubscriptions,
  wsClient,
  wsUrl,
  type WsClient,
} from './support/subscriptions';
import { ADMIN, headersOf, project, startTestApp, unique, type TestApp, type Who } from './support/test-app';

/**
 * GraphQL over WebSocket goes through the pipeline HTTP requests go through (issue 17, point 3): the same
 * limits, guards, introspection setting, metrics, logs and error codes, whatever the operation type; a page of
 * another origin cannot open a socket; and what one client can hold open is bounded (point 2).
 */
const as = (who: Who) => ({ headers: headersOf(who) as Record<string, string> });
const trait = () =>
  unique('CUSTOM_WS')
    .replace(/[^A-Z0-9_]/gi, '_')
    .toUpperCase();
const TRAITS = 'subscription { traitChanged { kind name trait { id name } } }';

/** The answer to a WebSocket upgrade with these headers: opened, or refused with a status and body. */
function upgrade(
  url: string,
  headers: Record<string, string>,
): Promise<{ opened: boolean; status?: number; body?: string }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, 'graphql-transport-ws', { headers });
    socket.on('open', () => {
      socket.close();
      resolve({ opened: true });
    });
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ opened: false, status: response.statusCode, body }));
    });
    socket.on('error', () => undefined);
  });
}

const codesOf = (outcome: { errors?: readonly { extensions?: Record<string, unknown> }[] }) =>
  (outcome.errors ?? []).map((error) => error.extensions?.code);

describe('GraphQL over WebSocket: the pipeline of HTTP', () => {
  let t: TestApp;
  let url: string;
  let client: WsClient;
  let logs: CapturedLogs;

  beforeAll(async () => {
    logs = captureLogs();
    t = await startTestApp({ INTROSPECTION: 'false', GRAPHQL_MAX_TOKENS: '300' }, { logger: logs.logger });
    url = await wsUrl(t);
    client = wsClient(url, as(ADMIN));
  });
  afterAll(async () => {
    await client.dispose();
    await t.close();
  });

  it('answers queries and mutations as HTTP does (next, then complete)', async () => {
    const name = trait();
    const created = await client.run({
      query: 'mutation WsCreate($name: String!) { createTrait(name: $name) { created trait { name } } }',
      variables: { name },
    });
    expect(created).toEqual({ results: [{ data: { createTrait: { created: true, trait: { name } } } }] });
    const read = await client.run({
      query: 'query WsRead($name: String!) { trait(name: $name) { name } }',
      variables: { name },
    });
    expect(read).toEqual({ results: [{ data: { trait: { name } } }] });
    // Over HTTP the same.
    expect((await t.ok('query ($name: String!) { trait(name: $name) { name } }', { name })).trait).toEqual({
      name,
    });
  });

  it('applies INTROSPECTION=false to every operation type', async () => {
    const outcome = await client.run({ query: '{ __schema { types { name } } }' });
    expect(codesOf(outcome)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(outcome.errors![0].message).toMatch(/introspection/i);
  });

  it('applies MAX_LIST_ITEMS: validateTraits with 40,000 names is refused naming the argument', async () => {
    const names = Array.from({ length: 40_000 }, (_, i) => `CUSTOM_N${i}`);
    const outcome = await client.run({
      query: 'query ($names: [String!]!) { validateTraits(names: $names) { valid } }',
      variables: { names },
    });
    expect(codesOf(outcome)).toEqual(['BAD_USER_INPUT']);
    expect(outcome.errors![0].extensions?.field).toBe('names');
  });

  it('applies the input guard to subscription arguments, inline and in variables', async () => {
    const inline = await client.run({
      query: 'subscription { catalogChanged(namespace: "a\\u0000b") { kind } }',
    });
    expect(codesOf(inline)).toEqual(['BAD_USER_INPUT']);
    expect(inline.errors![0].extensions?.field).toBe('namespace');
    const variable = await client.run({
      query: 'subscription ($ns: String) { catalogChanged(namespace: $ns) { kind } }',
      variables: { ns: 'a\u0000b' },
    });
    expect(codesOf(variable)).toEqual(['BAD_USER_INPUT']);
    expect(variable.errors![0].extensions?.field).toBe('namespace');
  });

  it('gives request errors their codes (parse, validation, coercion, token limit), logged without a stack', async () => {
    const before = logs.lines().length;
    const cases: [string, Record<string, unknown> | undefined, string][] = [
      ['{ traits(first: 1) { totalCount }', undefined, 'GRAPHQL_PARSE_FAILED'],
      ['{ nope }', undefined, 'GRAPHQL_VALIDATION_FAILED'],
      [
        'subscription ($uuid: UUID) { resourceProviderChanged(uuid: $uuid) { kind } }',
        { uuid: 'x' },
        'BAD_USER_INPUT',
      ],
      ['query ($n: Int) { traits(first: $n) { totalCount } }', { n: 'ten' }, 'BAD_USER_INPUT'],
      [`{ ${'a: __typename '.repeat(200)} }`, undefined, 'GRAPHQL_PARSE_FAILED'],
      ['subscription { traitChanged { nope } }', undefined, 'GRAPHQL_VALIDATION_FAILED'],
      // No operation picked (it was an internal error that closed the socket with 4500).
      ['query A { __typename } query B { __typename }', undefined, 'OPERATION_RESOLUTION_FAILURE'],
    ];
    for (const [query, variables, code] of cases) {
      const outcome = await client.run({ query, variables });
      expect({ query, codes: codesOf(outcome) }).toEqual({ query, codes: [code] });
    }
    const tokenLimit = await client.run({ query: `{ ${'a: __typename '.repeat(200)} }` });
    expect(tokenLimit.errors![0].message).toBe('Syntax Error: Token limit of 300 exceeded.');
    const coercion = await client.run({
      query: 'subscription ($uuid: UUID) { resourceProviderChanged(uuid: $uuid) { kind } }',
      variables: { uuid: 'x' },
    });
    expect(coercion.errors![0].extensions?.field).toBe('uuid');
    const logged = logs.lines().slice(before);
    expect(logged.filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(JSON.stringify(logged)).not.toMatch(/INTERNAL_SERVER_ERROR|"stack"/);
  });

  it('counts WebSocket operations in the metrics, by name and type', async () => {
    await client.run({ query: 'query WsCounted { __typename }' });
    await client.run({ query: 'query WsCounted { __typename }' });
    const text = await t.app.metrics.registry.getSingleMetricAsString('metacatalog_graphql_requests_total');
    expect(text).toMatch(
      /metacatalog_graphql_requests_total\{operation="WsCounted",type="query",status="ok"\} 2/,
    );
  });
});

describe('GraphQL over WebSocket: Origin', () => {
  let t: TestApp;
  let url: string;
  let base: string;

  beforeAll(async () => {
    // What `npm start` runs: every request is an admin, so a foreign page's socket would be one too.
    t = await startTestApp({
      AUTH_MODE: 'none',
      CORS_ORIGINS: 'https://horizon.example, https://*.apps.example',
    });
    url = await wsUrl(t);
    base = url.replace(/^ws/, 'http').replace(/\/graphql$/, '');
  });
  afterAll(() => t.close());

  it('refuses a page of another origin before the upgrade (HTTP 403), so it cannot write', async () => {
    for (const origin of [
      'http://evil.example',
      'null',
      'https://apps.example',
      'https://x.apps.example.evil',
    ]) {
      const answer = await upgrade(url, { origin });
      expect({ origin, ...answer, body: undefined }).toEqual({
        origin,
        opened: false,
        status: 403,
        body: undefined,
      });
      expect(JSON.parse(answer.body!).errors[0].extensions.code).toBe('FORBIDDEN');
    }
  });

  it("opens for the service's own pages, the listed origins, and clients that are not pages", async () => {
    for (const origin of [base, 'https://horizon.example', 'https://one.apps.example', undefined]) {
      expect({ origin, ...(await upgrade(url, origin ? { origin } : {})) }).toEqual({ origin, opened: true });
    }
    // A socket from the service's own page acts (here as the admin AUTH_MODE=none makes everyone).
    const own = wsClient(url, { headers: { origin: base } });
    const name = trait();
    expect(await own.run({ query: `mutation { createTrait(name: "${name}") { created } }` })).toEqual({
      results: [{ data: { createTrait: { created: true } } }],
    });
    await own.dispose();
  });
});

describe('GraphQL over WebSocket: bounds', () => {
  let t: TestApp;
  let url: string;
  const sockets: WsClient[] = [];
  const open = (who: Who) => {
    const socket = wsClient(url, as(who));
    sockets.push(socket);
    return socket;
  };
  const gauge = async () =>
    Number(
      (await t.app.metrics.registry.getSingleMetricAsString('metacatalog_subscriptions')).match(
        /^metacatalog_subscriptions (\d+)$/m,
      )![1],
    );

  beforeAll(async () => {
    t = await startTestApp({
      SUBSCRIPTIONS_PER_SOCKET: '3',
      SUBSCRIPTIONS_PER_IDENTITY: '5',
      SUBSCRIPTIONS_PER_INSTANCE: '8',
      WEBSOCKET_MAX_CONNECTIONS: '4',
    });
    url = await wsUrl(t);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.dispose()));
    await t.close();
  });

  it('caps subscriptions per socket, per identity and per instance, and sockets per instance', async () => {
    const p1 = project('ws-p1');
    const baseline = t.app.changes.listenerCount;
    const first = open(p1);
    const held = [
      first.start({ query: TRAITS }),
      first.start({ query: TRAITS }),
      first.start({ query: TRAITS }),
    ];
    await listeningSubscriptions(t, baseline, 3);

    const perSocket = await first.run({ query: TRAITS });
    expect(codesOf(perSocket)).toEqual(['LIMIT_EXCEEDED']);
    expect(perSocket.errors![0].extensions).toMatchObject({ limit: 'SUBSCRIPTIONS_PER_SOCKET', max: 3 });
    // Queries on that socket are not subscriptions: still answered.
    expect(await first.run({ query: '{ __typename }' })).toEqual({
      results: [{ data: { __typename: 'Query' } }],
    });

    // Completing one frees its place.
    held[0].stop();
    await held[0].outcome;
    await listenersAtMost(t, baseline + 2);
    held[0] = first.start({ query: TRAITS });
    await listeningSubscriptions(t, baseline, 3);

    const second = open(p1);
    second.start({ query: TRAITS });
    second.start({ query: TRAITS });
    await listeningSubscriptions(t, baseline, 5);
    const perIdentity = await second.run({ query: TRAITS });
    expect(perIdentity.errors![0].extensions).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      limit: 'SUBSCRIPTIONS_PER_IDENTITY',
      max: 5,
    });

    const third = open(project('ws-p2'));
    for (let i = 0; i < 3; i += 1) third.start({ query: TRAITS });
    await listeningSubscriptions(t, baseline, 8);
    expect(await gauge()).toBe(8);
    const fourth = open(project('ws-p3'));
    const perInstance = await fourth.run({ query: TRAITS });
    expect(perInstance.errors![0].extensions).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      limit: 'SUBSCRIPTIONS_PER_INSTANCE',
      max: 8,
    });

    // A fifth socket: refused before the upgrade.
    const fifth = await upgrade(url, headersOf(ADMIN) as Record<string, string>);
    expect(fifth).toMatchObject({ opened: false, status: 503 });
    expect(JSON.parse(fifth.body!).errors[0].message).toMatch(/WEBSOCKET_MAX_CONNECTIONS/);

    // Closing a socket releases everything it held.
    await first.dispose();
    while ((await gauge()) > 5) await new Promise((resolve) => setTimeout(resolve, 10));
    const now = fourth.start({ query: TRAITS });
    await listeningSubscriptions(t, baseline, 6);
    const name = trait();
    await t.ok(`mutation { createTrait(name: "${name}") { created } }`);
    while (!now.results.length) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(now.results[0]).toEqual({
      data: { traitChanged: { kind: 'CREATED', name, trait: { id: expect.any(String), name } } },
    });
  });
});

describe('GraphQL over WebSocket: the work of one event', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp({ SUBSCRIPTIONS_PER_SOCKET: '1000', SUBSCRIPTIONS_PER_IDENTITY: '1000' });
    url = await wsUrl(t);
  });
  afterAll(() => t.close());

  it('loads the changed node once per audience, not once per subscriber', async () => {
    const audiences = [project('share-a'), project('share-b')];
    const sockets = audiences.map((who) => wsClient(url, as(who)));
    const baseline = t.app.changes.listenerCount;
    const subscriptions = sockets.flatMap((socket) =>
      Array.from({ length: 150 }, () => socket.start({ query: TRAITS })),
    );
    await listeningSubscriptions(t, baseline, 300);
    const name = trait();
    const { count, statements } = await t.app.database.counter.measure(async () => {
      await t.ok(`mutation { createTrait(name: "${name}") { created } }`);
      while (subscriptions.some((subscription) => !subscription.results.length)) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
    for (const subscription of subscriptions) {
      expect(subscription.results).toEqual([
        { data: { traitChanged: { kind: 'CREATED', name, trait: { id: expect.any(String), name } } } },
      ]);
    }
    // The write's own statements, and the trait loaded once for each of the two audiences.
    const loads = statements.filter((sql) => /FROM "?traits"?/i.test(sql) && !/INSERT/i.test(sql));
    expect(loads.length).toBeLessThanOrEqual(2 + 2);
    expect(count).toBeLessThan(30);
    await Promise.all(sockets.map((socket) => socket.dispose()));
  });
});
