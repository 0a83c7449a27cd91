import { createNamespace, type NamespaceFields } from './support/factories';
import { describePaginationContract } from './support/pagination-contract';
import { createProvider, createTraits, customTrait } from './support/placement';
import { createResource } from './support/resource-factories';
import { startTestApp, unique, type TestApp } from './support/test-app';

/**
 * The pagination contract (STYLE.md) applied to every connection of the API (`namespaces` by name and by
 * creation time in its own test file; its other orders here). Each list is narrowed by a filter to the seven
 * items its setup makes.
 */
let shared: Promise<TestApp> | undefined;
const app = () => (shared ??= startTestApp());
afterAll(async () => (await shared)?.close());

const PAGE = `totalCount
  edges { cursor node { KEY } }
  nodes { KEY }
  pageInfo { hasNextPage hasPreviousPage startCursor endCursor }`;
const page = (key: string) => PAGE.replace(/KEY/g, key);
const BOTH_WAYS = `$first: Int, $after: String, $last: Int, $before: String`;
const BOTH_WAYS_ARGS = `first: $first, after: $after, last: $last, before: $before`;
const SEVEN = [0, 1, 2, 3, 4, 5, 6];

describePaginationContract('traits', async () => {
  const t = await app();
  const prefix = customTrait('PAGER');
  const names = SEVEN.map((i) => `${prefix}_${i}`);
  await createTraits(t, names);
  return {
    t,
    list: {
      query: `query (${BOTH_WAYS}, $filter: TraitFilter) { traits(${BOTH_WAYS_ARGS}, filter: $filter) { ${page('name')} } }`,
      field: 'traits',
      variables: { filter: { startsWith: prefix } },
      expected: names,
      key: (node) => node.name as string,
    },
  };
});

describePaginationContract('resourceProviders', async () => {
  const t = await app();
  const prefix = unique('pager');
  const root = await createProvider(t, { name: `${prefix}-0` });
  const names = [root.name];
  for (const i of SEVEN.slice(1)) {
    names.push((await createProvider(t, { name: `${prefix}-${i}`, parentUuid: root.uuid })).name);
  }
  return {
    t,
    list: {
      query: `query (${BOTH_WAYS}, $filter: ResourceProviderFilter) {
        resourceProviders(${BOTH_WAYS_ARGS}, filter: $filter) { ${page('name')} }
      }`,
      field: 'resourceProviders',
      variables: { filter: { inTree: root.uuid } },
      expected: names,
      key: (node) => node.name as string,
    },
  };
});

describePaginationContract('resources', async () => {
  const t = await app();
  const projectId = unique('pager');
  const uuids: string[] = [];
  for (const _ of SEVEN) uuids.push(await createResource(t, { projectId }));
  return {
    t,
    list: {
      query: `query (${BOTH_WAYS}, $filter: ResourceFilter) { resources(${BOTH_WAYS_ARGS}, filter: $filter) { ${page('uuid')} } }`,
      field: 'resources',
      variables: { filter: { projectId } },
      expected: uuids,
      key: (node) => node.uuid as string,
    },
  };
});

describePaginationContract(
  'ResourceType.namespaces (first pages batched, later pages by keyset)',
  async () => {
    const t = await app();
    const resourceType = unique('OS::Pager::Type');
    const names: string[] = [];
    for (const _ of SEVEN) {
      names.push(await createNamespace(t, { resourceTypeAssociations: [{ name: resourceType }] }));
    }
    const { resourceTypes } = await t.ok(`{ resourceTypes { id name } }`);
    const { id } = resourceTypes.find((type: { name: string }) => type.name === resourceType);
    return {
      t,
      list: {
        query: `query ($id: ID!, ${BOTH_WAYS}) {
        node(id: $id) { ... on ResourceType { namespaces(${BOTH_WAYS_ARGS}) { ${page('name')} } } }
      }`,
        field: 'node.namespaces',
        variables: { id },
        expected: names.sort(),
        key: (node) => node.name as string,
      },
    };
  },
);

describePaginationContract(
  'resourceTagUsage',
  async () => {
    const t = await app();
    const projectId = unique('pager');
    const tags = SEVEN.map((i) => `pager-tag-${i}`);
    await createResource(t, { projectId, tags: tags.slice(0, 4) });
    await createResource(t, { projectId, tags: tags.slice(3) });
    return {
      t,
      list: {
        query: `query ($first: Int, $after: String, $filter: ResourceTagUsageFilter) {
        resourceTagUsage(first: $first, after: $after, filter: $filter) { ${page('tag')} }
      }`,
        field: 'resourceTagUsage',
        variables: { filter: { projectId } },
        expected: tags,
        key: (node) => node.tag as string,
      },
    };
  },
  { forwardOnly: true },
);

describePaginationContract(
  'searchProperties',
  async () => {
    const t = await app();
    const word = `zqpager${Math.random().toString(36).slice(2, 8).replace(/[0-9]/g, 'x')}`;
    const names = SEVEN.map((i) => `${word}_${String.fromCharCode(97 + i)}`);
    await createNamespace(t, { properties: names.map((name) => ({ name, title: 'Same', type: 'STRING' })) });
    return {
      t,
      list: {
        query: `query ($q: String!, $first: Int, $after: String) {
        searchProperties(query: $q, first: $first, after: $after) { ${page('property { name }')} }
      }`,
        field: 'searchProperties',
        variables: { q: word },
        expected: names,
        key: (node) => (node.property as { name: string }).name,
      },
    };
  },
  { forwardOnly: true },
);

describePaginationContract(
  'changes',
  async () => {
    const t = await app();
    const projectId = unique('pager');
    const uuids: string[] = [];
    for (const i of SEVEN) uuids.push(await createResource(t, { projectId, name: `r${i}` }));
    return {
      t,
      list: {
        query: `query ($first: Int, $after: String, $filter: ChangeFilter) {
        changes(first: $first, after: $after, filter: $filter) { ${page('kind resourceType projectId node { ... on Resource { uuid } }')} }
      }`,
        field: 'changes',
        variables: { filter: { project: projectId } },
        expected: uuids,
        key: (node) => (node.node as { uuid: string }).uuid,
      },
    };
  },
  { forwardOnly: true },
);

describePaginationContract(
  'history',
  async () => {
    const t = await app();
    const provider = await createProvider(t, { name: unique('pager') });
    for (const i of SEVEN.slice(1)) {
      await t.ok(
        `mutation ($uuid: UUID!, $name: String!) { updateResourceProvider(uuid: $uuid, input: { name: $name }) { uuid } }`,
        { uuid: provider.uuid, name: `${provider.name}-${i}` },
      );
    }
    const { resourceProvider } = await t.ok(`query ($uuid: UUID!) { resourceProvider(uuid: $uuid) { id } }`, {
      uuid: provider.uuid,
    });
    const { changes } = await t.ok(
      `query ($id: ID!) { changes(filter: { nodeId: $id }) { nodes { cursor } } }`,
      {
        id: resourceProvider.id,
      },
    );
    return {
      t,
      list: {
        query: `query ($first: Int, $after: String, $uuid: UUID!) {
        resourceProvider(uuid: $uuid) { history(first: $first, after: $after) { ${page('cursor kind')} } }
      }`,
        field: 'resourceProvider.history',
        variables: { uuid: provider.uuid },
        expected: changes.nodes.map((node: { cursor: string }) => node.cursor),
        key: (node) => node.cursor as string,
      },
    };
  },
  { forwardOnly: true },
);

/**
 * `namespaces(orderBy:)` on the sort keys Glance also allows. Seven namespaces of one resource type whose sort
 * values repeat, so that ties (broken by creation order, reversed with the direction) fall across page ends.
 */
const NAMESPACE_ORDERS: {
  field: string;
  direction: 'ASC' | 'DESC';
  value: (i: number, owners: string[]) => string | boolean;
}[] = [
  { field: 'DISPLAY_NAME', direction: 'ASC', value: (i) => ['b', 'a', '', 'B', 'a', '', 'b'][i] },
  { field: 'DISPLAY_NAME', direction: 'DESC', value: (i) => ['b', 'a', '', 'B', 'a', '', 'b'][i] },
  { field: 'PROTECTED', direction: 'ASC', value: (i) => i % 3 === 1 },
  { field: 'PROTECTED', direction: 'DESC', value: (i) => i % 3 === 1 },
  { field: 'VISIBILITY', direction: 'ASC', value: (i) => (i % 2 ? 'public' : 'private') },
  { field: 'OWNER', direction: 'ASC', value: (i, owners) => owners[[2, 0, 1, 0, 2, 1, 0][i]] },
  { field: 'OWNER', direction: 'DESC', value: (i, owners) => owners[[2, 0, 1, 0, 2, 1, 0][i]] },
];
for (const order of NAMESPACE_ORDERS) {
  describePaginationContract(`namespaces by ${order.field} ${order.direction}`, async () => {
    const t = await app();
    const resourceType = unique('OS::Pager::Order');
    const base = unique('pager');
    // Owners whose byte order differs from a case-insensitive one: "Z…" < "a…" < "b…".
    const owners = [`a-${base}`, `b-${base}`, `Z-${base}`];
    const made: { name: string; key: string | boolean; index: number }[] = [];
    for (const i of SEVEN) {
      const key = order.value(i, owners);
      const fields: NamespaceFields = {
        // Names in the reverse of creation order: a tie broken by name would show.
        name: `${base}-${6 - i}`,
        resourceTypeAssociations: [{ name: resourceType }],
      };
      if (order.field === 'DISPLAY_NAME' && key !== '') fields.displayName = String(key);
      if (order.field === 'PROTECTED') fields.protected = key === true;
      if (order.field === 'VISIBILITY') fields.visibility = key === 'public' ? 'PUBLIC' : 'PRIVATE';
      if (order.field === 'OWNER') fields.owner = String(key);
      const name = await createNamespace(t, fields);
      made.push({ name, key, index: i });
    }
    const byKey = (a: string | boolean, b: string | boolean) =>
      typeof a === 'boolean' ? Number(a) - Number(b) : a < b ? -1 : a > b ? 1 : 0;
    const ascending = [...made].sort((a, b) => byKey(a.key, b.key) || a.index - b.index);
    const expected = (order.direction === 'ASC' ? ascending : ascending.reverse()).map((item) => item.name);
    return {
      t,
      list: {
        query: `query (${BOTH_WAYS}, $filter: NamespaceFilter, $orderBy: NamespaceOrder) {
          namespaces(${BOTH_WAYS_ARGS}, filter: $filter, orderBy: $orderBy) { ${page('name')} }
        }`,
        field: 'namespaces',
        variables: {
          filter: { resourceTypes: [resourceType] },
          orderBy: { field: order.field, direction: order.direction },
        },
        expected,
        key: (node) => node.name as string,
      },
    };
  });
}

/** A namespace's tags a page at a time (`Namespace.tagConnection`), in each order, children included. */
const TAG_NAMES = ['beta', 'Alpha', 'gamma', 'ALPHA2', 'delta', 'Beta2', 'epsilon'];
for (const orderBy of [
  null,
  { field: 'NAME', direction: 'DESC' },
  { field: 'CREATED_AT', direction: 'ASC' },
  { field: 'CREATED_AT', direction: 'DESC' },
] as const) {
  describePaginationContract(
    `Namespace.tagConnection ${orderBy ? `by ${orderBy.field} ${orderBy.direction}` : '(default order)'}`,
    async () => {
      const t = await app();
      const namespace = await createNamespace(t);
      // One at a time, the third under the second: creation order is the list order, children are listed.
      for (const [index, name] of TAG_NAMES.entries()) {
        await t.ok(
          `mutation ($ns: String!, $name: String!, $parent: String) { createTag(namespace: $ns, name: $name, parent: $parent) { name } }`,
          {
            ns: namespace,
            name,
            parent: index === 2 ? TAG_NAMES[1] : null,
          },
        );
      }
      const byName = [...TAG_NAMES].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
      const expected =
        orderBy === null
          ? byName
          : orderBy.field === 'NAME'
            ? byName.reverse()
            : orderBy.direction === 'ASC'
              ? TAG_NAMES
              : [...TAG_NAMES].reverse();
      return {
        t,
        list: {
          query: `query ($ns: String!, ${BOTH_WAYS}, $orderBy: MetadefTagOrder) {
            namespace(name: $ns) { tagConnection(${BOTH_WAYS_ARGS}, orderBy: $orderBy) { ${page('name')} } }
          }`,
          field: 'namespace.tagConnection',
          variables: { ns: namespace, orderBy },
          expected,
          key: (node) => node.name as string,
        },
      };
    },
  );
}
