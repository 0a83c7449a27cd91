import { ADMIN, expectError, startTestApp, type TestApp } from './support/test-app';

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
