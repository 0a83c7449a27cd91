import {
  jwtHeaders,
  JWT_SECRET,
  keystoneHeaders,
  OWNER,
  PROXY_SECRET,
  proxyHeaders,
  ROLES,
  WHO,
  type Role,
} from './support/identity-roles';
import { KeystoneStandIn, SERVICE_USER } from './support/keystone-stand-in';
import { postGql, startTestApp, unique, type Data, type TestApp } from './support/test-app';

/**
 * The same identities reach the same rules whatever AUTH_MODE establishes them: over real HTTP, an admin, a
 * member of the project that owns a private namespace, a member of another project and a service, against
 * one read rule (a private namespace exists only for its owner and admins) and two write rules (project
 * writes in an owned namespace; custom traits are for admins and services). AUTH_MODE=none has one identity
 * (an admin of `default`): identity.test.ts covers it.
 */
/** What each identity may do when the mode tells them apart. */
const EXPECTED: Record<Role, { read: string; writeProperty: string; writeTrait: string }> = {
  admin: { read: 'seen', writeProperty: 'ok', writeTrait: 'ok' },
  owner: { read: 'seen', writeProperty: 'ok', writeTrait: 'FORBIDDEN' },
  // A reader of the owner project sees what its members see and changes nothing (policy add_metadef_property).
  reader: { read: 'seen', writeProperty: 'FORBIDDEN', writeTrait: 'FORBIDDEN' },
  other: { read: 'absent', writeProperty: 'NOT_FOUND', writeTrait: 'FORBIDDEN' },
  service: { read: 'absent', writeProperty: 'NOT_FOUND', writeTrait: 'ok' },
};

interface Mode {
  env(): Promise<Record<string, string>>;
  credentials(role: Role): Promise<Record<string, string>>;
  close?(): Promise<void>;
}

let keystone: KeystoneStandIn | undefined;
const MODES: Record<string, Mode> = {
  headers: {
    env: async () => ({ AUTH_MODE: 'headers', AUTH_PROXY_SECRET: PROXY_SECRET }),
    credentials: proxyHeaders,
  },
  jwt: {
    env: async () => ({ AUTH_MODE: 'jwt', JWT_SECRET }),
    credentials: jwtHeaders,
  },
  keystone: {
    env: async () => {
      keystone = await KeystoneStandIn.start();
      return { AUTH_MODE: 'keystone', KEYSTONE_URL: keystone.url, ...SERVICE_USER };
    },
    credentials: async (role) => keystoneHeaders(keystone!, role),
    close: () => keystone!.close(),
  },
};

describe.each(Object.keys(MODES))('AUTH_MODE=%s: the identity matrix', (modeName) => {
  const mode = MODES[modeName];
  let t: TestApp;
  let url: string;
  let namespace: string;
  /** A resource type registered through the private namespace: the namespace's owner's, like it. */
  let resourceType: string;
  /** Its global id, and a resource of the owner project (its uuid). */
  let resourceTypeId: string;
  let resource: string;

  async function as(role: Role, query: string, variables: Record<string, unknown>) {
    const { status, body } = await postGql(url, query, variables, await mode.credentials(role));
    expect(status).toBe(200);
    return body;
  }
  const outcome = (body: Data) => (body.errors ? body.errors[0].extensions.code : 'ok');

  beforeAll(async () => {
    t = await startTestApp({ ...(await mode.env()), METADEF_PROJECT_WRITES: 'true' });
    url = await t.app.listen(0, '127.0.0.1');
    namespace = unique('Matrix');
    resourceType = unique('Matrix::Type');
    const created = await as(
      'admin',
      `mutation ($name: String!, $owner: String!, $type: String!) {
        createNamespace(input: {
          name: $name, owner: $owner, visibility: PRIVATE, resourceTypeAssociations: [{ name: $type }]
        }) { owner visibility }
      }`,
      { name: namespace, owner: OWNER, type: resourceType },
    );
    expect(created.data.createNamespace).toEqual({ owner: OWNER, visibility: 'PRIVATE' });
    const types = await as('admin', `{ resourceTypes { id name } }`, {});
    resourceTypeId = types.data.resourceTypes.find((type: { name: string }) => type.name === resourceType).id;
    const made = await as(
      'owner',
      `mutation { createResource(input: { resourceType: "OS::Nova::Server", name: "matrix" }) { uuid } }`,
      {},
    );
    resource = made.data.createResource.uuid;
  });
  afterAll(async () => {
    await t.close();
    await mode.close?.();
  });

  it.each(ROLES)('%s: reading the private namespace', async (role) => {
    const body = await as(role, `query ($name: String!) { namespace(name: $name) { name } }`, {
      name: namespace,
    });
    expect(body.errors).toBeUndefined();
    expect(body.data.namespace ? 'seen' : 'absent').toBe(EXPECTED[role].read);
  });

  it.each(ROLES)('%s: reading the resource type registered through the private namespace', async (role) => {
    const body = await as(role, `{ resourceTypes { name } }`, {});
    expect(body.errors).toBeUndefined();
    const names = body.data.resourceTypes.map((type: { name: string }) => type.name);
    expect(names.includes(resourceType) ? 'seen' : 'absent').toBe(EXPECTED[role].read);
  });

  it.each(ROLES)('%s: adding a property to the private namespace', async (role) => {
    const body = await as(
      role,
      `mutation ($ns: String!, $name: String!) {
        createProperty(namespace: $ns, input: { name: $name, title: "T", type: STRING }) { name }
      }`,
      { ns: namespace, name: `p_${role}` },
    );
    expect(outcome(body)).toBe(EXPECTED[role].writeProperty);
  });

  it.each(ROLES)("%s: tagging the owner project's resource", async (role) => {
    // A resource of its own, so that the histories below stay the first resource's.
    const made = await as(
      'owner',
      `mutation { createResource(input: { resourceType: "OS::Nova::Server", name: "tagged" }) { uuid } }`,
      {},
    );
    const body = await as(
      role,
      `mutation ($uuid: UUID!) { addResourceTag(uuid: $uuid, tag: "matrix") { created } }`,
      { uuid: made.data.createResource.uuid },
    );
    const expected = {
      admin: 'ok',
      owner: 'ok',
      reader: 'FORBIDDEN',
      other: 'NOT_FOUND',
      service: 'NOT_FOUND',
    };
    expect(outcome(body)).toBe(expected[role]);
    if (role === 'reader') expect(body.errors[0].extensions.policy).toBe('update_resource');
  });

  it.each(ROLES)('%s: creating a custom trait', async (role) => {
    const name = `CUSTOM_MATRIX_${modeName.toUpperCase()}_${role.toUpperCase()}`;
    const body = await as(role, `mutation ($name: String!) { createTrait(name: $name) { created } }`, {
      name,
    });
    expect(outcome(body)).toBe(EXPECTED[role].writeTrait);
  });

  it.each(ROLES)("%s: the private namespace in the change log (changes, a node's history)", async (role) => {
    const body = await as(
      role,
      `query ($ns: String!) {
        byName: changes(filter: { namespace: $ns }) { totalCount nodes { nodeType kind namespace } }
        types: changes(filter: { types: ["ResourceType"] }) { totalCount }
        namespace(name: $ns) { id }
      }`,
      { ns: namespace },
    );
    expect(body.errors).toBeUndefined();
    const { byName, types } = body.data;
    if (EXPECTED[role].read === 'seen') {
      expect(byName.totalCount).toBeGreaterThan(0);
      expect(byName.nodes[0]).toEqual({ nodeType: 'Namespace', kind: 'CREATED', namespace });
      // Its history, by its id.
      const history = await as(
        role,
        `query ($id: ID!) { changes(filter: { nodeId: $id }) { nodes { kind actor { via projectId } } } }`,
        { id: body.data.namespace.id },
      );
      expect(history.data.changes.nodes[0]).toMatchObject({ kind: 'CREATED', actor: { via: 'GRAPHQL' } });
    } else {
      // Neither its records, nor their count.
      expect(byName).toEqual({ totalCount: 0, nodes: [] });
      expect(body.data.namespace).toBeNull();
    }
    // Resource types (and discovery keys) are the service's vocabulary: their changes are for admins.
    expect(types.totalCount > 0).toBe(role === 'admin');
  });

  it.each(ROLES)(
    "%s: histories of the private namespace, the owner's resource and the resource type it registered",
    async (role) => {
      const body = await as(
        role,
        `query ($ns: String!, $uuid: UUID!, $type: ID!) {
          namespace(name: $ns) { history { totalCount nodes { kind actor { via projectId } } } }
          resource(uuid: $uuid) { history { totalCount nodes { kind actor { via projectId } } } }
          type: node(id: $type) { ... on Node { history { totalCount } } }
        }`,
        { ns: namespace, uuid: resource, type: resourceTypeId },
      );
      expect(body.errors).toBeUndefined();
      const { namespace: ns, resource: res, type } = body.data;
      if (EXPECTED[role].read === 'seen') {
        expect(ns.history.nodes[0]).toEqual({
          kind: 'CREATED',
          actor: { via: 'GRAPHQL', projectId: WHO.admin.project },
        });
        expect(res.history).toEqual({
          totalCount: 1,
          nodes: [{ kind: 'CREATED', actor: { via: 'GRAPHQL', projectId: OWNER } }],
        });
        // The owner sees the type, but resource types' changes are the service's vocabulary: for admins.
        expect(type.history.totalCount > 0).toBe(role === 'admin');
      } else {
        // Not there at all: neither the nodes nor, through them, their records.
        expect([ns, res, type]).toEqual([null, null, null]);
      }
    },
  );
});

describe('AUTH_MODE=keystone: a system-scoped admin acts across projects', () => {
  let keystoneServer: KeystoneStandIn;
  let t: TestApp;
  let url: string;
  let headers: Record<string, string>;
  beforeAll(async () => {
    keystoneServer = await KeystoneStandIn.start();
    t = await startTestApp({ AUTH_MODE: 'keystone', KEYSTONE_URL: keystoneServer.url, ...SERVICE_USER });
    url = await t.app.listen(0, '127.0.0.1');
    headers = { 'x-auth-token': keystoneServer.issue({ system: true, userId: 'root', roles: ['admin'] }) };
  });
  afterAll(async () => {
    await t.close();
    await keystoneServer.close();
  });

  it('writes and reads in any project it names; a write naming none is refused on the field', async () => {
    const name = unique('Matrix::System');
    const created = await postGql(
      url,
      `mutation ($name: String!, $owner: String) {
        createNamespace(input: { name: $name, owner: $owner, visibility: PRIVATE }) { owner }
      }`,
      { name, owner: OWNER },
      headers,
    );
    expect(created.body.data.createNamespace).toEqual({ owner: OWNER });
    const unnamed = await postGql(
      url,
      `mutation { createResource(input: { resourceType: "OS::Nova::Server" }) { uuid } }`,
      {},
      headers,
    );
    expect(unnamed.body.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'input.projectId',
    });
    const resource = await postGql(
      url,
      `mutation ($p: String!) { createResource(input: { resourceType: "OS::Nova::Server", projectId: $p }) { projectId } }`,
      { p: OWNER },
      headers,
    );
    expect(resource.body.data.createResource).toEqual({ projectId: OWNER });
    const read = await postGql(
      url,
      `query ($name: String!) { namespace(name: $name) { name } }`,
      { name },
      headers,
    );
    expect(read.body.data.namespace).toEqual({ name });
  });
});
