import { randomUUID } from 'node:crypto';
import { createResource } from './support/resource-factories';
import {
  ADMIN,
  SERVICE,
  expectError,
  project,
  startTestApp,
  unique,
  type GqlResult,
  type TestApp,
  type Who,
} from './support/test-app';

const OWNER = project('p-res-owner');
const OTHER = project('p-res-other');

const RESOURCE = `query ($uuid: UUID!) {
  resource(uuid: $uuid) { id uuid name resourceType projectId tags properties createdAt updatedAt }
}`;
const CREATE = `mutation ($input: CreateResourceInput!) {
  createResource(input: $input) { id uuid name resourceType projectId tags properties createdAt updatedAt }
}`;
const UPDATE = `mutation ($uuid: UUID!, $input: UpdateResourceInput!) {
  updateResource(uuid: $uuid, input: $input) { uuid name tags properties updatedAt }
}`;
const DELETE = `mutation ($uuid: UUID!) { deleteResource(uuid: $uuid) }`;
const SET_PROPERTIES = `mutation ($uuid: UUID!, $properties: JSON!) {
  setResourceProperties(uuid: $uuid, properties: $properties) { uuid properties }
}`;
const LIST = `query ($first: Int, $after: String, $last: Int, $before: String, $filter: ResourceFilter) {
  resources(first: $first, after: $after, last: $last, before: $before, filter: $filter) {
    totalCount
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges { cursor node { uuid } }
    nodes { uuid name resourceType projectId tags properties }
  }
}`;
const RESOURCE_TYPES = `{ resourceTypes { name protected } }`;

describe('resources', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  describe('create and read', () => {
    it('creates a resource with tags and properties and reads it back by uuid and by node id', async () => {
      const uuid = randomUUID();
      const { createResource: created } = await t.ok(
        CREATE,
        {
          input: {
            uuid,
            name: 'web-1',
            resourceType: 'OS::Nova::Server',
            tags: ['red', 'blue', 'red'],
            properties: { flavor: 'm1.small', vcpus: 2, gpu: false, ratio: 1.5 },
          },
        },
        OWNER,
      );
      expect(created).toMatchObject({
        uuid,
        name: 'web-1',
        resourceType: 'OS::Nova::Server',
        projectId: OWNER.project,
        tags: ['blue', 'red'],
        properties: { flavor: 'm1.small', vcpus: 2, gpu: false, ratio: 1.5 },
      });
      expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);

      const { resource } = await t.ok(RESOURCE, { uuid }, OWNER);
      expect(resource).toEqual(created);

      const byNode = await t.ok(
        `query ($id: ID!) { node(id: $id) { id ... on Resource { uuid } } }`,
        { id: created.id },
        OWNER,
      );
      expect(byNode.node).toEqual({ id: created.id, uuid });
    });

    it('makes a uuid when none is given, and owns the resource by the caller by default', async () => {
      const { createResource: created } = await t.ok(
        CREATE,
        { input: { resourceType: 'OS::Glance::Image' } },
        OWNER,
      );
      expect(created.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(created).toMatchObject({ projectId: OWNER.project, name: null, tags: [], properties: {} });
    });

    it('returns null for an unknown uuid and refuses a malformed one', async () => {
      expect((await t.ok(RESOURCE, { uuid: randomUUID() })).resource).toBeNull();
      const result = await t.gql(RESOURCE, { uuid: 'not-a-uuid' });
      expect(result.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    });

    it('refuses a uuid already registered (CONFLICT)', async () => {
      const uuid = await createResource(t, {}, OWNER);
      expectError(
        await t.gql(CREATE, { input: { uuid, resourceType: 'OS::Nova::Server' } }, OWNER),
        'CONFLICT',
      );
    });

    it('answers a taken uuid without telling another project that a resource has it', async () => {
      const mine = await createResource(t, { name: 'secret-name' }, OWNER);
      const services = await createResource(t, {}, SERVICE);
      const create = (uuid: string, who: Who, extra: Record<string, unknown> = {}) =>
        t.gql(CREATE, { input: { uuid, resourceType: 'OS::Nova::Server', ...extra } }, who);
      // Whoever can see the resource is told it exists: the admin, its own project (a service as any project).
      for (const [uuid, who] of [
        [mine, ADMIN],
        [mine, OWNER],
        [services, SERVICE],
        [services, ADMIN],
      ] as const) {
        expect(expectError(await create(uuid, who), 'CONFLICT').message).toContain(uuid);
      }
      expectError(await create(mine, ADMIN, { projectId: OTHER.project }), 'CONFLICT');

      // Anyone else gets exactly what a uuid nobody may use gets (the nil and max uuids), naming nothing.
      const unusable = (result: GqlResult<unknown>) => {
        const error = expectError(result, 'BAD_USER_INPUT', 'input.uuid');
        return { message: error.message, extensions: error.extensions };
      };
      const reserved = unusable(await create('00000000-0000-0000-0000-000000000000', OTHER));
      expect(reserved.message).not.toMatch(/exist|taken|registered|project|conflict/i);
      expect(unusable(await create('FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', ADMIN))).toEqual(reserved);
      for (const [uuid, who] of [
        [mine, OTHER],
        [mine, SERVICE],
        [services, OWNER],
        [services, OTHER],
      ] as const) {
        const answer = unusable(await create(uuid, who));
        expect(answer).toEqual(reserved);
        expect(JSON.stringify(answer)).not.toContain(uuid);
      }
      // Nothing was created, and every other way in answers as for a uuid nobody has.
      expect((await t.ok(RESOURCE, { uuid: mine }, OWNER)).resource).toMatchObject({
        name: 'secret-name',
        projectId: OWNER.project,
      });
      const nobodys = randomUUID();
      for (const uuid of [mine, nobodys]) {
        expect((await t.ok(RESOURCE, { uuid }, OTHER)).resource).toBeNull();
        expectError(await t.gql(DELETE, { uuid }, OTHER), 'NOT_FOUND');
      }
      // A free uuid is still taken by whoever asks first.
      expect((await create(nobodys, OTHER)).errors).toBeUndefined();
    });

    it('checks name, type and project lengths', async () => {
      expectError(
        await t.gql(CREATE, { input: { resourceType: 'OS::Nova::Server', name: 'x'.repeat(256) } }),
        'BAD_USER_INPUT',
        'input.name',
      );
      expectError(
        await t.gql(CREATE, { input: { resourceType: '' } }),
        'BAD_USER_INPUT',
        'input.resourceType',
      );
      expectError(
        await t.gql(CREATE, { input: { resourceType: 'OS::Nova::Server', projectId: '' } }),
        'BAD_USER_INPUT',
        'input.projectId',
      );
    });
  });

  describe('resource types', () => {
    it('lets an admin register an unknown resource type by creating a resource of it', async () => {
      const type = unique('OS::Custom');
      const { createResource: created } = await t.ok(CREATE, { input: { resourceType: type } }, ADMIN);
      expect(created.resourceType).toBe(type);
      const { resourceTypes } = await t.ok(RESOURCE_TYPES);
      expect(resourceTypes).toContainEqual({ name: type, protected: false });
    });

    it('refuses an unknown resource type to a non-admin (BAD_USER_INPUT on input.resourceType), registering nothing', async () => {
      const type = unique('OS::Custom');
      const error = expectError(
        await t.gql(CREATE, { input: { resourceType: type } }, OWNER),
        'BAD_USER_INPUT',
        'input.resourceType',
      );
      expect(error.message).toContain(type);
      const { resourceTypes } = await t.ok(RESOURCE_TYPES);
      expect(resourceTypes.map((rt: { name: string }) => rt.name)).not.toContain(type);
    });

    it('lets a non-admin use a type the catalog knows', async () => {
      const { createResource: created } = await t.ok(
        CREATE,
        { input: { resourceType: 'OS::Cinder::Volume' } },
        OWNER,
      );
      expect(created.resourceType).toBe('OS::Cinder::Volume');
    });
  });

  describe('projects', () => {
    it('lets an admin create a resource in any project', async () => {
      const { createResource: created } = await t.ok(
        CREATE,
        { input: { resourceType: 'OS::Nova::Server', projectId: OTHER.project } },
        ADMIN,
      );
      expect(created.projectId).toBe(OTHER.project);
      expect((await t.ok(RESOURCE, { uuid: created.uuid }, OTHER)).resource.uuid).toBe(created.uuid);
    });

    it('forbids a non-admin to create a resource in another project, and allows naming their own', async () => {
      expectError(
        await t.gql(CREATE, { input: { resourceType: 'OS::Nova::Server', projectId: OTHER.project } }, OWNER),
        'FORBIDDEN',
      );
      const { createResource: created } = await t.ok(
        CREATE,
        { input: { resourceType: 'OS::Nova::Server', projectId: OWNER.project } },
        OWNER,
      );
      expect(created.projectId).toBe(OWNER.project);
    });
  });

  describe('visibility', () => {
    let uuid: string;
    let id: string;
    beforeAll(async () => {
      uuid = await createResource(t, { name: 'secret', tags: ['x'], properties: { k: 'v' } }, OWNER);
      id = (await t.ok(RESOURCE, { uuid }, OWNER)).resource.id;
    });

    it('shows a resource to its project and to admins, and to no other project', async () => {
      expect((await t.ok(RESOURCE, { uuid }, OWNER)).resource.uuid).toBe(uuid);
      expect((await t.ok(RESOURCE, { uuid }, ADMIN)).resource.uuid).toBe(uuid);
      expect((await t.ok(RESOURCE, { uuid }, OTHER)).resource).toBeNull();
      const node = `query ($id: ID!) { node(id: $id) { id } }`;
      expect((await t.ok(node, { id }, OTHER)).node).toBeNull();
      expect((await t.ok(node, { id }, ADMIN)).node).toEqual({ id });
    });

    it('leaves another project resource out of lists', async () => {
      const uuids = async (who: typeof OWNER) =>
        (await t.ok(LIST, { first: 500 }, who)).resources.nodes.map((r: { uuid: string }) => r.uuid);
      expect(await uuids(OWNER)).toContain(uuid);
      expect(await uuids(ADMIN)).toContain(uuid);
      expect(await uuids(OTHER)).not.toContain(uuid);
      const filtered = await t.ok(LIST, { filter: { projectId: OWNER.project } }, OTHER);
      expect(filtered.resources.nodes).toEqual([]);
      expect(filtered.resources.totalCount).toBe(0);
    });

    it('answers NOT_FOUND to another project for every write, and changes nothing', async () => {
      const writes: [string, Record<string, unknown>][] = [
        [UPDATE, { uuid, input: { name: 'stolen' } }],
        [DELETE, { uuid }],
        [SET_PROPERTIES, { uuid, properties: { k: 'w' } }],
        [`mutation ($uuid: UUID!) { setResourceTags(uuid: $uuid, tags: ["y"]) }`, { uuid }],
        [`mutation ($uuid: UUID!) { addResourceTag(uuid: $uuid, tag: "y") { created } }`, { uuid }],
        [`mutation ($uuid: UUID!) { removeResourceTag(uuid: $uuid, tag: "x") }`, { uuid }],
        [`mutation ($uuid: UUID!) { removeAllResourceTags(uuid: $uuid) }`, { uuid }],
        [`query ($uuid: UUID!) { resourceHasTag(uuid: $uuid, tag: "x") }`, { uuid }],
      ];
      for (const [query, variables] of writes) expectError(await t.gql(query, variables, OTHER), 'NOT_FOUND');
      const { resource } = await t.ok(RESOURCE, { uuid }, OWNER);
      expect(resource).toMatchObject({ name: 'secret', tags: ['x'], properties: { k: 'v' } });
    });

    it('lets an admin change and delete any project resource', async () => {
      const target = await createResource(t, {}, OTHER);
      const { updateResource } = await t.ok(UPDATE, { uuid: target, input: { name: 'by-admin' } }, ADMIN);
      expect(updateResource.name).toBe('by-admin');
      const { setResourceProperties } = await t.ok(
        SET_PROPERTIES,
        { uuid: target, properties: { a: 1 } },
        ADMIN,
      );
      expect(setResourceProperties.properties).toEqual({ a: 1 });
      expect((await t.ok(RESOURCE, { uuid: target }, OTHER)).resource.properties).toEqual({ a: 1 });
      expect((await t.ok(DELETE, { uuid: target }, ADMIN)).deleteResource).toBe(true);
      expect((await t.ok(RESOURCE, { uuid: target }, OTHER)).resource).toBeNull();
    });
  });

  describe('update and delete', () => {
    it('changes the name, replaces the properties, keeps the rest, and moves updatedAt', async () => {
      const uuid = await createResource(t, { name: 'a', tags: ['t'], properties: { a: 1, b: 'x' } }, OWNER);
      const before = (await t.ok(RESOURCE, { uuid }, OWNER)).resource;
      await new Promise((resolve) => setTimeout(resolve, 5));
      const { updateResource: updated } = await t.ok(
        UPDATE,
        { uuid, input: { name: 'b', properties: { c: true } } },
        OWNER,
      );
      expect(updated).toMatchObject({ name: 'b', tags: ['t'], properties: { c: true } });
      expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));

      const { updateResource: renamed } = await t.ok(UPDATE, { uuid, input: { name: null } }, OWNER);
      expect(renamed).toMatchObject({ name: null, properties: { c: true } });
      expectError(
        await t.gql(UPDATE, { uuid, input: { properties: null } }, OWNER),
        'BAD_USER_INPUT',
        'input.properties',
      );
    });

    it('deletes a resource with its tags and properties; deleting again is NOT_FOUND', async () => {
      const uuid = await createResource(t, { tags: ['gone'], properties: { gone: 1 } }, OWNER);
      expect((await t.ok(DELETE, { uuid }, OWNER)).deleteResource).toBe(true);
      expect((await t.ok(RESOURCE, { uuid }, OWNER)).resource).toBeNull();
      expectError(await t.gql(DELETE, { uuid }, OWNER), 'NOT_FOUND');
      expectError(await t.gql(UPDATE, { uuid: randomUUID(), input: { name: 'x' } }, OWNER), 'NOT_FOUND');
      expectError(await t.gql(SET_PROPERTIES, { uuid: randomUUID(), properties: {} }, OWNER), 'NOT_FOUND');
    });
  });

  describe('properties', () => {
    it('replaces every property with setResourceProperties; {} removes them', async () => {
      const uuid = await createResource(t, { properties: { a: 1 } }, OWNER);
      const set = await t.ok(SET_PROPERTIES, { uuid, properties: { b: 'two', c: false } }, OWNER);
      expect(set.setResourceProperties.properties).toEqual({ b: 'two', c: false });
      const cleared = await t.ok(SET_PROPERTIES, { uuid, properties: {} }, OWNER);
      expect(cleared.setResourceProperties.properties).toEqual({});
    });

    it('round-trips unusual keys and values exactly', async () => {
      const properties = {
        'hw:cpu_policy': 'dedicated',
        'key with spaces %_': 'value "quoted" \\ back',
        ключ: '🚀 émoji',
        zero: 0,
        negative: -12.75,
        big: 12345678901234,
        empty: '',
      };
      const uuid = await createResource(t, { properties }, OWNER);
      expect((await t.ok(RESOURCE, { uuid }, OWNER)).resource.properties).toEqual(properties);
    });

    it.each([
      ['a nested object', { ok: 1, nested: { a: 1 } }, 'properties.nested'],
      ['an array', { list: [1, 2] }, 'properties.list'],
      ['null', { nothing: null }, 'properties.nothing'],
      ['an empty key', { '': 'x' }, 'properties.'],
      ['a key over 255 characters', { ['k'.repeat(256)]: 'x' }, `properties.${'k'.repeat(256)}`],
      ['a NUL in a value', { nul: 'a\u0000b' }, 'properties.nul'],
    ])('refuses %s naming the key', async (_what, properties, field) => {
      const uuid = await createResource(t, { properties: { keep: 'me' } }, OWNER);
      expectError(await t.gql(SET_PROPERTIES, { uuid, properties }, OWNER), 'BAD_USER_INPUT', field);
      expectError(
        await t.gql(UPDATE, { uuid, input: { properties } }, OWNER),
        'BAD_USER_INPUT',
        `input.${field}`,
      );
      expect((await t.ok(RESOURCE, { uuid }, OWNER)).resource.properties).toEqual({ keep: 'me' });
    });

    it('accepts a key of exactly 255 characters', async () => {
      const key = 'k'.repeat(255);
      const uuid = await createResource(t, { properties: { [key]: 1 } }, OWNER);
      expect((await t.ok(RESOURCE, { uuid }, OWNER)).resource.properties).toEqual({ [key]: 1 });
    });

    it.each([
      ['an array', [1, 2], 'an array'],
      ['a string', 'x', 'string'],
      ['a number', 3, 'number'],
    ])('refuses properties that are %s', async (_what, properties, described) => {
      const uuid = await createResource(t, {}, OWNER);
      const error = expectError(
        await t.gql(SET_PROPERTIES, { uuid, properties }, OWNER),
        'BAD_USER_INPUT',
        'properties',
      );
      expect(error.message).toContain(described);
      expectError(
        await t.gql(CREATE, { input: { resourceType: 'OS::Nova::Server', properties } }, OWNER),
        'BAD_USER_INPUT',
        'input.properties',
      );
    });

    it('rolls back the whole creation on a bad property: no resource, no new resource type', async () => {
      const uuid = randomUUID();
      const type = unique('OS::Rollback');
      expectError(
        await t.gql(
          CREATE,
          { input: { uuid, resourceType: type, tags: ['a'], properties: { good: 1, bad: { x: 1 } } } },
          ADMIN,
        ),
        'BAD_USER_INPUT',
        'input.properties.bad',
      );
      expect((await t.ok(RESOURCE, { uuid })).resource).toBeNull();
      const { resourceTypes } = await t.ok(RESOURCE_TYPES);
      expect(resourceTypes.map((rt: { name: string }) => rt.name)).not.toContain(type);
      // and no discovered property was left behind for the good key
      const again = await createResource(t, { uuid, resourceType: 'OS::Nova::Server' });
      expect(again).toBe(uuid);
    });

    it('rolls back a rename when the properties of the same update are bad', async () => {
      const uuid = await createResource(t, { name: 'before', properties: { a: 1 } }, OWNER);
      expectError(
        await t.gql(UPDATE, { uuid, input: { name: 'after', properties: { a: [1] } } }, OWNER),
        'BAD_USER_INPUT',
        'input.properties.a',
      );
      expect((await t.ok(RESOURCE, { uuid }, OWNER)).resource).toMatchObject({
        name: 'before',
        properties: { a: 1 },
      });
    });
  });

  describe('hostile strings', () => {
    it('answers NUL in any looked-up string with BAD_USER_INPUT naming it, never an internal error', async () => {
      const uuid = await createResource(t, { tags: ['a'] }, OWNER);
      const nul = 'a\u0000b';
      const cases: [string, Record<string, unknown>, string][] = [
        [LIST, { filter: { resourceType: nul } }, 'filter.resourceType'],
        [LIST, { filter: { projectId: nul } }, 'filter.projectId'],
        [LIST, { filter: { tags: ['ok', nul] } }, 'filter.tags.1'],
        [LIST, { filter: { tagsAny: [nul] } }, 'filter.tagsAny.0'],
        [LIST, { filter: { notTags: [nul] } }, 'filter.notTags.0'],
        [LIST, { filter: { notTagsAny: [nul] } }, 'filter.notTagsAny.0'],
        [
          `query ($uuid: UUID!, $tag: String!) { resourceHasTag(uuid: $uuid, tag: $tag) }`,
          { uuid, tag: nul },
          'tag',
        ],
        [
          `mutation ($uuid: UUID!, $tag: String!) { removeResourceTag(uuid: $uuid, tag: $tag) }`,
          { uuid, tag: nul },
          'tag',
        ],
        [
          `query ($f: ResourceTagUsageFilter) { resourceTagUsage(filter: $f) { totalCount } }`,
          { f: { search: nul } },
          'filter.search',
        ],
        [
          `query ($f: ResourceTagUsageFilter) { resourceTagUsage(filter: $f) { totalCount } }`,
          { f: { startsWith: nul } },
          'filter.startsWith',
        ],
        [
          `query ($rt: String!) { resourceProperties(resourceType: $rt) { name } }`,
          { rt: nul },
          'resourceType',
        ],
        [
          `query ($n: String!) { resourceProperty(resourceType: "OS::Nova::Server", name: $n) { name } }`,
          { n: nul },
          'name',
        ],
        [CREATE, { input: { resourceType: 'OS::Nova::Server', name: nul } }, 'input.name'],
        [CREATE, { input: { resourceType: nul } }, 'input.resourceType'],
        [CREATE, { input: { resourceType: 'OS::Nova::Server', projectId: nul } }, 'input.projectId'],
        [SET_PROPERTIES, { uuid, properties: { [nul]: 1 } }, `properties.${nul}`],
      ];
      for (const [query, variables, field] of cases) {
        expectError(await t.gql(query, variables, ADMIN), 'BAD_USER_INPUT', field);
      }
    });
  });

  describe('lists', () => {
    const type = unique('OS::ListType');
    const listProject = project('p-res-list');
    let created: string[];
    beforeAll(async () => {
      created = [];
      for (let i = 0; i < 5; i += 1) {
        created.push(
          await createResource(t, { resourceType: type, projectId: listProject.project, name: `r${i}` }),
        );
      }
    });

    it('pages forwards and backwards in creation order, with totalCount', async () => {
      const filter = { resourceType: type };
      const first = await t.ok(LIST, { first: 2, filter }, listProject);
      expect(first.resources.nodes.map((r: { uuid: string }) => r.uuid)).toEqual(created.slice(0, 2));
      expect(first.resources.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
      expect(first.resources.totalCount).toBe(5);
      const second = await t.ok(
        LIST,
        { first: 2, after: first.resources.pageInfo.endCursor, filter },
        listProject,
      );
      expect(second.resources.nodes.map((r: { uuid: string }) => r.uuid)).toEqual(created.slice(2, 4));
      const back = await t.ok(
        LIST,
        { last: 2, before: second.resources.pageInfo.startCursor, filter },
        listProject,
      );
      expect(back.resources.nodes.map((r: { uuid: string }) => r.uuid)).toEqual(created.slice(0, 2));
      expectError(await t.gql(LIST, { after: 'bogus', filter }, listProject), 'BAD_USER_INPUT', 'after');
      const capped = await t.ok(LIST, { first: 100000, filter }, listProject);
      expect(capped.resources.nodes).toHaveLength(5);
    });

    it('filters by resource type and by project', async () => {
      const byType = await t.ok(LIST, { filter: { resourceType: type } }, ADMIN);
      expect(byType.resources.nodes.map((r: { uuid: string }) => r.uuid)).toEqual(created);
      const byProject = await t.ok(LIST, { filter: { projectId: listProject.project } }, ADMIN);
      expect(byProject.resources.nodes.map((r: { uuid: string }) => r.uuid)).toEqual(created);
      const none = await t.ok(LIST, { filter: { resourceType: 'No::Such::Type' } }, ADMIN);
      expect(none.resources.nodes).toEqual([]);
    });

    it('loads tags, properties and types of a whole page in a constant number of statements', async () => {
      const measureFor = async (count: number) => {
        const batchType = unique('OS::Batch');
        for (let i = 0; i < count; i += 1) {
          await createResource(t, {
            resourceType: batchType,
            tags: [`t${i}`, 'common'],
            properties: { i, s: `v${i}` },
          });
        }
        const { result, count: statements } = await t.app.database.counter.measure(() =>
          t.ok(LIST, { filter: { resourceType: batchType } }),
        );
        expect(result.resources.nodes).toHaveLength(count);
        expect(result.resources.nodes[count - 1]).toMatchObject({ tags: ['common', `t${count - 1}`] });
        return statements;
      };
      const few = await measureFor(2);
      const many = await measureFor(12);
      expect(many).toBe(few);
      expect(many).toBeLessThanOrEqual(4);
    });
  });
});
