import WebSocket from 'ws';
import { buildClientSchema, getIntrospectionQuery, type GraphQLObjectType } from 'graphql';
import {
  fuzzOperation,
  prng,
  requestBody,
  withOperationNames,
  type FuzzOperation,
  type Plausible,
  type Random,
} from './support/fuzz';
import { raw, type RawResponse } from './support/raw-http';
import { ADMIN, headersOf, startTestApp, type TestApp } from './support/test-app';

/** How many cases (FUZZ_CASES=50000 for a long run) and from which seed (FUZZ_SEED, to reproduce a run). */
const CASES = Number(process.env.FUZZ_CASES ?? 3000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

/** What a response must never show: a stack frame, SQL, a source or file path, a JavaScript error name. */
const LEAK =
  /\bat .+\.(ts|js):\d+|\bSELECT\b|INSERT INTO|\bUPDATE\b.*\bSET\b|DELETE FROM|node_modules|\/src\/|\/work\/|QueryFailedError|TypeError|RangeError|ReferenceError|SQLSTATE/;

/**
 * The codes of a request refused before anything executed (parse, validation, the input guard, the operation's
 * choice): what a request whose operationName picks no operation must get, never a resolver's code.
 */
const REFUSED_UNRUN = new Set([
  'OPERATION_RESOLUTION_FAILURE',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'BAD_USER_INPUT',
]);

/** Why errors of a request that picked no operation are not a refusal before execution (none when they are). */
function ranAnyway(
  errors: readonly { path?: unknown; extensions?: { code?: unknown } }[] | undefined,
): string[] {
  if (!errors?.length) return ['no error'];
  return errors.flatMap((error) => [
    ...(error.path ? [`an error at ${JSON.stringify(error.path)}`] : []),
    ...(REFUSED_UNRUN.has(String(error.extensions?.code)) ? [] : [`code ${String(error.extensions?.code)}`]),
  ]);
}

/** About one case in seven gets its operation names fuzzed (withOperationNames), counted in the tally. */
function someNamed(
  operation: FuzzOperation,
  random: Random,
  tally: { names: number; picksNone: number },
): { operation: FuzzOperation; picksNone: boolean } {
  if (!random.chance(0.15)) return { operation, picksNone: false };
  const named = withOperationNames(operation, random);
  tally.names += 1;
  if (!named.picks) tally.picksNone += 1;
  return { operation: named.operation, picksNone: !named.picks };
}

const ADMIN_HEADERS = { ...(headersOf(ADMIN) as Record<string, string>), 'content-type': 'application/json' };

/** Requests that never get to be GraphQL: bodies, charsets, methods, sizes, content types. */
function rawCase(random: Random): {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
} {
  const query = random.pick([
    '{ __typename }',
    '{ traits(first: 1) { totalCount } }',
    'mutation { __typename }',
  ]);
  // The sizes are drawn as before, in the same order; only the body picked is written (one of them is 2 MB).
  const braces = random.pick([10, 3000]);
  const aliases = random.pick([16, 200]);
  const variableLength = random.pick([1000, 2 * 1024 * 1024 + 1]);
  const bodies: Array<() => string> = [
    () => '{"query": "{ __typename }"',
    () => '',
    () => 'null',
    () => '[]',
    () => '"text"',
    () => '5',
    () => JSON.stringify([{ query }, { query }]),
    () => JSON.stringify({ query: 5 }),
    () => JSON.stringify({ query, variables: 'x' }),
    () => JSON.stringify({ query, variables: [1] }),
    () => JSON.stringify({ query, operationName: 7 }),
    () => JSON.stringify({ query, extensions: { persistedQuery: { version: 1, sha256Hash: 'x' } } }),
    () => JSON.stringify({ query: `${query} ${query}` }),
    () => JSON.stringify({ query: 'query A { __typename } query B { __typename }' }),
    () => JSON.stringify({ query: 'query A { __typename } query B { __typename }', operationName: 'C' }),
    () => JSON.stringify({ query: '{'.repeat(braces) }),
    () => JSON.stringify({ query: `{ ${'a: __typename '.repeat(aliases)} }` }),
    () =>
      JSON.stringify({
        query: '{ __schema { types { fields { type { ofType { ofType { ofType { name } } } } } } } }',
      }),
    () => JSON.stringify({ query, variables: { x: 'x'.repeat(variableLength) } }),
    () => '\ufeff{"query": "{ __typename }"}',
    () => Buffer.from([0xff, 0xfe, 0x00, 0x7b]).toString('latin1'),
    () => `{"query": "{ __typename }", "variables": ${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
  ];
  const contentTypes = [
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=latin1',
    'application/json; charset="utf-16"',
    'application/graphql-response+json',
    'text/plain',
    'multipart/form-data; boundary=x',
    'application/x-www-form-urlencoded',
    '',
  ];
  const method = random.pick(['POST', 'POST', 'POST', 'GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']);
  const contentType = random.pick(contentTypes);
  const headers: Record<string, string> = { ...(headersOf(ADMIN) as Record<string, string>) };
  if (contentType) headers['content-type'] = contentType;
  if (random.chance(0.2)) headers['x-request-id'] = random.pick(['ok-id', 'x'.repeat(300), 'bad id\t']);
  if (random.chance(0.1)) headers['apollo-require-preflight'] = 'true';
  const path =
    method === 'GET' || random.chance(0.1)
      ? random.pick([
          `/graphql?query=${encodeURIComponent(query)}`,
          '/graphql?query=%7B',
          '/graphql?query={__typename}&variables=%7Bx',
          '/graphql?extensions=[',
          '/graphql',
          '/health/ready',
          '/metrics',
          '/nope',
          '/graphql/../health/live',
          '/%zz',
        ])
      : '/graphql';
  return {
    method,
    path,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : random.pick(bodies)(),
  };
}

/**
 * The guard against internal errors for bad input (issue 8): from the schema's own introspection, every
 * argument of every query and mutation gets wrong types, huge and empty strings, NUL and control characters,
 * lone surrogates, deep JSON, long lists, negative and huge numbers, forged cursors and ids, as variables and
 * written inline, as an admin (so that mutations get past authorization); operation names that pick no operation
 * (then nothing may run: HTTP 400, refused before execution); plus raw HTTP. No response may be
 * an INTERNAL_SERVER_ERROR, an HTTP 5xx, or show a stack, SQL or a file path. Deterministic: a failure names
 * its seed and case number.
 */
describe('fuzz: no internal error for any input', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp();
    base = (await t.app.listen(0, '127.0.0.1')).replace(/\/graphql$/, '');
  });
  afterAll(() => t.close());

  /** Data to aim at, so that cases reach past NOT_FOUND: a namespace with all it holds, a resource, a provider. */
  async function plausibleValues(): Promise<Plausible> {
    await t.ok(
      `mutation {
        createNamespace(input: {
          name: "fuzz-ns", displayName: "Fuzz", visibility: PUBLIC, tags: ["fuzz-tag", "other"],
          resourceTypeAssociations: [{ name: "OS::Nova::Flavor", prefix: "fz:" }],
          properties: [{ name: "fuzz_prop", title: "P", type: STRING, enum: ["a", "b"] }],
          objects: [{ name: "fuzz-object", properties: [{ name: "inner", title: "I", type: INTEGER, minimum: 1 }] }]
        }) { name }
        createTrait(name: "CUSTOM_FUZZ") { created }
      }`,
    );
    const made = await t.ok(
      `mutation {
        r: createResource(input: { resourceType: "OS::Nova::Flavor", name: "fuzz-resource", tags: ["fuzz-tag"],
          properties: { fz_key: "v" } }) { uuid id }
        p: createResourceProvider(input: { name: "fuzz-provider" }) { uuid id }
      }`,
    );
    const lists = await t.ok(`{
      traits(first: 2) { edges { cursor node { id name } } }
      namespaces(first: 2) { edges { cursor node { id name } } }
      resources(first: 2) { edges { cursor } }
      resourceProviders(first: 2) { edges { cursor } }
      searchProperties(query: "cpu", first: 1) { edges { cursor } }
      resourceTagUsage(first: 1) { edges { cursor } }
      namespace(name: "fuzz-ns") { id properties { id } objects { id } tags { id } }
    }`);
    const edges = Object.values(lists).flatMap(
      (list) => (list as { edges?: { cursor: string }[] }).edges ?? [],
    );
    return {
      strings: [
        'fuzz-ns',
        'fuzz_prop',
        'fuzz-object',
        'fuzz-tag',
        'CUSTOM_FUZZ',
        'OS::Nova::Flavor',
        'OS::Glance::Image',
        'OS::Cinder::Volume',
        'hw_cpu_cores',
        'fuzz-provider',
        'fuzz-resource',
        'admin-project',
      ],
      uuids: [made.r.uuid, made.p.uuid],
      ids: [
        made.r.id,
        made.p.id,
        lists.namespace.id,
        lists.namespace.properties[0].id,
        lists.namespace.objects[0].id,
        lists.namespace.tags[0].id,
        lists.traits.edges[0].node.id,
      ],
      cursors: edges.map((edge) => edge.cursor),
    };
  }

  /** `picksNone`: its operationName picks no operation, so nothing may run (HTTP 400, no data). */
  function problemsOf(status: number, text: string, method: string, picksNone = false): string[] {
    const problems: string[] = [];
    if (status >= 500) problems.push(`HTTP ${status}`);
    if (picksNone && status !== 400) problems.push(`HTTP ${status} for an operation name that picks none`);
    const leak = text.match(LEAK);
    if (leak) problems.push(`leaks "${leak[0]}"`);
    // Bodies are JSON, but for HEAD, GraphiQL's page and /metrics (Prometheus text).
    if (method === 'HEAD' || !text || text.startsWith('<!') || text.startsWith('# ')) return problems;
    try {
      const body = JSON.parse(text) as {
        data?: unknown;
        errors?: { path?: unknown; extensions?: { code?: string } }[];
      };
      if (body.errors?.some((error) => error.extensions?.code === 'INTERNAL_SERVER_ERROR'))
        problems.push('INTERNAL_SERVER_ERROR');
      if (picksNone && 'data' in body) problems.push('data for an operation name that picks none');
      if (picksNone) problems.push(...ranAnyway(body.errors));
    } catch {
      problems.push('not JSON');
    }
    return problems;
  }

  it(
    `answers ${CASES} hostile requests (seed ${SEED}) without an internal error, a 5xx or a leak`,
    async () => {
      const schema = buildClientSchema((await t.ok(getIntrospectionQuery())) as never);
      const roots: Array<['query' | 'mutation', GraphQLObjectType]> = [
        ['query', schema.getQueryType()!],
        ['mutation', schema.getMutationType()!],
      ];
      const fields = roots.flatMap(([kind, type]) =>
        Object.values(type.getFields()).map((field) => ({ kind, field })),
      );
      const plausible = await plausibleValues();
      const random = prng(SEED);
      const failures: string[] = [];
      const tally = { graphql: 0, inline: 0, raw: 0, refused: 0, names: 0, picksNone: 0 };

      for (let n = 0; n < CASES; n += 1) {
        let request: { method: string; path: string; headers: Record<string, string>; body?: string };
        let picksNone = false;
        if (random.chance(0.1)) {
          request = rawCase(random);
          tally.raw += 1;
        } else {
          const { kind, field } = random.pick(fields);
          const inline = random.chance(0.4);
          const named = someNamed(fuzzOperation(kind, field, random, plausible, inline), random, tally);
          const { operation } = named;
          picksNone = named.picksNone;
          request = {
            method: 'POST',
            path: '/graphql',
            headers: ADMIN_HEADERS,
            body: requestBody(operation),
          };
          tally.graphql += 1;
          if (inline) tally.inline += 1;
        }
        let response: RawResponse;
        try {
          response = await raw(base, request.method, request.path, request);
        } catch (error) {
          failures.push(`case ${n}: ${(error as Error).message} for ${request.method} ${request.path}`);
          continue;
        }
        if (response.status >= 400) tally.refused += 1;
        const problems = problemsOf(response.status, response.text, request.method, picksNone);
        if (problems.length) {
          failures.push(
            `case ${n} (FUZZ_SEED=${SEED}): ${problems.join(', ')}\n  ${request.method} ${request.path} ` +
              `${(request.body ?? '').slice(0, 600)}\n  → ${response.status} ${response.text.slice(0, 400)}`,
          );
        }
      }
      // Visible with --verbose; the report of a long run quotes it.
      console.log(
        `fuzz: ${CASES} cases (seed ${SEED}): ${JSON.stringify(tally)}, ${failures.length} failures`,
      );
      expect(failures.slice(0, 10)).toEqual([]);
    },
    Math.max(900_000, CASES * 150),
  );
});

/**
 * The same over WebSocket (issue 17): fuzzed queries, mutations and subscriptions as graphql-ws subscribe
 * messages, and frames that are not the protocol at all, on raw sockets. No message may carry an
 * INTERNAL_SERVER_ERROR or a leak, no socket may be closed as an internal error (4500, 1011), and subscriptions
 * watching every change with full selections meanwhile never get one either.
 */
describe('fuzz over WebSocket: no internal error for any frame', () => {
  const WS_CASES = Number(process.env.FUZZ_WS_CASES ?? 1200);
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp({ SUBSCRIPTIONS_PER_SOCKET: '1000', SUBSCRIPTIONS_PER_IDENTITY: '1000' });
    url = (await t.app.listen(0, '127.0.0.1')).replace(/^http/, 'ws');
  });
  afterAll(() => t.close());

  interface Socket {
    ws: WebSocket;
    messages: { id?: string; type: string; payload?: unknown }[];
    closed?: { code: number; reason: string };
    send(message: unknown): void;
    /** Waits until `done` holds for the messages so far, or the socket closes; false after 30 s without. */
    until(done: () => boolean): Promise<boolean>;
  }

  async function open(): Promise<Socket> {
    const ws = new WebSocket(url, 'graphql-transport-ws', {
      headers: headersOf(ADMIN) as Record<string, string>,
    });
    const socket: Socket = {
      ws,
      messages: [],
      send: (message) => ws.send(typeof message === 'string' ? message : requestBody(message as never)),
      async until(done) {
        const deadline = Date.now() + 30_000;
        while (!done() && !socket.closed) {
          if (Date.now() > deadline) return false;
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
        return true;
      },
    };
    ws.on('message', (data: Buffer) => socket.messages.push(JSON.parse(data.toString())));
    ws.on('close', (code: number, reason: Buffer) => (socket.closed = { code, reason: reason.toString() }));
    ws.on('error', () => undefined);
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ type: 'connection_init', payload: {} }));
    await socket.until(() => socket.messages.some((message) => message.type === 'connection_ack'));
    return socket;
  }

  const WATCH = [
    'subscription { catalogChanged { __typename kind id nodeType namespace node { __typename id ... on Namespace { name visibility properties { name } } ... on PropertyDefinition { name title type } ... on MetadefObject { name } ... on MetadefTag { name } } } }',
    'subscription { traitChanged { __typename kind id name trait { id name standard } } }',
    'subscription { resourceProviderChanged { __typename kind id uuid generation resourceProvider { uuid name generation traits { name } parent { uuid } } } }',
    'subscription { resourceChanged { __typename kind id uuid resourceType projectId resource { uuid name tags properties } } }',
  ];

  /**
   * Frames that are not a well-formed subscribe: each may close the socket (then a new one is opened). The sizes
   * are drawn first, in a fixed order; only the frame picked is written (one of them is 1 MB).
   */
  const rawFrames = (random: Random, id: string): Array<() => string | Buffer> => {
    const aliases = random.pick([40, 3000]);
    const braces = random.pick([10, 5000]);
    const variableLength = random.pick([10, 1024 * 1024]);
    return [
      () => '{"type":"subscribe"',
      () => 'null',
      () => '[]',
      () => JSON.stringify({ type: 'subscribe', payload: { query: '{ __typename }' } }),
      () => JSON.stringify({ id, type: 'subscribe', payload: { query: 5 } }),
      () => JSON.stringify({ id, type: 'subscribe', payload: { query: '{ __typename }', variables: 'x' } }),
      () => JSON.stringify({ id, type: 'subscribe', payload: { query: '{ __typename }', operationName: 7 } }),
      () => JSON.stringify({ id, type: 'subscribe', payload: { query: '{ __typename }', extensions: [] } }),
      () =>
        JSON.stringify({
          id,
          type: 'subscribe',
          payload: {
            query: '{ __typename }',
            extensions: { persistedQuery: { version: 1, sha256Hash: 'x' } },
          },
        }),
      () =>
        JSON.stringify({
          id,
          type: 'subscribe',
          payload: { query: 'query A { __typename } query B { __typename }' },
        }),
      () =>
        JSON.stringify({
          id,
          type: 'subscribe',
          payload: { query: `{${'a: __typename '.repeat(aliases)}}` },
        }),
      () => JSON.stringify({ id, type: 'subscribe', payload: { query: '{'.repeat(braces) } }),
      () =>
        JSON.stringify({
          id,
          type: 'subscribe',
          payload: { query: '{ __typename }', variables: { x: 'x'.repeat(variableLength) } },
        }),
      () =>
        JSON.stringify({
          id,
          type: 'subscribe',
          payload: { query: 'subscription { traitChanged { kind } traitChanged2: traitChanged { kind } }' },
        }),
      () => JSON.stringify({ id, type: 'complete' }),
      () => JSON.stringify({ type: 'ping', payload: { x: 1 } }),
      () => JSON.stringify({ type: 'pong' }),
      () => JSON.stringify({ type: 'connection_init' }),
      () => JSON.stringify({ type: 'nonsense' }),
      () => Buffer.from([0xff, 0xfe, 0x00]),
    ];
  };

  it(`answers ${WS_CASES} hostile frames (seed ${SEED}) without an internal error or a leak`, async () => {
    const schema = buildClientSchema((await t.ok(getIntrospectionQuery())) as never);
    const roots: Array<['query' | 'mutation' | 'subscription', GraphQLObjectType]> = [
      ['query', schema.getQueryType()!],
      ['mutation', schema.getMutationType()!],
      ['subscription', schema.getSubscriptionType()!],
    ];
    const fields = roots.flatMap(([kind, type]) =>
      Object.values(type.getFields()).map((field) => ({ kind, field })),
    );
    // The data of the HTTP fuzz: a namespace with content, a resource, a provider (made afresh here).
    await t.ok(`mutation { createTrait(name: "CUSTOM_WSFUZZ") { created } }`);
    const made = await t.ok(`mutation {
      r: createResource(input: { resourceType: "OS::Nova::Flavor", name: "ws-fuzz" }) { uuid id }
      p: createResourceProvider(input: { name: "ws-fuzz-provider" }) { uuid id }
    }`);
    const plausible: Plausible = {
      strings: ['CUSTOM_WSFUZZ', 'OS::Nova::Flavor', 'ws-fuzz', 'hw_cpu_cores', 'admin-project'],
      uuids: [made.r.uuid, made.p.uuid],
      ids: [made.r.id, made.p.id],
      cursors: [],
    };
    const watcher = await open();
    const baseline = t.app.changes.listenerCount;
    WATCH.forEach((query, i) => watcher.send({ id: `watch${i}`, type: 'subscribe', payload: { query } }));
    while (t.app.changes.listenerCount < baseline + WATCH.length) await new Promise((r) => setTimeout(r, 5));

    const random = prng(SEED + 1);
    const failures: string[] = [];
    const tally = { query: 0, mutation: 0, subscription: 0, raw: 0, reopened: 0, names: 0, picksNone: 0 };
    let socket = await open();
    const check = (n: number, sent: string, messages: Socket['messages'], closed?: Socket['closed']) => {
      const text = JSON.stringify(messages);
      const problems: string[] = [];
      if (/INTERNAL_SERVER_ERROR/.test(text)) problems.push('INTERNAL_SERVER_ERROR');
      const leak = text.match(LEAK);
      if (leak) problems.push(`leaks "${leak[0]}"`);
      if (closed && (closed.code === 4500 || closed.code === 1011)) problems.push(`closed ${closed.code}`);
      if (problems.length) {
        failures.push(
          `case ${n} (FUZZ_SEED=${SEED}): ${problems.join(', ')}\n  ${sent.slice(0, 500)}\n  → ${text.slice(0, 400)} ${JSON.stringify(closed)}`,
        );
      }
    };

    for (let n = 0; n < WS_CASES; n += 1) {
      if (process.env.FUZZ_TRACE) process.stderr.write(`ws case ${n}\n`);
      if (socket.closed) {
        socket = await open();
        tally.reopened += 1;
      }
      const id = `c${n}`;
      const from = socket.messages.length;
      let sent: string;
      if (random.chance(0.1)) {
        const frame = random.pick(rawFrames(random, id))();
        sent = String(frame).slice(0, 300);
        socket.ws.send(frame as string);
        tally.raw += 1;
        const ends = () =>
          socket.messages
            .slice(from)
            .some(
              (message) => message.id === id && (message.type === 'complete' || message.type === 'error'),
            );
        if (typeof frame === 'string' && frame.includes(`"id":"${id}","type":"subscribe"`)) {
          // A subscribe: answered (error, or next and complete) unless the frame closes the socket.
          if (!(await socket.until(ends))) failures.push(`case ${n}: no answer to ${sent}`);
        } else if (!socket.closed) {
          // Anything else may get no answer: a ping behind it is answered once it has been handled.
          socket.ws.send(JSON.stringify({ type: 'ping' }));
          const ponged = () => socket.messages.slice(from).some((message) => message.type === 'pong');
          if (!(await socket.until(ponged))) failures.push(`case ${n}: no pong after ${sent}`);
        }
        check(n, sent, socket.messages.slice(from), socket.closed);
        continue;
      }
      const { kind, field } = random.pick(fields);
      tally[kind] += 1;
      const { operation, picksNone } = someNamed(
        fuzzOperation(kind, field, random, plausible, random.chance(0.4)),
        random,
        tally,
      );
      sent = requestBody(operation);
      const listening = t.app.changes.listenerCount;
      socket.ws.send(`{"id":"${id}","type":"subscribe","payload":${sent}}`);
      const ended = () =>
        socket.messages
          .slice(from)
          .some((message) => message.id === id && (message.type === 'complete' || message.type === 'error'));
      // A subscription that passed every check listens on the feed: then it is completed. (Only a subscription:
      // a query may make an instance cache start following the feed, once.)
      const live = () => kind === 'subscription' && t.app.changes.listenerCount > listening;
      if (!(await socket.until(() => ended() || live()))) {
        failures.push(`case ${n}: no answer to ${sent.slice(0, 500)}`);
        socket.ws.close();
        continue;
      }
      if (!ended() && !socket.closed) {
        socket.ws.send(JSON.stringify({ id, type: 'complete' }));
        const deadline = Date.now() + 30_000;
        while (t.app.changes.listenerCount > listening && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 1));
        }
        if (t.app.changes.listenerCount > listening) {
          failures.push(`case ${n}: a completed subscription still listens: ${sent.slice(0, 500)}`);
        }
      }
      check(n, sent, socket.messages.slice(from), socket.closed);
      if (picksNone) {
        // Nothing ran: one `error` message, refused before execution, never a `next`.
        const answers = socket.messages.slice(from).filter((message) => message.id === id);
        const problems =
          answers.length === 1 && answers[0].type === 'error'
            ? ranAnyway(answers[0].payload as never)
            : [`answered ${answers.map((message) => message.type).join(', ')}`];
        if (problems.length) {
          failures.push(
            `case ${n} (FUZZ_SEED=${SEED}): an operation name that picks none: ${problems.join(', ')}\n  ${sent.slice(0, 500)}\n  → ${JSON.stringify(answers).slice(0, 400)}`,
          );
        }
      }
    }
    check(-1, 'watchers', watcher.messages, watcher.closed);
    expect(watcher.closed).toBeUndefined();
    expect(watcher.messages.filter((message) => message.type === 'next').length).toBeGreaterThan(0);
    console.log(
      `fuzz over WebSocket: ${WS_CASES} cases (seed ${SEED}): ${JSON.stringify(tally)}, ${failures.length} failures`,
    );
    watcher.ws.close();
    socket.ws.close();
    expect(failures.slice(0, 10)).toEqual([]);
  }, 900_000);
});
