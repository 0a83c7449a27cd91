import { createNamespace } from './support/factories';
import { describePaginationContract } from './support/pagination-contract';
import { createProvider, createTraits, customTrait } from './support/placement';
import { createResource } from './support/resource-factories';
import { startTestApp, unique, type TestApp } from './support/test-app';

/**
 * The pagination contract (STYLE.md) applied to every connection of the API but `namespaces`, whose own
 * test file applies it. Each list is narrowed by a filter to the seven items its setup makes.
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
