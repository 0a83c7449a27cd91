import { captureLogs, type CapturedLogs } from './support/log-capture';
import { wsClient, type WsClient } from './support/subscriptions';
import {
  ADMIN,
  expectError,
  headersOf,
  startTestApp,
  unique,
  type Data,
  type TestApp,
} from './support/test-app';

const codesOf = (outcome: { errors?: readonly { extensions?: Record<string, unknown> }[] }) =>
  (outcome.errors ?? []).map((error) => error.extensions?.code);

/**
 * The executor (src/app/executor.ts): a document's first execution is graphql-js's, the next ones graphql-jit's
 * compiled function. Both answer the same: data (custom scalars, abstract types, cursors), errors with their
 * codes, fields and paths.
 */
describe('executor: compiled operations answer as graphql-js does', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Every execution computed: no answer cache in front.
    t = await startTestApp({ CATALOG_CACHE_MB: '0' });
  });
  afterAll(() => t.close());

  /** The answers of three executions of one document: graphql-js's, then compiled twice. */
  const thrice = async (query: string, variables?: Record<string, unknown>) => {
    const answers = [];
    for (let run = 0; run < 3; run += 1) answers.push(await t.gql(query, variables, ADMIN));
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    return answers[0];
  };

  it('lists, scalars, cursors and counts', async () => {
    const { data } = await thrice(
      `query ($first: Int) { traits(first: $first) {
         totalCount nodes { id name standard associated createdAt }
         edges { cursor node { __typename name } } pageInfo { hasNextPage endCursor } } }`,
      { first: 7 },
    );
    expect(data.traits.nodes).toHaveLength(7);
    expect(typeof data.traits.nodes[0].createdAt).toBe('string');
  });

  it('abstract types: node(id:) with fragments', async () => {
    const { data: list } = await t.gql('{ traits(first: 1) { nodes { id name } } }');
    const [{ id, name }] = list!.traits.nodes;
    const { data } = await thrice(
      `query ($id: ID!) { node(id: $id) { __typename id ... on Trait { name standard } ...F } }
       fragment F on Trait { associated }`,
      { id },
    );
    expect(data.node).toMatchObject({ __typename: 'Trait', id, name });
  });

  it("an input object's defaults: in variables (a non-null field left out) and in literals", async () => {
    const query = `query ($orderBy: NamespaceOrder) { namespaces(first: 3, orderBy: $orderBy) { nodes { name } } }`;
    const { data, errors } = await thrice(query, { orderBy: { field: 'CREATED_AT' } });
    expect(errors).toBeUndefined();
    expect(data.namespaces.nodes).toHaveLength(3);
    const literal = await thrice(
      '{ namespaces(first: 3, orderBy: { field: CREATED_AT }) { nodes { name } } }',
    );
    expect(literal).toEqual({ data });
  });

  it("a resolver's errors keep their code, field and path", async () => {
    const bad = await thrice('{ traits(first: -1) { nodes { name } } }');
    expect(expectError(bad, 'BAD_USER_INPUT', 'first').path).toEqual(['traits']);
    const missing = await thrice('mutation ($name: String!) { deleteTrait(name: $name) }', {
      name: 'CUSTOM_NO_SUCH_TRAIT_EVER',
    });
    expect(expectError(missing, 'NOT_FOUND').path).toEqual(['deleteTrait']);
    expect(missing.errors?.[0].locations).toEqual([{ line: 1, column: 29 }]);
  });
});

/**
 * An `operationName` that names no operation of the document is the caller's mistake: HTTP 400
 * OPERATION_RESOLUTION_FAILURE and nothing executed, over HTTP and WebSocket alike, whether the document was run
 * before (then the executor holds it, compiled or seen) or not. It once ran the document's only mutation, then
 * answered 500: a client retrying on 500 repeated a committed write.
 */
describe('executor: an operation name that names no operation runs nothing', () => {
  let t: TestApp;
  let url: string;
  let ws: WsClient;
  let logs: CapturedLogs;
  beforeAll(async () => {
    logs = captureLogs();
    t = await startTestApp({ CATALOG_CACHE_MB: '0' }, { logger: logs.logger });
    url = await t.app.listen(0, '127.0.0.1');
    ws = wsClient(url.replace(/^http/, 'ws'), { headers: headersOf(ADMIN) as Record<string, string> });
  });
  afterAll(async () => {
    await ws.dispose();
    await t.close();
  });

  const traitName = () =>
    unique('CUSTOM_OPNAME')
      .replace(/[^A-Z0-9_]/gi, '_')
      .toUpperCase();
  /** Documents whose operations would create `name`, with an operation name that picks none of them. */
  const mismatches = (name: string) => [
    { query: `mutation { createTrait(name: "${name}") { created } }`, operationName: 'Nope' },
    { query: `mutation Make { createTrait(name: "${name}") { created } }`, operationName: 'Nope' },
    {
      query: `mutation Make { createTrait(name: "${name}") { created } } query Read { __typename }`,
      operationName: 'Nope',
    },
    {
      query: `mutation Make { createTrait(name: "${name}") { created } } query Read { __typename }`,
      operationName: null,
    },
    { query: `mutation Make { createTrait(name: "${name}") { created } } query Read { __typename }` },
  ];
  const exists = async (name: string) =>
    (await t.ok('query ($name: String!) { trait(name: $name) { name } }', { name })).trait !== null;
  const post = async (body: Record<string, unknown>) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(headersOf(ADMIN) as Record<string, string>) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Data };
  };

  it('over HTTP: 400 OPERATION_RESOLUTION_FAILURE, no data, nothing written; the named operation runs', async () => {
    const name = traitName();
    for (const request of mismatches(name)) {
      // Thrice: the document new, then seen, then compiled by the executor (a run of the right name between).
      for (let run = 0; run < 3; run += 1) {
        const { status, body } = await post(request);
        expect({ request, run, status, codes: codesOf(body), data: body.data }).toEqual({
          request,
          run,
          status: 400,
          codes: ['OPERATION_RESOLUTION_FAILURE'],
          data: undefined,
        });
        expect(await exists(name)).toBe(false);
        const other = await post({ query: request.query, operationName: 'Read' });
        if (request.query.includes('query Read')) expect(other.body.data).toEqual({ __typename: 'Query' });
      }
    }
    // The same document with the name of its mutation writes.
    const { body } = await post({ query: mismatches(name)[2].query, operationName: 'Make' });
    expect(body.data).toEqual({ createTrait: { created: true } });
    expect(await exists(name)).toBe(true);
    expect(logs.text()).not.toMatch(/did not resolve an operation|unexpected error/);
  });

  it('over WebSocket: an error message OPERATION_RESOLUTION_FAILURE, nothing written', async () => {
    const name = traitName();
    for (const request of mismatches(name)) {
      for (let run = 0; run < 3; run += 1) {
        const outcome = await ws.run({
          query: request.query,
          ...(request.operationName !== undefined && { operationName: request.operationName as string }),
        });
        expect({ request, run, outcome: { ...outcome, errors: codesOf(outcome) } }).toEqual({
          request,
          run,
          outcome: { results: [], errors: ['OPERATION_RESOLUTION_FAILURE'] },
        });
        expect(await exists(name)).toBe(false);
      }
    }
    const made = await ws.run({ query: mismatches(name)[2].query, operationName: 'Make' });
    expect(made).toEqual({ results: [{ data: { createTrait: { created: true } } }] });
    expect(await exists(name)).toBe(true);
    expect(logs.text()).not.toMatch(/did not resolve an operation|unexpected error/);
  });
});
