import { MAX_INPUT_DEPTH, MAX_LIST_ITEMS } from '../src/common/input-limits';
import { expectError, startTestApp, type Data, type TestApp } from './support/test-app';

/** A value nested `depth` levels deep: {"a":{"a":…{"a":1}}}. */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}

/** The same value as a GraphQL literal. */
const nestedLiteral = (depth: number) => `${'{a: '.repeat(depth)}1${'}'.repeat(depth)}`;

/** Re-encodes a keyset cursor with another sort value (what a client tampering with it sends). */
function forgeCursor(cursor: string, value: string): string {
  const [tag, , id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
  return Buffer.from(JSON.stringify([tag, value, id]), 'utf8').toString('base64url');
}

/**
 * The one guard on every argument (src/app/input-guard.ts): text PostgreSQL cannot store (NUL) or that is
 * not Unicode (lone surrogates), lists over the cap and values nested too deep are BAD_USER_INPUT naming the
 * argument path, whether written inline or sent as variables; nothing is written.
 */
describe('input guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  describe('NUL reaching SQL (issue 8 point 9)', () => {
    it.each([
      [
        'a query argument, as a variable',
        `query($n: String!) { trait(name: $n) { name } }`,
        { n: 'CUSTOM_\u0000' },
        'name',
      ],
      [
        'a mutation argument, inline',
        `mutation { createTrait(name: "CUSTOM_A\\u0000") { created } }`,
        {},
        'name',
      ],
      [
        'an input field, as a variable',
        `mutation($i: CreateNamespaceInput!) { createNamespace(input: $i) { name } }`,
        { i: { name: 'ns', displayName: 'x\u0000y' } },
        'input.displayName',
      ],
      [
        'a list item, inline',
        `mutation { createTags(namespace: "x", names: ["ok", "b\\u0000"]) { name } }`,
        {},
        'names.1',
      ],
      [
        'a filter field',
        `query($f: TraitFilter) { traits(filter: $f) { nodes { name } } }`,
        { f: { startsWith: 'CUSTOM_\u0000' } },
        'filter.startsWith',
      ],
      [
        'a JSON value',
        `query($m: JSON!) { validateMetadata(resourceType: "OS::Nova::Flavor", metadata: $m) { valid } }`,
        { m: { hw_cpu_cores: 'a\u0000' } },
        'metadata.hw_cpu_cores',
      ],
      [
        'a JSON key',
        `query { validateMetadata(resourceType: "OS::Nova::Flavor", metadata: {k: ["\\u0000"]}) { valid } }`,
        {},
        'metadata.k.0',
      ],
      ['a variable default', `query($n: String! = "a\\u0000") { trait(name: $n) { name } }`, {}, 'name'],
      ['a global id', `query($id: ID!) { node(id: $id) { id } }`, { id: 'x\u0000' }, 'id'],
    ])('%s', async (_what, query, variables, field) => {
      expectError(await t.gql(query, variables), 'BAD_USER_INPUT', field);
    });

    it('refuses a global id and a cursor whose decoded text holds NUL (PostgreSQL 22021)', async () => {
      const id = Buffer.from('Trait:CUSTOM_\u0000', 'utf8').toString('base64url');
      expectError(await t.gql(`query($id: ID!) { node(id: $id) { id } }`, { id }), 'BAD_USER_INPUT', 'id');

      const page = await t.ok(`{ traits(first: 1) { edges { cursor } } }`);
      for (const argument of ['after', 'before']) {
        const direction = argument === 'after' ? 'first' : 'last';
        const forged = forgeCursor(page.traits.edges[0].cursor, 'CUSTOM_\u0000');
        expectError(
          await t.gql(`query($c: String) { traits(${direction}: 2, ${argument}: $c) { nodes { name } } }`, {
            c: forged,
          }),
          'BAD_USER_INPUT',
          argument,
        );
      }
      const namespaces = await t.ok(`{ namespaces(first: 1) { edges { cursor } } }`);
      const forged = forgeCursor(namespaces.namespaces.edges[0].cursor, '\u0000');
      expectError(
        await t.gql(`query($c: String) { namespaces(after: $c) { nodes { name } } }`, { c: forged }),
        'BAD_USER_INPUT',
        'after',
      );
    });
  });

  describe('lone surrogates (issue 8 point 12)', () => {
    it('refuses a new name with a lone surrogate, as a variable; nothing is stored', async () => {
      const result = await t.gql(`mutation($n: String!) { createTrait(name: $n) { created } }`, {
        n: 'CUSTOM_\ud800X',
      });
      expectError(result, 'BAD_USER_INPUT', 'name');
      const i = { name: 'surrogate\udc00', displayName: 'x' };
      expectError(
        await t.gql(`mutation($i: CreateNamespaceInput!) { createNamespace(input: $i) { name } }`, { i }),
        'BAD_USER_INPUT',
        'input.name',
      );
      const stored = await t.ok(`{ namespaces(first: 500) { nodes { name } } }`);
      expect(stored.namespaces.nodes.filter((n: { name: string }) => n.name.startsWith('surrogate'))).toEqual(
        [],
      );
    });

    it('refuses a lone surrogate written inline (a syntax error, HTTP 400)', async () => {
      const result = await t.gql(`mutation { createTrait(name: "CUSTOM_\\ud800X") { created } }`);
      expect(result.errors?.[0].extensions?.code).toMatch(/^(BAD_USER_INPUT|GRAPHQL_PARSE_FAILED)$/);
    });
  });

  describe('list caps (issue 8 point 16)', () => {
    it(`refuses more than ${MAX_LIST_ITEMS} items in any list argument or input field, before any work`, async () => {
      const names = Array.from({ length: 10_000 }, (_, i) => `tag-${i}`);
      await t.ok(`mutation { createNamespace(input: { name: "capped", displayName: "Capped" }) { name } }`);
      expectError(
        await t.gql(`mutation($n: [String!]!) { createTags(namespace: "capped", names: $n) { name } }`, {
          n: names,
        }),
        'BAD_USER_INPUT',
        'names',
      );
      expect((await t.ok(`{ namespace(name: "capped") { tags { name } } }`)).namespace.tags).toEqual([]);

      const ids = Array.from({ length: MAX_LIST_ITEMS + 1 }, () => '"x"').join(',');
      expectError(await t.gql(`{ nodes(ids: [${ids}]) { id } }`), 'BAD_USER_INPUT', 'ids');
      expectError(
        await t.gql(`query($f: ResourceFilter) { resources(filter: $f) { nodes { uuid } } }`, {
          f: { tags: names.slice(0, MAX_LIST_ITEMS + 1) },
        }),
        'BAD_USER_INPUT',
        'filter.tags',
      );
    });

    it(`takes exactly ${MAX_LIST_ITEMS} items`, async () => {
      const names = Array.from({ length: MAX_LIST_ITEMS }, (_, i) => `CUSTOM_T${i}`);
      const result = await t.ok(`query($n: [String!]!) { validateTraits(names: $n) { invalid } }`, {
        n: names,
      });
      expect(result.validateTraits.invalid).toHaveLength(MAX_LIST_ITEMS);
    });
  });

  describe('JSON arguments (issue 8 point 10)', () => {
    const validate = (metadata: string) =>
      `{ validateMetadata(resourceType: "OS::Nova::Flavor", metadata: ${metadata}) { valid unknownKeys } }`;

    it('takes JSON written inline exactly as it takes variables', async () => {
      const inline = await t.gql(validate(`{hw_cpu_cores: "4", unknown_key: [1, 2.5, true]}`));
      const variables = await t.gql(
        `query($m: JSON!) { validateMetadata(resourceType: "OS::Nova::Flavor", metadata: $m) { valid unknownKeys } }`,
        { m: { hw_cpu_cores: '4', unknown_key: [1, 2.5, true] } },
      );
      expect(inline.errors).toBeUndefined();
      expect(inline).toEqual(variables);

      const { uuid } = (
        await t.ok(
          `mutation { createResource(input: { resourceType: "OS::Nova::Flavor", name: "inline-json" }) { uuid } }`,
        )
      ).createResource;
      const set = await t.ok(
        `mutation { setResourceProperties(uuid: "${uuid}", properties: {k: "v", n: 1}) { properties } }`,
      );
      expect(set.setResourceProperties.properties).toEqual({ k: 'v', n: 1 });
    });

    it(`refuses JSON nested deeper than ${MAX_INPUT_DEPTH} levels, as a variable or inline, without overflowing`, async () => {
      const query = `query($m: JSON!) { validateMetadata(resourceType: "OS::Nova::Flavor", metadata: $m) { valid } }`;
      const deep = await t.gql(query, { m: nested(10_000) });
      const error = expectError(deep, 'BAD_USER_INPUT');
      expect(error.extensions?.field).toMatch(/^metadata(\.a)*$/);
      const inline = expectError(await t.gql(validate(nestedLiteral(MAX_INPUT_DEPTH + 1))), 'BAD_USER_INPUT');
      expect(inline.extensions?.field).toMatch(/^metadata(\.a)*$/);
      const shallow = await t.gql(query, { m: { k: nested(MAX_INPUT_DEPTH - 2) } });
      expect(JSON.stringify(shallow.errors ?? [])).not.toMatch(/deeper/);
    });
  });

  describe('variable coercion errors (issue 8 point 11)', () => {
    it('answers more than 50 bad variables with BAD_USER_INPUT, not INTERNAL_SERVER_ERROR', async () => {
      const names = Array.from({ length: 60 }, () => ({ not: 'a string' }));
      const result = await t.gql(`query($n: [String!]!) { validateTraits(names: $n) { valid } }`, {
        n: names,
      });
      expect(result.errors?.length).toBeGreaterThan(0);
      for (const error of result.errors ?? []) expect(error.extensions?.code).toBe('BAD_USER_INPUT');
    });

    it('answers HTTP 400, as for any refused variable', async () => {
      const url = await t.app.listen(0, '127.0.0.1');
      const post = (query: string, variables: unknown) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-project-id': 'p1', 'x-roles': 'admin' },
          body: JSON.stringify({ query, variables }),
        });
      const names = Array.from({ length: 60 }, () => 1.5);
      const tooMany = await post(`query($n: [String!]!) { validateTraits(names: $n) { valid } }`, {
        n: names,
      });
      expect(tooMany.status).toBe(400);
      const nul = await post(`query($n: String!) { trait(name: $n) { name } }`, { n: '\u0000' });
      expect(nul.status).toBe(400);
      expect(((await nul.json()) as Data).errors[0].extensions).toEqual({
        code: 'BAD_USER_INPUT',
        field: 'name',
      });
    });
  });
});
