import { createNamespace } from './support/factories';
import { describePaginationContract } from './support/pagination-contract';
import { ADMIN, expectError, project, startTestApp, unique, type TestApp } from './support/test-app';

const LIST = `query ($first: Int, $after: String, $last: Int, $before: String, $filter: NamespaceFilter, $orderBy: NamespaceOrder) {
  namespaces(first: $first, after: $after, last: $last, before: $before, filter: $filter, orderBy: $orderBy) {
    totalCount
    edges { cursor node { name } }
    nodes { name }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}`;

describe('namespaces list', () => {
  let t: TestApp;
  const owner = unique('owner');
  const names: string[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    for (let i = 0; i < 7; i += 1) {
      names.push(
        await createNamespace(t, {
          name: unique(`List${i % 3}`),
          owner,
          visibility: i % 2 ? 'PUBLIC' : 'PRIVATE',
          resourceTypeAssociations: i < 3 ? [{ name: 'OS::Nova::Flavor' }] : [{ name: 'OS::Glance::Image' }],
        }),
      );
    }
  });
  afterAll(() => t.close());

  const list = async (variables: Record<string, unknown>, who = ADMIN) =>
    (await t.ok(LIST, { filter: { owner }, ...variables }, who)).namespaces;

  it('orders by name by default, and by created/updated time in both directions', async () => {
    const sorted = [...names].sort();
    expect((await list({})).nodes.map((n: { name: string }) => n.name)).toEqual(sorted);
    expect(
      (await list({ orderBy: { field: 'NAME', direction: 'DESC' } })).nodes.map(
        (n: { name: string }) => n.name,
      ),
    ).toEqual([...sorted].reverse());
    expect(
      (await list({ orderBy: { field: 'CREATED_AT' } })).nodes.map((n: { name: string }) => n.name),
    ).toEqual(names);
    expect(
      (await list({ orderBy: { field: 'CREATED_AT', direction: 'DESC' } })).nodes.map(
        (n: { name: string }) => n.name,
      ),
    ).toEqual([...names].reverse());
    await t.ok(
      `mutation ($n: String!) { updateNamespace(name: $n, input: { description: "touched" }) { name } }`,
      {
        n: names[0],
      },
    );
    const byUpdate = (await list({ orderBy: { field: 'UPDATED_AT', direction: 'DESC' } })).nodes;
    expect(byUpdate[0].name).toBe(names[0]);
  });

  it('filters by resource types (any of them), visibility and owner', async () => {
    const flavor = await list({ filter: { owner, resourceTypes: ['OS::Nova::Flavor'] } });
    expect(flavor.nodes.map((n: { name: string }) => n.name).sort()).toEqual(names.slice(0, 3).sort());
    const either = await list({
      filter: { owner, resourceTypes: ['OS::Nova::Flavor', 'OS::Glance::Image'] },
    });
    expect(either.totalCount).toBe(7);
    const publicOnes = await list({ filter: { owner, visibility: 'PUBLIC' } });
    expect(publicOnes.totalCount).toBe(3);
    expect((await list({ filter: { owner: 'nobody-owns-this' } })).totalCount).toBe(0);
  });

  it('an empty resourceTypes list matches no namespace (as Glance), also when answered from the catalog cache', async () => {
    const EMPTY = `{ namespaces(filter: { resourceTypes: [] }) { totalCount nodes { name } } }`;
    const ALL = `{ namespaces { totalCount } }`;
    expect((await t.ok(ALL)).namespaces.totalCount).toBeGreaterThanOrEqual(names.length);
    for (const who of [ADMIN, project('someone-else')]) {
      // The second time from the cache of catalog answers: one statement (the catalog version), same answer.
      for (const statements of [expect.any(Number), 1]) {
        const { result, count } = await t.app.database.counter.measure(() => t.ok(EMPTY, {}, who));
        expect({ result, count }).toEqual({
          result: { namespaces: { totalCount: 0, nodes: [] } },
          count: statements,
        });
      }
    }
    expect(await list({ filter: { owner, resourceTypes: [] } })).toMatchObject({ totalCount: 0, nodes: [] });
    expect(
      await list({
        filter: { owner, resourceTypes: [] },
        orderBy: { field: 'CREATED_AT', direction: 'DESC' },
        last: 2,
      }),
    ).toMatchObject({ totalCount: 0, nodes: [], pageInfo: { hasNextPage: false, hasPreviousPage: false } });
    // null and a left-out field are no condition
    expect((await list({ filter: { owner, resourceTypes: null } })).totalCount).toBe(names.length);
    expect((await t.ok(ALL)).namespaces.totalCount).toBeGreaterThanOrEqual(names.length);
  });

  it('another project sees only the public ones, in lists and counts', async () => {
    const seen = await list({}, project('someone-else'));
    expect(seen.totalCount).toBe(3);
    expect(seen.nodes.map((n: { name: string }) => n.name).sort()).toEqual(
      names.filter((_, i) => i % 2).sort(),
    );
  });

  it('a cursor of one order is refused by another', async () => {
    const byName = await list({ first: 1 });
    expectError(
      await t.gql(LIST, {
        filter: { owner },
        first: 1,
        after: byName.pageInfo.endCursor,
        orderBy: { field: 'CREATED_AT' },
      }),
      'BAD_USER_INPUT',
      'after',
    );
  });

  it('one request lists namespaces with their associations in a fixed number of statements', async () => {
    const query = `query ($first: Int) { namespaces(first: $first) { nodes { name resourceTypeAssociations { name prefix } } } }`;
    const few = await t.app.database.counter.measure(() => t.ok(query, { first: 2 }));
    const many = await t.app.database.counter.measure(() => t.ok(query, { first: 50 }));
    expect(many.result.namespaces.nodes.length).toBeGreaterThanOrEqual(7);
    expect(many.count).toBe(few.count);
    expect(many.count).toBeLessThanOrEqual(3);
  });
});

describePaginationContract('namespaces', async () => {
  const t = await startTestApp();
  const owner = unique('pager');
  const names: string[] = [];
  for (let i = 0; i < 7; i += 1) names.push(await createNamespace(t, { owner }));
  return {
    t,
    close: () => t.close(),
    list: {
      query: LIST,
      field: 'namespaces',
      variables: { filter: { owner } },
      expected: names.sort(),
      key: (node) => node.name as string,
    },
  };
});

describePaginationContract('namespaces by creation time, newest first', async () => {
  const t = await startTestApp();
  const owner = unique('pager');
  const names: string[] = [];
  for (let i = 0; i < 6; i += 1) names.push(await createNamespace(t, { owner }));
  return {
    t,
    close: () => t.close(),
    list: {
      query: LIST,
      field: 'namespaces',
      variables: { filter: { owner }, orderBy: { field: 'CREATED_AT', direction: 'DESC' } },
      expected: names.reverse(),
      key: (node) => node.name as string,
    },
  };
});
