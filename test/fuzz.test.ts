import { buildClientSchema, getIntrospectionQuery, type GraphQLObjectType } from 'graphql';
import { fuzzOperation, prng, requestBody, type Plausible, type Random } from './support/fuzz';
import { raw, type RawResponse } from './support/raw-http';
import { ADMIN, headersOf, startTestApp, type TestApp } from './support/test-app';

/** How many cases (FUZZ_CASES=50000 for a long run) and from which seed (FUZZ_SEED, to reproduce a run). */
const CASES = Number(process.env.FUZZ_CASES ?? 3000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

/** What a response must never show: a stack frame, SQL, a source or file path, a JavaScript error name. */
const LEAK =
  /\bat .+\.(ts|js):\d+|\bSELECT\b|INSERT INTO|\bUPDATE\b.*\bSET\b|DELETE FROM|node_modules|\/src\/|\/work\/|QueryFailedError|TypeError|RangeError|ReferenceError|SQLSTATE/;

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
  const bodies = [
    '{"query": "{ __typename }"',
    '',
    'null',
    '[]',
    '"text"',
    '5',
    JSON.stringify([{ query }, { query }]),
    JSON.stringify({ query: 5 }),
    JSON.stringify({ query, variables: 'x' }),
    JSON.stringify({ query, variables: [1] }),
    JSON.stringify({ query, operationName: 7 }),
    JSON.stringify({ query, extensions: { persistedQuery: { version: 1, sha256Hash: 'x' } } }),
    JSON.stringify({ query: `${query} ${query}` }),
    JSON.stringify({ query: 'query A { __typename } query B { __typename }' }),
    JSON.stringify({ query: 'query A { __typename } query B { __typename }', operationName: 'C' }),
    JSON.stringify({ query: '{'.repeat(random.pick([10, 3000])) }),
    JSON.stringify({ query: `{ ${'a: __typename '.repeat(random.pick([16, 200]))} }` }),
    JSON.stringify({
      query: '{ __schema { types { fields { type { ofType { ofType { ofType { name } } } } } } } }',
    }),
    JSON.stringify({ query, variables: { x: 'x'.repeat(random.pick([1000, 2 * 1024 * 1024 + 1])) } }),
    '\ufeff{"query": "{ __typename }"}',
    Buffer.from([0xff, 0xfe, 0x00, 0x7b]).toString('latin1'),
    `{"query": "{ __typename }", "variables": ${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
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
    body: method === 'GET' || method === 'HEAD' ? undefined : random.pick(bodies),
  };
}

/**
 * The guard against internal errors for bad input (issue 8): from the schema's own introspection, every
 * argument of every query and mutation gets wrong types, huge and empty strings, NUL and control characters,
 * lone surrogates, deep JSON, long lists, negative and huge numbers, forged cursors and ids, as variables and
 * written inline, as an admin (so that mutations get past authorization); plus raw HTTP. No response may be
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

  function problemsOf(status: number, text: string, method: string): string[] {
    const problems: string[] = [];
    if (status >= 500) problems.push(`HTTP ${status}`);
    const leak = text.match(LEAK);
    if (leak) problems.push(`leaks "${leak[0]}"`);
    // Bodies are JSON, but for HEAD, GraphiQL's page and /metrics (Prometheus text).
    if (method === 'HEAD' || !text || text.startsWith('<!') || text.startsWith('# ')) return problems;
    try {
      const body = JSON.parse(text) as { errors?: { extensions?: { code?: string } }[] };
      if (body.errors?.some((error) => error.extensions?.code === 'INTERNAL_SERVER_ERROR'))
        problems.push('INTERNAL_SERVER_ERROR');
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
      const tally = { graphql: 0, inline: 0, raw: 0, refused: 0 };

      for (let n = 0; n < CASES; n += 1) {
        let request: { method: string; path: string; headers: Record<string, string>; body?: string };
        if (random.chance(0.1)) {
          request = rawCase(random);
          tally.raw += 1;
        } else {
          const { kind, field } = random.pick(fields);
          const inline = random.chance(0.4);
          const operation = fuzzOperation(kind, field, random, plausible, inline);
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
        const problems = problemsOf(response.status, response.text, request.method);
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
