import { modules } from '../src/app/modules';
import type { ModuleManifest } from '../src/common/module';
import { numberChanges, startTestApp, unique, type Data, type TestApp } from './support/test-app';

/**
 * The change log's contract with every write: each Mutation field of the schema (enumerated by introspection, as
 * the fuzz test does) records at least one change when it succeeds, or its module's manifest declares it in
 * `recordsNoChange`. A new mutation fails here until it has a case below (or is declared).
 */
type Case = (t: TestApp) => Promise<unknown>;
/** What a case needs made first (not counted). */
const PREPARE: Record<string, Case> = {
  deleteObject: (t) =>
    gql(t, `mutation ($ns: String!) { createObject(namespace: $ns, input: { name: "o2" }) { id } }`, { ns }),
  deleteAllProperties: (t) =>
    gql(
      t,
      `mutation ($ns: String!, $input: PropertyDefinitionInput!) { createProperty(namespace: $ns, input: $input) { id } }`,
      { ns, input: property('q') },
    ),
  deleteAllObjects: (t) =>
    gql(t, `mutation ($ns: String!) { createObject(namespace: $ns, input: { name: "o3" }) { id } }`, { ns }),
};

const ns = unique('Contract');
const resourceType = 'OS::Nova::Server';
const trait = unique('CUSTOM_CONTRACT')
  .replace(/[^A-Z0-9_]/gi, '_')
  .toUpperCase();
const state: { resource?: string; provider?: string; objectId?: string } = {};
const gql = (t: TestApp, query: string, variables: Record<string, unknown> = {}): Promise<Data> =>
  t.ok(query, variables);
const property = (name: string) => ({ name, title: name, type: 'STRING' });

/** One successful call of each mutation, in an order in which each finds what it needs. */
const CASES: [string, Case][] = [
  [
    'createNamespace',
    (t) =>
      gql(t, `mutation ($ns: String!) { createNamespace(input: { name: $ns, visibility: PUBLIC }) { id } }`, {
        ns,
      }),
  ],
  [
    'createProperty',
    (t) =>
      gql(
        t,
        `mutation ($ns: String!, $input: PropertyDefinitionInput!) { createProperty(namespace: $ns, input: $input) { id } }`,
        { ns, input: property('p') },
      ),
  ],
  [
    'createObject',
    async (t) => {
      const data = await gql(
        t,
        `mutation ($ns: String!) { createObject(namespace: $ns, input: { name: "o", properties: [{ name: "x", title: "x", type: STRING }] }) { id } }`,
        { ns },
      );
      state.objectId = data.createObject.id;
    },
  ],
  [
    'createTag',
    (t) => gql(t, `mutation ($ns: String!) { createTag(namespace: $ns, name: "t") { id } }`, { ns }),
  ],
  [
    'createTags',
    (t) =>
      gql(
        t,
        `mutation ($ns: String!) { createTags(namespace: $ns, names: ["u", "v"], append: true) { id } }`,
        { ns },
      ),
  ],
  [
    'updateNamespace',
    (t) =>
      gql(
        t,
        `mutation ($ns: String!) { updateNamespace(name: $ns, input: { displayName: "shown" }) { id } }`,
        { ns },
      ),
  ],
  [
    'updateProperty',
    (t) =>
      gql(
        t,
        `mutation ($ns: String!) { updateProperty(namespace: $ns, name: "p", input: { name: "p", title: "changed", type: STRING }) { id } }`,
        { ns },
      ),
  ],
  [
    'updateObject',
    (t) =>
      gql(
        t,
        `mutation ($ns: String!) { updateObject(namespace: $ns, name: "o", input: { name: "o", description: "changed" }) { id } }`,
        { ns },
      ),
  ],
  [
    'updateTag',
    (t) =>
      gql(t, `mutation ($ns: String!) { updateTag(namespace: $ns, name: "t", newName: "t2") { id } }`, {
        ns,
      }),
  ],
  [
    'associateResourceType',
    (t) =>
      gql(
        t,
        `mutation ($ns: String!, $rt: String!) { associateResourceType(namespace: $ns, input: { name: $rt }) { prefix } }`,
        { ns, rt: resourceType },
      ),
  ],
  [
    'dissociateResourceType',
    (t) =>
      gql(
        t,
        `mutation ($ns: String!, $rt: String!) { dissociateResourceType(namespace: $ns, resourceType: $rt) }`,
        { ns, rt: resourceType },
      ),
  ],
  [
    'createResource',
    async (t) => {
      const data = await gql(
        t,
        `mutation ($rt: String!) { createResource(input: { resourceType: $rt, name: "r" }) { uuid } }`,
        { rt: resourceType },
      );
      state.resource = data.createResource.uuid;
    },
  ],
  [
    'updateResource',
    (t) =>
      gql(t, `mutation ($uuid: UUID!) { updateResource(uuid: $uuid, input: { name: "renamed" }) { uuid } }`, {
        uuid: state.resource,
      }),
  ],
  [
    'addResourceTag',
    (t) =>
      gql(t, `mutation ($uuid: UUID!) { addResourceTag(uuid: $uuid, tag: "a") { created } }`, {
        uuid: state.resource,
      }),
  ],
  [
    'setResourceTags',
    (t) =>
      gql(t, `mutation ($uuid: UUID!) { setResourceTags(uuid: $uuid, tags: ["b", "c"]) }`, {
        uuid: state.resource,
      }),
  ],
  [
    'removeResourceTag',
    (t) =>
      gql(t, `mutation ($uuid: UUID!) { removeResourceTag(uuid: $uuid, tag: "b") }`, {
        uuid: state.resource,
      }),
  ],
  [
    'removeAllResourceTags',
    (t) => gql(t, `mutation ($uuid: UUID!) { removeAllResourceTags(uuid: $uuid) }`, { uuid: state.resource }),
  ],
  [
    'setResourceProperties',
    (t) =>
      gql(
        t,
        `mutation ($uuid: UUID!) { setResourceProperties(uuid: $uuid, properties: { contract_key: "1" }) { uuid } }`,
        { uuid: state.resource },
      ),
  ],
  [
    'updateResourceProperty',
    async (t) => {
      const [{ private: was }] = (await t.app.database.dataSource.query(
        `SELECT private FROM discovered_properties WHERE name = 'contract_key'`,
      )) as { private: boolean }[];
      await gql(
        t,
        `mutation ($rt: String!, $private: Boolean!) { updateResourceProperty(resourceType: $rt, name: "contract_key", private: $private) { name } }`,
        { rt: resourceType, private: !was },
      );
    },
  ],
  [
    'createTrait',
    (t) => gql(t, `mutation ($name: String!) { createTrait(name: $name) { created } }`, { name: trait }),
  ],
  [
    'createResourceProvider',
    async (t) => {
      const data = await gql(
        t,
        `mutation ($name: String!) { createResourceProvider(input: { name: $name }) { uuid } }`,
        { name: unique('rp').replace(/::/g, '-') },
      );
      state.provider = data.createResourceProvider.uuid;
    },
  ],
  [
    'updateResourceProvider',
    (t) =>
      gql(
        t,
        `mutation ($uuid: UUID!, $name: String!) { updateResourceProvider(uuid: $uuid, input: { name: $name }) { uuid } }`,
        { uuid: state.provider, name: unique('rp2').replace(/::/g, '-') },
      ),
  ],
  [
    'setResourceProviderTraits',
    (t) =>
      gql(
        t,
        `mutation ($uuid: UUID!, $traits: [String!]!) { setResourceProviderTraits(uuid: $uuid, traits: $traits, generation: 0) { generation } }`,
        { uuid: state.provider, traits: [trait] },
      ),
  ],
  [
    'deleteResourceProviderTraits',
    (t) =>
      gql(t, `mutation ($uuid: UUID!) { deleteResourceProviderTraits(uuid: $uuid) { generation } }`, {
        uuid: state.provider,
      }),
  ],
  [
    'deleteResourceProvider',
    (t) =>
      gql(t, `mutation ($uuid: UUID!) { deleteResourceProvider(uuid: $uuid) }`, { uuid: state.provider }),
  ],
  ['deleteTrait', (t) => gql(t, `mutation ($name: String!) { deleteTrait(name: $name) }`, { name: trait })],
  [
    'deleteResource',
    (t) => gql(t, `mutation ($uuid: UUID!) { deleteResource(uuid: $uuid) }`, { uuid: state.resource }),
  ],
  ['deleteTag', (t) => gql(t, `mutation ($ns: String!) { deleteTag(namespace: $ns, name: "t2") }`, { ns })],
  [
    'deleteNode',
    (t) => gql(t, `mutation ($id: ID!) { deleteNode(id: $id) { deletedId } }`, { id: state.objectId }),
  ],
  [
    'deleteObject',
    (t) => gql(t, `mutation ($ns: String!) { deleteObject(namespace: $ns, name: "o2") }`, { ns }),
  ],
  [
    'deleteProperty',
    (t) => gql(t, `mutation ($ns: String!) { deleteProperty(namespace: $ns, name: "p") }`, { ns }),
  ],
  [
    'deleteAllProperties',
    (t) => gql(t, `mutation ($ns: String!) { deleteAllProperties(namespace: $ns) }`, { ns }),
  ],
  ['deleteAllObjects', (t) => gql(t, `mutation ($ns: String!) { deleteAllObjects(namespace: $ns) }`, { ns })],
  ['deleteAllTags', (t) => gql(t, `mutation ($ns: String!) { deleteAllTags(namespace: $ns) }`, { ns })],
  ['deleteNamespace', (t) => gql(t, `mutation ($ns: String!) { deleteNamespace(name: $ns) }`, { ns })],
];

describe('change log contract: every mutation records a change when it succeeds', () => {
  let t: TestApp;
  const head = async (): Promise<bigint> => {
    await numberChanges(t);
    const [{ seq }] = (await t.app.database.dataSource.query(
      `SELECT last_seq::text AS seq FROM change_log_head`,
    )) as {
      seq: string;
    }[];
    return BigInt(seq);
  };

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('has a case for every Mutation field, or its manifest declares it records nothing', async () => {
    const data = await t.ok(`{ __schema { mutationType { fields { name } } } }`);
    const fields = (data.__schema.mutationType.fields as { name: string }[])
      .map((field) => field.name)
      .sort();
    const declared = (modules as readonly ModuleManifest[]).flatMap((module) => module.recordsNoChange ?? []);
    expect([...CASES.map(([name]) => name), ...declared].sort()).toEqual(fields);
  });

  it.each(CASES.map(([name]) => [name]))('%s records at least one change', async (name) => {
    const run = CASES.find(([candidate]) => candidate === name)![1];
    await PREPARE[name]?.(t);
    const before = await head();
    await run(t);
    expect(await head()).toBeGreaterThan(before);
  });
});
