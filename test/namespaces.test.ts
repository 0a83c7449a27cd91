import { createNamespace } from './support/factories';
import { ADMIN, SERVICE, expectError, project, startTestApp, unique, type TestApp } from './support/test-app';

const OWNER = project('p-owner');
const OTHER = project('p-other');

const NAMESPACE = `query ($name: String!, $rt: String) {
  namespace(name: $name, resourceType: $rt) {
    id name displayName description visibility protected owner createdAt updatedAt
    resourceTypeAssociations { name prefix propertiesTarget createdAt }
  }
}`;
const CREATE = `mutation ($input: CreateNamespaceInput!) { createNamespace(input: $input) { id name owner visibility protected } }`;
const UPDATE = `mutation ($name: String!, $input: UpdateNamespaceInput!) { updateNamespace(name: $name, input: $input) { name displayName description visibility protected owner } }`;
const DELETE = `mutation ($name: String!) { deleteNamespace(name: $name) }`;
const ASSOCIATE = `mutation ($ns: String!, $input: ResourceTypeAssociationInput!) { associateResourceType(namespace: $ns, input: $input) { name prefix propertiesTarget } }`;
const DISSOCIATE = `mutation ($ns: String!, $rt: String!) { dissociateResourceType(namespace: $ns, resourceType: $rt) }`;

describe('namespaces', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  describe('create and read', () => {
    it('creates a namespace with associations and reads it back by name and by node id', async () => {
      const name = unique('OS::Compute');
      const created = await t.ok(CREATE, {
        input: {
          name,
          displayName: 'Virtual CPU Topology',
          description: 'Preferred topology',
          visibility: 'PUBLIC',
          protected: true,
          resourceTypeAssociations: [
            { name: 'OS::Nova::Flavor', prefix: 'hw:' },
            { name: 'OS::Cinder::Volume', prefix: 'hw_', propertiesTarget: 'image' },
          ],
        },
      });
      expect(created.createNamespace).toMatchObject({
        name,
        owner: ADMIN.project,
        visibility: 'PUBLIC',
        protected: true,
      });

      const { namespace } = await t.ok(NAMESPACE, { name });
      expect(namespace).toMatchObject({
        name,
        displayName: 'Virtual CPU Topology',
        description: 'Preferred topology',
      });
      expect(namespace.resourceTypeAssociations).toEqual([
        {
          name: 'OS::Cinder::Volume',
          prefix: 'hw_',
          propertiesTarget: 'image',
          createdAt: expect.any(String),
        },
        { name: 'OS::Nova::Flavor', prefix: 'hw:', propertiesTarget: null, createdAt: expect.any(String) },
      ]);
      expect(new Date(namespace.createdAt).toISOString()).toBe(namespace.createdAt);

      const byNode = await t.ok(`query ($id: ID!) { node(id: $id) { id ... on Namespace { name } } }`, {
        id: namespace.id,
      });
      expect(byNode.node).toEqual({ id: namespace.id, name });
    });

    it('defaults to private, unprotected, owned by the caller', async () => {
      const name = unique();
      const { createNamespace: created } = await t.ok(CREATE, { input: { name } });
      expect(created).toMatchObject({ visibility: 'PRIVATE', protected: false, owner: ADMIN.project });
    });

    it('returns null for an unknown name and an unknown node id', async () => {
      expect((await t.ok(NAMESPACE, { name: 'No::Such' })).namespace).toBeNull();
      const id = Buffer.from('Namespace:999999').toString('base64url');
      expect((await t.ok(`query ($id: ID!) { node(id: $id) { id } }`, { id })).node).toBeNull();
    });

    it('rejects a malformed node id as bad input', async () => {
      expectError(await t.gql(`{ node(id: "%%%") { id } }`), 'BAD_USER_INPUT', 'id');
    });

    it('creates an unknown resource type on association, as Glance does', async () => {
      const type = unique('OS::New');
      const name = await createNamespace(t, { resourceTypeAssociations: [{ name: type }] });
      const { resourceTypes } = await t.ok(
        `{ resourceTypes { name protected namespaces { nodes { name } } } }`,
      );
      const created = resourceTypes.find((rt: { name: string }) => rt.name === type);
      expect(created).toEqual({ name: type, protected: false, namespaces: { nodes: [{ name }] } });
    });

    it('seeds the default resource types, protected', async () => {
      const { resourceTypes } = await t.ok(`{ resourceTypes { name protected } }`);
      for (const name of [
        'OS::Glance::Image',
        'OS::Cinder::Volume',
        'OS::Nova::Flavor',
        'OS::Nova::Aggregate',
        'OS::Nova::Server',
      ]) {
        expect(resourceTypes).toContainEqual({ name, protected: true });
      }
    });
  });

  describe('input rules', () => {
    it('rejects a duplicate name with CONFLICT and writes nothing', async () => {
      const name = await createNamespace(t);
      expectError(await t.gql(CREATE, { input: { name } }), 'CONFLICT');
    });

    it.each([
      ['name', { name: '' }, 'input.name'],
      ['name', { name: 'x'.repeat(81) }, 'input.name'],
      ['name', { name: 'tab\there' }, 'input.name'],
      ['displayName', { displayName: 'd'.repeat(81) }, 'input.displayName'],
      ['description', { description: 'd'.repeat(501) }, 'input.description'],
      ['description', { description: 'bell\u0007' }, 'input.description'],
      [
        'prefix',
        { resourceTypeAssociations: [{ name: 'OS::Nova::Flavor', prefix: 'p'.repeat(81) }] },
        'input.resourceTypeAssociations.0.prefix',
      ],
      [
        'propertiesTarget',
        { resourceTypeAssociations: [{ name: 'OS::Nova::Flavor', propertiesTarget: 't'.repeat(81) }] },
        'input.resourceTypeAssociations.0.propertiesTarget',
      ],
      [
        'resource type name',
        { resourceTypeAssociations: [{ name: '' }] },
        'input.resourceTypeAssociations.0.name',
      ],
    ])('rejects a bad %s naming the field', async (_what, fields, field) => {
      const name = (fields as { name?: string }).name ?? unique();
      const result = await t.gql(CREATE, { input: { name, ...fields } });
      expectError(result, 'BAD_USER_INPUT', field);
      expect((await t.ok(NAMESPACE, { name })).namespace).toBeNull();
    });

    it('accepts the limits exactly: 80-character name, 80 display name, 500 description, 80 prefix', async () => {
      const name = `N${'x'.repeat(70)}${Math.random().toString(36).slice(2, 11)}`.slice(0, 80);
      const { createNamespace: created } = await t.ok(CREATE, {
        input: {
          name,
          displayName: 'd'.repeat(80),
          description: 'multi\nline '.repeat(50).slice(0, 500),
          resourceTypeAssociations: [
            { name: 'OS::Nova::Flavor', prefix: 'p'.repeat(80), propertiesTarget: 't'.repeat(80) },
          ],
        },
      });
      expect(created.name).toHaveLength(80);
    });

    it('rejects a resource type listed twice and leaves nothing behind (one transaction)', async () => {
      const name = unique();
      const result = await t.gql(CREATE, {
        input: {
          name,
          resourceTypeAssociations: [{ name: 'OS::Nova::Flavor' }, { name: 'OS::Nova::Flavor' }],
        },
      });
      expectError(result, 'BAD_USER_INPUT', 'input.resourceTypeAssociations.1.name');
      expect((await t.ok(NAMESPACE, { name })).namespace).toBeNull();
    });

    it('rejects a wrong enum value in variables as BAD_USER_INPUT naming the field', async () => {
      const result = await t.gql(CREATE, { input: { name: unique(), visibility: 'SECRET' } });
      expectError(result, 'BAD_USER_INPUT', 'input.visibility');
    });

    it('rejects a wrong literal argument type naming the argument', async () => {
      expectError(await t.gql(`{ namespaces(first: "ten") { totalCount } }`), 'BAD_USER_INPUT', 'first');
      expectError(
        await t.gql(`mutation { createNamespace(input: { name: "x", visibility: SECRET }) { id } }`),
        'BAD_USER_INPUT',
        'input.visibility',
      );
    });

    it('rejects null for fields that cannot be cleared on update', async () => {
      const name = await createNamespace(t);
      expectError(
        await t.gql(UPDATE, { name, input: { visibility: null } }),
        'BAD_USER_INPUT',
        'input.visibility',
      );
      expectError(await t.gql(UPDATE, { name, input: { name: null } }), 'BAD_USER_INPUT', 'input.name');
    });
  });

  describe('update, rename, delete', () => {
    it('updates only the given fields and clears with null', async () => {
      const name = await createNamespace(t, { displayName: 'Before', description: 'Keep me' });
      const { updateNamespace: updated } = await t.ok(UPDATE, {
        name,
        input: { displayName: null, protected: true },
      });
      expect(updated).toMatchObject({
        name,
        displayName: null,
        description: 'Keep me',
        protected: true,
        visibility: 'PUBLIC',
      });
    });

    it('renames, keeping the associations', async () => {
      const name = await createNamespace(t, {
        resourceTypeAssociations: [{ name: 'OS::Glance::Image', prefix: 'hw_' }],
      });
      const renamed = unique('Renamed');
      await t.ok(UPDATE, { name, input: { name: renamed } });
      expect((await t.ok(NAMESPACE, { name })).namespace).toBeNull();
      const { namespace } = await t.ok(NAMESPACE, { name: renamed });
      expect(namespace.resourceTypeAssociations).toEqual([
        expect.objectContaining({ name: 'OS::Glance::Image', prefix: 'hw_' }),
      ]);
    });

    it('refuses to rename onto an existing name (CONFLICT)', async () => {
      const a = await createNamespace(t);
      const b = await createNamespace(t);
      expectError(await t.gql(UPDATE, { name: a, input: { name: b } }), 'CONFLICT');
    });

    it('protected blocks deletion (FORBIDDEN) until set false', async () => {
      const name = await createNamespace(t, { protected: true });
      expectError(await t.gql(DELETE, { name }), 'FORBIDDEN');
      expect((await t.ok(NAMESPACE, { name })).namespace).not.toBeNull();
      await t.ok(UPDATE, { name, input: { protected: false } });
      expect(await t.ok(DELETE, { name })).toEqual({ deleteNamespace: true });
      expect((await t.ok(NAMESPACE, { name })).namespace).toBeNull();
    });

    it('deleting an unknown namespace is NOT_FOUND', async () => {
      expectError(await t.gql(DELETE, { name: 'No::Such::Namespace' }), 'NOT_FOUND');
      expectError(
        await t.gql(UPDATE, { name: 'No::Such::Namespace', input: { displayName: 'x' } }),
        'NOT_FOUND',
      );
    });
  });

  describe('resource type associations', () => {
    it('associates and dissociates', async () => {
      const name = await createNamespace(t);
      const { associateResourceType } = await t.ok(ASSOCIATE, {
        ns: name,
        input: { name: 'OS::Nova::Flavor', prefix: 'hw:', propertiesTarget: 'extra_specs' },
      });
      expect(associateResourceType).toEqual({
        name: 'OS::Nova::Flavor',
        prefix: 'hw:',
        propertiesTarget: 'extra_specs',
      });
      expectError(await t.gql(ASSOCIATE, { ns: name, input: { name: 'OS::Nova::Flavor' } }), 'CONFLICT');
      expect(await t.ok(DISSOCIATE, { ns: name, rt: 'OS::Nova::Flavor' })).toEqual({
        dissociateResourceType: true,
      });
      expectError(await t.gql(DISSOCIATE, { ns: name, rt: 'OS::Nova::Flavor' }), 'NOT_FOUND');
      expectError(await t.gql(DISSOCIATE, { ns: name, rt: 'OS::Unknown::Type' }), 'NOT_FOUND');
    });

    it('a protected namespace keeps its associations (FORBIDDEN), but accepts new ones', async () => {
      const name = await createNamespace(t, {
        protected: true,
        resourceTypeAssociations: [{ name: 'OS::Nova::Flavor' }],
      });
      expectError(await t.gql(DISSOCIATE, { ns: name, rt: 'OS::Nova::Flavor' }), 'FORBIDDEN');
      await t.ok(ASSOCIATE, { ns: name, input: { name: 'OS::Glance::Image' } });
    });

    it('applies the prefix of the asked resource type, none for an unassociated one', async () => {
      const name = await createNamespace(t, {
        resourceTypeAssociations: [{ name: 'OS::Nova::Flavor', prefix: 'hw:' }],
        properties: [{ name: 'cpu_cores', title: 'Cores', type: 'INTEGER' }],
        objects: [
          {
            name: 'Threads',
            required: ['cpu_threads'],
            properties: [{ name: 'cpu_threads', title: 'T', type: 'INTEGER' }],
          },
        ],
      });
      const PREFIXED = `query ($name: String!, $rt: String) {
        namespace(name: $name, resourceType: $rt) {
          name view { resourceType prefix }
          properties { name storedName }
          objects { name required properties { name storedName } }
        }
      }`;
      expect((await t.ok(PREFIXED, { name, rt: 'OS::Nova::Flavor' })).namespace).toEqual({
        name,
        view: { resourceType: 'OS::Nova::Flavor', prefix: 'hw:' },
        properties: [{ name: 'hw:cpu_cores', storedName: 'cpu_cores' }],
        objects: [
          {
            name: 'Threads',
            required: ['hw:cpu_threads'],
            properties: [{ name: 'hw:cpu_threads', storedName: 'cpu_threads' }],
          },
        ],
      });
      const plain = {
        name,
        view: null,
        properties: [{ name: 'cpu_cores', storedName: 'cpu_cores' }],
        objects: [
          {
            name: 'Threads',
            required: ['cpu_threads'],
            properties: [{ name: 'cpu_threads', storedName: 'cpu_threads' }],
          },
        ],
      };
      expect((await t.ok(PREFIXED, { name, rt: 'OS::Glance::Image' })).namespace).toEqual(plain);
      expect((await t.ok(PREFIXED, { name })).namespace).toEqual(plain);
    });
  });

  describe('visibility', () => {
    let privateName: string;
    let publicName: string;
    beforeAll(async () => {
      privateName = await createNamespace(t, { visibility: 'PRIVATE', owner: OWNER.project });
      publicName = await createNamespace(t, { visibility: 'PUBLIC', owner: OWNER.project });
    });

    const listNames = async (who: typeof OWNER) => {
      const { namespaces } = await t.ok(
        `query ($owner: String) { namespaces(first: 500, filter: { owner: $owner }) { totalCount nodes { name } } }`,
        { owner: OWNER.project },
        who,
      );
      return { total: namespaces.totalCount, names: namespaces.nodes.map((n: { name: string }) => n.name) };
    };

    it('the owner project and admins see a private namespace', async () => {
      for (const who of [OWNER, ADMIN]) {
        expect((await t.ok(NAMESPACE, { name: privateName }, who)).namespace?.name).toBe(privateName);
        expect((await listNames(who)).names).toEqual(expect.arrayContaining([privateName, publicName]));
      }
    });

    it('to another project a private namespace does not exist: null, absent from lists and totalCount', async () => {
      expect((await t.ok(NAMESPACE, { name: privateName }, OTHER)).namespace).toBeNull();
      const seen = await listNames(OTHER);
      expect(seen.names).toEqual([publicName]);
      expect(seen.total).toBe(1);
      const ownerSeen = await listNames(OWNER);
      expect(ownerSeen.total).toBe(2);
      const { namespace } = await t.ok(NAMESPACE, { name: privateName }, ADMIN);
      const byNode = await t.ok(`query ($id: ID!) { node(id: $id) { id } }`, { id: namespace.id }, OTHER);
      expect(byNode.node).toBeNull();
    });

    it('mutations on a private namespace of another project are NOT_FOUND, even for project writers', async () => {
      for (const query of [
        [UPDATE, { name: privateName, input: { displayName: 'x' } }],
        [DELETE, { name: privateName }],
        [ASSOCIATE, { ns: privateName, input: { name: 'OS::Nova::Flavor' } }],
        [DISSOCIATE, { ns: privateName, rt: 'OS::Nova::Flavor' }],
      ] as const) {
        expectError(await t.gql(query[0], query[1], OTHER), 'NOT_FOUND');
      }
    });
  });

  describe('who may write (secure by default)', () => {
    it('only admins write by default: a project gets FORBIDDEN for its own namespace too', async () => {
      expectError(await t.gql(CREATE, { input: { name: unique() } }, OWNER), 'FORBIDDEN');
      const name = await createNamespace(t, { owner: OWNER.project, visibility: 'PRIVATE' });
      expectError(await t.gql(UPDATE, { name, input: { displayName: 'x' } }, OWNER), 'FORBIDDEN');
      expectError(await t.gql(DELETE, { name }, OWNER), 'FORBIDDEN');
      expectError(
        await t.gql(ASSOCIATE, { ns: name, input: { name: 'OS::Nova::Flavor' } }, OWNER),
        'FORBIDDEN',
      );
    });

    it('the service role gives no right to write definitions (FORBIDDEN), but reads like any project', async () => {
      expectError(await t.gql(CREATE, { input: { name: unique() } }, SERVICE), 'FORBIDDEN');
      const name = await createNamespace(t, { visibility: 'PUBLIC' });
      expectError(await t.gql(UPDATE, { name, input: { displayName: 'x' } }, SERVICE), 'FORBIDDEN');
      expectError(await t.gql(DELETE, { name }, SERVICE), 'FORBIDDEN');
      expect((await t.ok(NAMESPACE, { name }, SERVICE)).namespace.name).toBe(name);
      const hidden = await createNamespace(t, { visibility: 'PRIVATE', owner: OWNER.project });
      expect((await t.ok(NAMESPACE, { name: hidden }, SERVICE)).namespace).toBeNull();
    });

    it('admins write any namespace and may set the owner', async () => {
      const name = await createNamespace(t, { owner: OTHER.project, visibility: 'PRIVATE' });
      const { updateNamespace } = await t.ok(UPDATE, { name, input: { owner: OWNER.project } }, ADMIN);
      expect(updateNamespace.owner).toBe(OWNER.project);
    });
  });
});

describe('namespaces with METADEF_PROJECT_WRITES=true', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ METADEF_PROJECT_WRITES: 'true', METADEF_NAMESPACES_PER_PROJECT: '2' });
  });
  afterAll(() => t.close());

  it('a project creates namespaces it owns and changes only those', async () => {
    const name = unique();
    const { createNamespace: created } = await t.ok(CREATE, { input: { name, visibility: 'PUBLIC' } }, OWNER);
    expect(created.owner).toBe(OWNER.project);
    await t.ok(UPDATE, { name, input: { displayName: 'mine' } }, OWNER);
    await t.ok(ASSOCIATE, { ns: name, input: { name: 'OS::Nova::Flavor' } }, OWNER);
    // Another project sees the public namespace but may not change it.
    expectError(await t.gql(UPDATE, { name, input: { displayName: 'theirs' } }, OTHER), 'FORBIDDEN');
    expectError(await t.gql(DELETE, { name }, OTHER), 'FORBIDDEN');
    expectError(await t.gql(DISSOCIATE, { ns: name, rt: 'OS::Nova::Flavor' }, OTHER), 'FORBIDDEN');
    expect(await t.ok(DELETE, { name }, OWNER)).toEqual({ deleteNamespace: true });
  });

  it('a project may not create for another owner nor hand its namespace over', async () => {
    expectError(await t.gql(CREATE, { input: { name: unique(), owner: OTHER.project } }, OWNER), 'FORBIDDEN');
    const name = unique();
    await t.ok(CREATE, { input: { name } }, OTHER);
    expectError(await t.gql(UPDATE, { name, input: { owner: OWNER.project } }, OTHER), 'FORBIDDEN');
  });

  it('only admins create resource types: a project may associate existing types only', async () => {
    const writer = project('p-types');
    const typeNames = async () =>
      (await t.ok(`{ resourceTypes { name } }`)).resourceTypes.map((rt: { name: string }) => rt.name);
    const evil = unique('Evil::Type');
    const name = unique();
    const refused = await t.gql(
      CREATE,
      { input: { name, visibility: 'PRIVATE', resourceTypeAssociations: [{ name: evil }] } },
      writer,
    );
    expectError(refused, 'BAD_USER_INPUT', 'input.resourceTypeAssociations.0.name');
    expect(refused.errors?.[0].message).toContain(evil);
    expect((await t.ok(NAMESPACE, { name }, ADMIN)).namespace).toBeNull();

    await t.ok(CREATE, { input: { name, resourceTypeAssociations: [{ name: 'OS::Nova::Flavor' }] } }, writer);
    expectError(
      await t.gql(ASSOCIATE, { ns: name, input: { name: evil } }, writer),
      'BAD_USER_INPUT',
      'input.name',
    );
    await t.ok(ASSOCIATE, { ns: name, input: { name: 'OS::Glance::Image', prefix: 'x_' } }, writer);
    const shared = await createNamespace(t, { owner: writer.project, visibility: 'PUBLIC' }, ADMIN);
    for (const who of [OTHER, SERVICE]) {
      expectError(await t.gql(ASSOCIATE, { ns: shared, input: { name: evil } }, who), 'FORBIDDEN');
      expectError(await t.gql(ASSOCIATE, { ns: name, input: { name: evil } }, who), 'NOT_FOUND');
    }
    expect(await typeNames()).not.toContain(evil);

    await t.ok(ASSOCIATE, { ns: shared, input: { name: evil } }, ADMIN);
    expect(await typeNames()).toContain(evil);
  });

  it('enforces the namespace quota with a message naming it; admins are not bound by it', async () => {
    const who = project('p-quota');
    await t.ok(CREATE, { input: { name: unique() } }, who);
    await t.ok(CREATE, { input: { name: unique() } }, who);
    const error = expectError(await t.gql(CREATE, { input: { name: unique() } }, who), 'FORBIDDEN');
    expect(error.message).toContain('METADEF_NAMESPACES_PER_PROJECT');
    await t.ok(CREATE, { input: { name: unique(), owner: who.project } }, ADMIN);
  });
});
