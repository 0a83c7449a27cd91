import { createNamespace } from './support/factories';
import { createResource } from './support/resource-factories';
import { ADMIN, SERVICE, project, startTestApp, unique, type TestApp, type Who } from './support/test-app';

/**
 * A resource type an admin registers through a private namespace (or by creating a resource for one project)
 * is that owner's, like the namespace: visible to admins, and to anyone else only when protected (seeded),
 * associated with a namespace they can see, or carried by a resource of their project. Everywhere a type is
 * reached by name or id, an invisible one answers as a name nobody registered.
 */
const OWNER = project(unique('p-rt-owner'));
const OTHER = project(unique('p-rt-other'));
type Role = 'admin' | 'owner' | 'other' | 'service';
const WHO: Record<Role, Who> = { admin: ADMIN, owner: OWNER, other: OTHER, service: SERVICE };
const ROLES = Object.keys(WHO) as Role[];
/** Whether each role sees the types registered for the owner project. */
const SEES_OWNERS: Record<Role, boolean> = { admin: true, owner: true, other: false, service: false };

const TYPES = `{ resourceTypes { id name } }`;
const NODE = `query ($id: ID!) { node(id: $id) { id ... on ResourceType { name namespaces { nodes { name } } } } }`;
const VALIDATE = `query ($rt: String!) { validateMetadata(resourceType: $rt, metadata: {}) { valid } }`;
const SEARCH = `query ($rt: String!) { searchProperties(query: "secret", resourceType: $rt) { nodes { property { name } } } }`;
const DISCOVER = `query ($rt: String!) { resourceProperties(resourceType: $rt) { id name values } }`;
const CREATE = `mutation ($input: CreateResourceInput!) { createResource(input: $input) { uuid resourceType } }`;

describe('resource types registered for one project', () => {
  let t: TestApp;
  /** Registered through a private namespace of OWNER. */
  const viaNamespace = unique('ACME::Secret');
  /** Registered by an admin creating a resource of it for OWNER. */
  const viaResource = unique('ACME::Hosts');
  /** Registered through a public namespace: everyone's. */
  const viaPublic = unique('ACME::Public');
  let privateNamespace: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ DISCOVERY_ALLOW_ALL_USERS: 'true', METADEF_PROJECT_WRITES: 'true' });
    privateNamespace = await createNamespace(t, {
      visibility: 'PRIVATE',
      owner: OWNER.project,
      resourceTypeAssociations: [{ name: viaNamespace }],
      properties: [{ name: 'secret_level', title: 'Secret level', type: 'STRING' }],
    });
    await createNamespace(t, { visibility: 'PUBLIC', resourceTypeAssociations: [{ name: viaPublic }] });
    await createResource(
      t,
      { resourceType: viaResource, projectId: OWNER.project, properties: { rack: 'r1' } },
      ADMIN,
    );
    const { resourceTypes } = await t.ok(TYPES, {}, ADMIN);
    for (const type of resourceTypes as { id: string; name: string }[]) ids[type.name] = type.id;
    expect(Object.keys(ids)).toEqual(expect.arrayContaining([viaNamespace, viaResource, viaPublic]));
  });
  afterAll(() => t.close());

  it.each(ROLES)('%s: resourceTypes lists them only to admins and the owner project', async (role) => {
    const names = (await t.ok(TYPES, {}, WHO[role])).resourceTypes.map((type: { name: string }) => type.name);
    expect(names).toContain('OS::Nova::Server');
    expect(names).toContain(viaPublic);
    expect({ viaNamespace: names.includes(viaNamespace), viaResource: names.includes(viaResource) }).toEqual({
      viaNamespace: SEES_OWNERS[role],
      viaResource: SEES_OWNERS[role],
    });
  });

  it.each(ROLES)('%s: node(id) and nodes(ids) of them', async (role) => {
    for (const name of [viaNamespace, viaResource]) {
      const { node } = await t.ok(NODE, { id: ids[name] }, WHO[role]);
      expect(node?.name ?? null).toBe(SEES_OWNERS[role] ? name : null);
    }
    const { nodes } = await t.ok(
      `query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`,
      {
        ids: [ids[viaNamespace], ids[viaResource], ids[viaPublic]],
      },
      WHO[role],
    );
    expect(nodes.map((node: { id: string } | null) => node?.id ?? null)).toEqual(
      SEES_OWNERS[role]
        ? [ids[viaNamespace], ids[viaResource], ids[viaPublic]]
        : [null, null, ids[viaPublic]],
    );
    // What the owner sees of the namespace side: its private namespace, to itself and admins only.
    if (SEES_OWNERS[role]) {
      const { node } = await t.ok(NODE, { id: ids[viaNamespace] }, WHO[role]);
      expect(node.namespaces.nodes).toEqual([{ name: privateNamespace }]);
    }
  });

  it.each(ROLES)(
    '%s: validateMetadata and searchProperties by its name: NOT_FOUND as for no such type',
    async (role) => {
      const unknown = unique('No::Such');
      const code = async (query: string, rt: string) =>
        (await t.gql(query, { rt }, WHO[role])).errors?.[0]?.extensions?.code ?? 'ok';
      expect(await code(VALIDATE, unknown)).toBe('NOT_FOUND');
      expect(await code(SEARCH, unknown)).toBe('NOT_FOUND');
      for (const name of [viaNamespace, viaResource]) {
        expect(await code(VALIDATE, name)).toBe(SEES_OWNERS[role] ? 'ok' : 'NOT_FOUND');
        expect(await code(SEARCH, name)).toBe(SEES_OWNERS[role] ? 'ok' : 'NOT_FOUND');
      }
      if (SEES_OWNERS[role]) {
        const { searchProperties } = await t.ok(SEARCH, { rt: viaNamespace }, WHO[role]);
        expect(searchProperties.nodes).toEqual([{ property: { name: 'secret_level' } }]);
      }
    },
  );

  it.each(ROLES)(
    '%s: discovery (open to all users here) of them: NOT_FOUND as for no such type',
    async (role) => {
      const result = await t.gql(DISCOVER, { rt: viaResource }, WHO[role]);
      if (!SEES_OWNERS[role]) {
        expect(result.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
        expect(result.errors?.[0]?.message).toBe(`Resource type "${viaResource}" not found`);
        return;
      }
      // Keys are private by default: admins list them with includePrivate, others see the public ones.
      expect(result.errors).toBeUndefined();
    },
  );

  it('a discovered property of them is a null node to those who cannot see the type', async () => {
    const { resourceProperties } = await t.ok(
      `query ($rt: String!) { resourceProperties(resourceType: $rt, includePrivate: true) { id name } }`,
      { rt: viaResource },
      ADMIN,
    );
    const [rack] = resourceProperties;
    await t.ok(
      `mutation ($rt: String!) { updateResourceProperty(resourceType: $rt, name: "rack", private: false) { name } }`,
      { rt: viaResource },
      ADMIN,
    );
    for (const role of ROLES) {
      const { node } = await t.ok(`query ($id: ID!) { node(id: $id) { id } }`, { id: rack.id }, WHO[role]);
      expect({ role, seen: node !== null }).toEqual({ role, seen: SEES_OWNERS[role] });
    }
  });

  it.each(ROLES)('%s: creating a resource of them (unknown to those who cannot see them)', async (role) => {
    for (const name of [viaNamespace, viaResource]) {
      const result = await t.gql(CREATE, { input: { resourceType: name } }, WHO[role]);
      if (SEES_OWNERS[role]) {
        expect(result.errors).toBeUndefined();
        expect(result.data.createResource.resourceType).toBe(name);
      } else {
        expect(result.errors?.[0]?.extensions).toMatchObject({
          code: 'BAD_USER_INPUT',
          field: 'input.resourceType',
        });
        expect(result.errors?.[0]?.message).toBe(
          `input.resourceType: unknown resource type "${name}" (only admins may register new types)`,
        );
      }
    }
  });

  it('a project writer cannot associate its namespace with them (unknown), the owner can', async () => {
    const associate = `mutation ($ns: String!, $rt: String!) { associateResourceType(namespace: $ns, input: { name: $rt }) { name } }`;
    const others = await createNamespace(t, { visibility: 'PRIVATE', owner: OTHER.project });
    const refused = await t.gql(associate, { ns: others, rt: viaNamespace }, OTHER);
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.name' });
    const owners = await createNamespace(t, { visibility: 'PRIVATE', owner: OWNER.project });
    await t.ok(associate, { ns: owners, rt: viaNamespace }, OWNER);
  });

  it('filters that take a type name answer nothing for them, as for an unknown name', async () => {
    const namespaces = `query ($rt: String!) { namespaces(filter: { resourceTypes: [$rt] }) { nodes { name } } }`;
    const resources = `query ($rt: String!) { resources(filter: { resourceType: $rt }) { nodes { uuid } } }`;
    for (const name of [viaNamespace, viaResource]) {
      expect((await t.ok(namespaces, { rt: name }, OTHER)).namespaces.nodes).toEqual([]);
      expect((await t.ok(resources, { rt: name }, OTHER)).resources.nodes).toEqual([]);
    }
    expect((await t.ok(namespaces, { rt: viaNamespace }, OWNER)).namespaces.nodes).toContainEqual({
      name: privateNamespace,
    });
  });

  it('each project sees its own list at once: a resource of the type for it shows the type, its deletion hides it', async () => {
    const names = async (who: Who) =>
      (await t.ok(TYPES, {}, who)).resourceTypes.map((type: { name: string }) => type.name);
    const third = project(unique('p-rt-third'));
    // Asked twice: a list kept for the project would be served the second time.
    expect(await names(third)).not.toContain(viaNamespace);
    expect(await names(third)).not.toContain(viaNamespace);
    const uuid = await createResource(t, { resourceType: viaNamespace, projectId: third.project }, ADMIN);
    expect(await names(third)).toContain(viaNamespace);
    expect(await names(OTHER)).not.toContain(viaNamespace);
    await t.ok(`mutation ($uuid: UUID!) { deleteResource(uuid: $uuid) }`, { uuid }, ADMIN);
    expect(await names(third)).not.toContain(viaNamespace);
  });

  it('a namespace made public shows its types to everyone; made private again, hides them', async () => {
    const update = `mutation ($ns: String!, $v: Visibility!) { updateNamespace(name: $ns, input: { visibility: $v }) { name } }`;
    const names = async (who: Who) =>
      (await t.ok(TYPES, {}, who)).resourceTypes.map((type: { name: string }) => type.name);
    expect(await names(OTHER)).not.toContain(viaNamespace);
    await t.ok(update, { ns: privateNamespace, v: 'PUBLIC' }, ADMIN);
    expect(await names(OTHER)).toContain(viaNamespace);
    await t.ok(update, { ns: privateNamespace, v: 'PRIVATE' }, ADMIN);
    expect(await names(OTHER)).not.toContain(viaNamespace);
  });
});
