import { catalogCacheUsage } from '../src/app/catalog-cache';
import { createNamespace } from './support/factories';
import {
  ADMIN,
  headersOf,
  project,
  startTestApp,
  startTestApps,
  unique,
  type TestApp,
  type Who,
} from './support/test-app';

/**
 * Catalog queries are answered from each instance's cache while the catalog version (bumped by every
 * transaction that changes a catalog table, at commit) is unchanged: one query per request instead of dozens,
 * and exact across instances, for every audience, whoever writes.
 */
const CATALOG = `query Catalog {
  namespaces(first: 50) {
    totalCount
    nodes { name visibility owner resourceTypeAssociations { name prefix } properties { name title type } objects { name } tags { name } }
  }
}`;
const ONE = `query ($ns: String!) { namespace(name: $ns) { name properties { name title } } }`;
const PROPERTY = { name: 'p', title: 'First title', type: 'STRING' };

async function measured(t: TestApp, query: string, variables?: Record<string, unknown>, as: Who = ADMIN) {
  const { result, count } = await t.app.database.counter.measure(() => t.gql(query, variables, as));
  return { ...result, queries: count };
}

const namesOf = (data: { namespaces: { nodes: { name: string }[] } }) =>
  data.namespaces.nodes.map((node) => node.name);

async function version(t: TestApp): Promise<number> {
  const [row] = await t.app.database.dataSource.query('SELECT version FROM catalog_version');
  return Number(row.version);
}

describe('catalog answers cached per instance on the catalog version', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await startTestApps(2);
  });
  afterAll(() => a.close());

  it('answers a repeated catalog query with the same data and one query (the version)', async () => {
    await createNamespace(a, { properties: [PROPERTY] });
    const first = await measured(b, CATALOG);
    expect(first.errors).toBeUndefined();
    expect(first.queries).toBeGreaterThan(3);
    const second = await measured(b, CATALOG);
    expect(second).toEqual({ ...first, queries: 1 });
    expect(JSON.stringify(second.data)).toBe(JSON.stringify(first.data));
  });

  it("sees a write through A in B's very next request: create, update, delete", async () => {
    const ns = await createNamespace(a);
    await measured(b, ONE, { ns });
    expect((await measured(b, ONE, { ns })).queries).toBe(1);

    await a.ok(
      `mutation ($ns: String!, $input: PropertyDefinitionInput!) { createProperty(namespace: $ns, input: $input) { name } }`,
      {
        ns,
        input: PROPERTY,
      },
    );
    expect((await b.ok(ONE, { ns })).namespace.properties).toEqual([{ name: 'p', title: 'First title' }]);

    await a.ok(
      `mutation ($ns: String!, $input: PropertyDefinitionInput!) { updateProperty(namespace: $ns, name: "p", input: $input) { name } }`,
      { ns, input: { ...PROPERTY, title: 'Second title' } },
    );
    expect((await b.ok(ONE, { ns })).namespace.properties).toEqual([{ name: 'p', title: 'Second title' }]);

    await a.ok(`mutation ($ns: String!) { deleteProperty(namespace: $ns, name: "p") }`, { ns });
    expect((await b.ok(ONE, { ns })).namespace.properties).toEqual([]);
    await a.ok(`mutation ($ns: String!) { deleteNamespace(name: $ns) }`, { ns });
    expect((await b.ok(ONE, { ns })).namespace).toBeNull();
  });

  it('keeps audiences apart: a private namespace reaches its project and admins only', async () => {
    const owner = project(unique('owner'));
    const other = project(unique('other'));
    const ns = await createNamespace(a, { visibility: 'PRIVATE', owner: owner.project });
    for (let i = 0; i < 2; i += 1) {
      expect(namesOf((await b.ok(CATALOG, {}, owner)) as never)).toContain(ns);
      expect(namesOf((await b.ok(CATALOG, {}, other)) as never)).not.toContain(ns);
      expect(namesOf((await b.ok(CATALOG, {}, ADMIN)) as never)).toContain(ns);
    }
    // The second round came from the cache, for each audience (no variables and {} are the same).
    expect((await measured(b, CATALOG, undefined, other)).queries).toBe(1);
    expect((await measured(b, CATALOG, undefined, owner)).queries).toBe(1);
  });

  it('keeps answers apart by variables and operation', async () => {
    const [n1, n2] = [await createNamespace(a), await createNamespace(a)];
    expect((await b.ok(ONE, { ns: n1 })).namespace.name).toBe(n1);
    expect((await b.ok(ONE, { ns: n2 })).namespace.name).toBe(n2);
    expect((await b.ok(ONE, { ns: n1 })).namespace.name).toBe(n1);
  });

  it('bumps the version once per committed transaction, not for a rolled-back one', async () => {
    const before = await version(a);
    // One createNamespace writes a namespace, its association, properties, an object and tags: one bump.
    const ns = await createNamespace(a, {
      resourceTypeAssociations: [{ name: 'OS::Nova::Flavor', prefix: 'x:' }],
      properties: [PROPERTY, { ...PROPERTY, name: 'q' }],
      objects: [{ name: 'O', properties: [PROPERTY] }],
      tags: ['t1', 't2'],
    });
    expect(await version(a)).toBe(before + 1);
    await measured(b, ONE, { ns });
    // All or nothing: the third property is invalid, nothing is written, the version and the cache stay.
    const failed = await a.gql(
      `mutation ($ns: String!, $input: MetadefObjectInput!) { createObject(namespace: $ns, input: $input) { name } }`,
      {
        ns,
        input: {
          name: 'Bad',
          properties: [PROPERTY, { ...PROPERTY, name: 'q' }, { ...PROPERTY, name: 'r', type: 'ARRAY' }],
        },
      },
    );
    expect(failed.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await version(a)).toBe(before + 1);
    expect((await measured(b, ONE, { ns })).queries).toBe(1);
  });

  it('sees writes made outside the service (SQL by hand, TRUNCATE)', async () => {
    const ns = await createNamespace(a, { properties: [PROPERTY] });
    await measured(b, ONE, { ns });
    await a.app.database.dataSource.query(
      `UPDATE metadef_properties SET schema = jsonb_set(schema, '{title}', '"By hand"')
        WHERE name = 'p' AND namespace_id = (SELECT id FROM namespaces WHERE name = $1)`,
      [ns],
    );
    expect((await b.ok(ONE, { ns })).namespace.properties).toEqual([{ name: 'p', title: 'By hand' }]);
    await b.ok(CATALOG);
    await a.app.database.dataSource.query('TRUNCATE metadef_tags');
    expect((await measured(b, CATALOG)).queries).toBeGreaterThan(1);
  });

  it('does not keep answers with errors, nor answer other queries', async () => {
    // NOT_FOUND for the unknown type: computed again each time (the resource types are read again).
    const failing = `query { resourceTypes { name } validateMetadata(resourceType: "${unique('No::Such')}", metadata: {}) { valid } }`;
    expect((await b.gql(failing)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await measured(b, failing)).queries).toBeGreaterThan(1);
    // `{ __typename }` reads nothing, not even the version.
    expect((await measured(b, '{ __typename }')).queries).toBe(0);
    // A field reaching unversioned data (a project's resource types) makes the whole operation uncached.
    const mixed = `query { namespaces(first: 1) { totalCount } resourceTypes { name } }`;
    await b.ok(mixed);
    expect((await measured(b, mixed)).queries).toBeGreaterThan(1);
  });

  it("never serves a node's history from the cache, however it is selected; the same query without it still is", async () => {
    const ns = await createNamespace(a, { properties: [PROPERTY] });
    const plain = `query ($ns: String!) { namespace(name: $ns) { name properties { name title } } }`;
    const history = 'history { totalCount nodes { kind actor { via } } }';
    const withHistory = [
      `query ($ns: String!) { namespace(name: $ns) { name ${history} } }`,
      `query ($ns: String!) { namespace(name: $ns) { name changes: ${history} } }`,
      `query ($ns: String!) { namespace(name: $ns) { ...N } } fragment N on Namespace { properties { ...H } } fragment H on Node { ${history} }`,
      `query ($ns: String!) { namespace(name: $ns) { properties { ... on Node { ${history} } } } }`,
      `query ($ns: String!) { namespace(name: $ns) { ... { ${history} } } }`,
    ];
    await b.ok(plain, { ns });
    expect((await measured(b, plain, { ns })).queries).toBe(1);
    for (const query of withHistory) {
      const first = await measured(b, query, { ns });
      expect(first.errors).toBeUndefined();
      const again = await measured(b, query, { ns });
      // Computed again: more than the version's read, and no version read at all (not a cache candidate).
      expect([query, again.queries > 1]).toEqual([query, true]);
    }
    // A write the catalog version would not tell apart from history: an update shows in the next answer.
    const query = withHistory[0];
    const before = (await b.ok(query, { ns })).namespace.history.totalCount;
    await a.ok(
      `mutation ($ns: String!) { updateNamespace(name: $ns, input: { description: "new" }) { name } }`,
      { ns },
    );
    const after = (await b.ok(query, { ns })).namespace.history;
    expect(after.totalCount).toBe(before + 1);
    expect(after.nodes.at(-1)).toEqual({ kind: 'UPDATED', actor: { via: 'GRAPHQL' } });
    // And the plain query is still served from the cache once computed at the new version.
    await b.ok(plain, { ns });
    expect((await measured(b, plain, { ns })).queries).toBe(1);
  });

  it('keys answers on what the operation reads: undeclared variables and their size make no new entry', async () => {
    const instance = (await b.app.contextFor(headersOf(ADMIN))).instance;
    const types = '{ resourceTypes { name } }';
    await b.ok(types);
    const before = catalogCacheUsage(instance);
    for (let i = 0; i < 20; i += 1) {
      // What the issue measured: the same query with a large variable it does not declare, each time another.
      const result = await measured(b, types, { [`junk${i}`]: `${i}`.padEnd(100_000, 'x') });
      expect(result.errors).toBeUndefined();
      expect(result.queries).toBe(1);
    }
    const after = catalogCacheUsage(instance);
    expect(after.entries).toBe(before.entries);
    expect(after.bytes).toBe(before.bytes);
  });

  it('keys declared variables by value: absent and null apart, the order they come in irrelevant', async () => {
    await createNamespace(a);
    const query = `query ($first: Int, $after: String) { namespaces(first: $first, after: $after) { nodes { name } } }`;
    await b.ok(query, { first: 7, after: null });
    expect((await measured(b, query, { after: null, first: 7 })).queries).toBe(1);
    // Absent and null mean the same here, but the cache must not assume so.
    expect((await measured(b, query, { first: 7 })).queries).toBeGreaterThan(1);
    expect((await measured(b, query, { first: 7, unused: 'x' })).queries).toBe(1);
  });
});

describe('CATALOG_CACHE_MB=0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ CATALOG_CACHE_MB: '0' });
  });
  afterAll(() => t.close());

  it('turns the cache off: every request is computed', async () => {
    await t.ok(CATALOG);
    const again = await measured(t, CATALOG);
    expect(again.queries).toBeGreaterThan(1);
  });
});
