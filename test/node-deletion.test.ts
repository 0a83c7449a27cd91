import { ADMIN, expectError, project, startTestApp, unique, type TestApp } from './support/test-app';

/** deleteNode(id:): any deletable node by global id, answering the ids a client cache evicts. */
const DELETE = `mutation ($id: ID!) { deleteNode(id: $id) { deletedId deletedIds } }`;
const DELETE_NODES = `mutation ($id: ID!) { deleteNode(id: $id) { deletedNodes { typename nodeId } } }`;
const NODE = `query ($id: ID!) { node(id: $id) { id } }`;

describe('deleteNode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function namespaceWithContent(extra: Record<string, unknown> = {}) {
    const data = await t.ok(
      `mutation ($input: CreateNamespaceInput!) { createNamespace(input: $input) {
         id properties { id } objects { id properties { id } } tags { id } } }`,
      {
        input: {
          name: unique('NS'),
          visibility: 'PUBLIC',
          properties: [{ name: 'p', title: 'p', type: 'STRING' }],
          objects: [{ name: 'o', properties: [{ name: 'q', title: 'q', type: 'STRING' }] }],
          tags: ['t1'],
          ...extra,
        },
      },
    );
    return data.createNamespace;
  }

  it('deletes a namespace and names everything that went with it', async () => {
    const ns = await namespaceWithContent();
    const contained = [ns.properties[0].id, ns.objects[0].id, ns.objects[0].properties[0].id, ns.tags[0].id];
    const { deleteNode } = await t.ok(DELETE, { id: ns.id });
    expect(deleteNode.deletedId).toBe(ns.id);
    expect(deleteNode.deletedIds[0]).toBe(ns.id);
    expect(new Set(deleteNode.deletedIds)).toEqual(new Set([ns.id, ...contained]));
    for (const id of deleteNode.deletedIds) expect((await t.ok(NODE, { id })).node).toBeNull();
  });

  it("deletes an object with its properties, a namespace's property, a tag", async () => {
    const ns = await namespaceWithContent();
    const object = await t.ok(DELETE, { id: ns.objects[0].id });
    expect(object.deleteNode.deletedIds).toEqual([ns.objects[0].id, ns.objects[0].properties[0].id]);
    for (const id of [ns.properties[0].id, ns.tags[0].id]) {
      expect((await t.ok(DELETE, { id })).deleteNode).toEqual({ deletedId: id, deletedIds: [id] });
      expect((await t.ok(NODE, { id })).node).toBeNull();
    }
    expect((await t.ok(NODE, { id: ns.id })).node).toEqual({ id: ns.id });
  });

  it('lists every id of what went, plain and in every prefixed view, with its type', async () => {
    const ns = await namespaceWithContent({
      resourceTypeAssociations: [
        { name: 'OS::Nova::Flavor', prefix: 'hw:' },
        { name: 'OS::Glance::Image', prefix: 'hw_' },
        { name: 'OS::Nova::Server' },
      ],
    });
    const VIEW = `query ($name: String!, $rt: String) { namespace(name: $name, resourceType: $rt) {
      __typename id properties { __typename id } objects { __typename id properties { __typename id } }
      tags { __typename id } } }`;
    const name = (await t.ok(NODE.replace('{ id }', '{ ... on Namespace { name } }'), { id: ns.id })).node
      .name;
    const seen = new Map<string, string>();
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object') {
        const node = value as Record<string, unknown>;
        if (typeof node.id === 'string') seen.set(node.id, node.__typename as string);
        Object.values(node).forEach(collect);
      }
    };
    for (const rt of [null, 'OS::Nova::Flavor', 'OS::Glance::Image', 'OS::Nova::Server']) {
      collect((await t.ok(VIEW, { name, rt })).namespace);
    }
    // namespace, property, object, object property: plain and two views each; one tag
    expect(seen.size).toBe(4 * 3 + 1);
    const { deleteNode } = await t.ok(
      `mutation ($id: ID!) { deleteNode(id: $id) { deletedId deletedIds deletedNodes { typename nodeId } } }`,
      { id: ns.id },
    );
    expect(deleteNode.deletedIds).toEqual(
      deleteNode.deletedNodes.map((gone: { nodeId: string }) => gone.nodeId),
    );
    expect(deleteNode.deletedIds[0]).toBe(ns.id);
    expect(
      new Map(
        deleteNode.deletedNodes.map((gone: { typename: string; nodeId: string }) => [
          gone.nodeId,
          gone.typename,
        ]),
      ),
    ).toEqual(seen);
    expect(deleteNode.deletedIds).toHaveLength(seen.size);
    for (const id of deleteNode.deletedIds) expect((await t.ok(NODE, { id })).node).toBeNull();
  });

  it('deletes traits, providers and resources', async () => {
    const name = unique('CUSTOM_DEL')
      .replace(/[^A-Z0-9_]/gi, '_')
      .toUpperCase();
    const trait = await t.ok(`mutation ($name: String!) { createTrait(name: $name) { trait { id } } }`, {
      name,
    });
    const rp = await t.ok(
      `mutation ($name: String!) { createResourceProvider(input: { name: $name }) { id } }`,
      {
        name: unique('rp'),
      },
    );
    const resource = await t.ok(
      `mutation { createResource(input: { resourceType: "OS::Nova::Server" }) { id } }`,
    );
    for (const id of [trait.createTrait.trait.id, rp.createResourceProvider.id, resource.createResource.id]) {
      const { node } = await t.ok(`query ($id: ID!) { node(id: $id) { __typename } }`, { id });
      expect((await t.ok(DELETE_NODES, { id })).deleteNode.deletedNodes).toEqual([
        { typename: node.__typename, nodeId: id },
      ]);
      expect((await t.ok(NODE, { id })).node).toBeNull();
    }
  });

  it('keeps the rules of the typed deletes and refuses what cannot be deleted', async () => {
    const ns = await namespaceWithContent({ protected: true });
    expectError(await t.gql(DELETE, { id: ns.id }), 'FORBIDDEN');
    expectError(await t.gql(DELETE, { id: ns.tags[0].id }), 'FORBIDDEN');
    expect((await t.ok(NODE, { id: ns.tags[0].id })).node).toEqual({ id: ns.tags[0].id });
    expectError(await t.gql(DELETE, { id: ns.objects[0].properties[0].id }), 'BAD_USER_INPUT', 'id');
    expectError(await t.gql(DELETE, { id: 'not-an-id' }), 'BAD_USER_INPUT', 'id');
    const types = await t.ok(`{ resourceTypes { id } }`);
    expectError(await t.gql(DELETE, { id: types.resourceTypes[0].id }), 'BAD_USER_INPUT', 'id');
  });

  it('is NOT_FOUND for what the caller cannot see', async () => {
    const secret = await t.ok(
      `mutation ($input: CreateNamespaceInput!) { createNamespace(input: $input) { id } }`,
      { input: { name: unique('NS'), owner: 'someone-else' } },
      ADMIN,
    );
    expectError(await t.gql(DELETE, { id: secret.createNamespace.id }, project('p-other')), 'NOT_FOUND');
    expect((await t.ok(NODE, { id: secret.createNamespace.id })).node).toEqual({
      id: secret.createNamespace.id,
    });
  });
});
