import { createNamespace } from './support/factories';
import { createResource } from './support/resource-factories';
import {
  ADMIN,
  expectError,
  project,
  startTestApp,
  unique,
  type TestApp,
  type Who,
} from './support/test-app';

const OWNER = project('p-disc-owner');
const OTHER = project('p-disc-other');

const LIST = `query ($rt: String!, $includePrivate: Boolean) {
  resourceProperties(resourceType: $rt, includePrivate: $includePrivate) { id resourceType name private values }
}`;
const GET = `query ($rt: String!, $name: String!) {
  resourceProperty(resourceType: $rt, name: $name) { id resourceType name private values }
}`;
const UPDATE = `mutation ($rt: String!, $name: String!, $private: Boolean!) {
  updateResourceProperty(resourceType: $rt, name: $name, private: $private) { resourceType name private values }
}`;
const SET_PROPERTIES = `mutation ($uuid: UUID!, $properties: JSON!) {
  setResourceProperties(uuid: $uuid, properties: $properties) { uuid }
}`;

/**
 * A resource type with two keys: `pub` (made public by an admin) and `priv` (private by default), carried
 * by one resource of OWNER and one of OTHER: values come from both projects.
 */
async function seedType(t: TestApp): Promise<string> {
  const type = unique('OS::Blazar::Host');
  await createResource(t, {
    resourceType: type,
    projectId: OWNER.project,
    properties: { pub: 'x86', priv: 'ipmi-1' },
  });
  await createResource(t, {
    resourceType: type,
    projectId: OTHER.project,
    properties: { pub: 'arm', priv: 'ipmi-2' },
  });
  await t.ok(UPDATE, { rt: type, name: 'pub', private: false });
  return type;
}

/**
 * A new resource type every project may discover: known to the catalog through a public namespace (a type that
 * only resources of the admin's project carry is that project's, invisible to others).
 */
async function publicType(t: TestApp, prefix: string): Promise<string> {
  const type = unique(prefix);
  await createNamespace(t, { visibility: 'PUBLIC', resourceTypeAssociations: [{ name: type }] });
  return type;
}

const names = (list: { name: string }[]) => list.map((property) => property.name);

describe('resource property discovery', () => {
  describe.each([
    ['closed (default)', {}, false],
    ['open (DISCOVERY_ALLOW_ALL_USERS=true)', { DISCOVERY_ALLOW_ALL_USERS: 'true' }, true],
  ])('discovery %s', (_label, env, open) => {
    let t: TestApp;
    let type: string;
    beforeAll(async () => {
      t = await startTestApp(env);
      type = await seedType(t);
    });
    afterAll(() => t.close());

    it('admin lists public keys, and private ones with includePrivate, with values from every project', async () => {
      const { resourceProperties: publicOnly } = await t.ok(LIST, { rt: type }, ADMIN);
      expect(publicOnly).toEqual([
        { id: expect.any(String), resourceType: type, name: 'pub', private: false, values: ['arm', 'x86'] },
      ]);
      const { resourceProperties: all } = await t.ok(LIST, { rt: type, includePrivate: true }, ADMIN);
      expect(
        all.map(({ name, private: isPrivate, values }: Record<string, unknown>) => ({
          name,
          isPrivate,
          values,
        })),
      ).toEqual([
        { name: 'priv', isPrivate: true, values: ['ipmi-1', 'ipmi-2'] },
        { name: 'pub', isPrivate: false, values: ['arm', 'x86'] },
      ]);
    });

    it('admin reads a public and a private key by name', async () => {
      expect((await t.ok(GET, { rt: type, name: 'pub' }, ADMIN)).resourceProperty).toMatchObject({
        private: false,
        values: ['arm', 'x86'],
      });
      expect((await t.ok(GET, { rt: type, name: 'priv' }, ADMIN)).resourceProperty).toMatchObject({
        private: true,
        values: ['ipmi-1', 'ipmi-2'],
      });
    });

    it.each([
      ['owner project', OWNER],
      ['other project', OTHER],
    ])('%s: public key listed only when open, with values of every project', async (_who, who: Who) => {
      const listed = await t.gql(LIST, { rt: type }, who);
      const byName = await t.gql(GET, { rt: type, name: 'pub' }, who);
      if (!open) {
        expectError(listed, 'FORBIDDEN');
        expectError(byName, 'FORBIDDEN');
        return;
      }
      expect(listed.errors).toBeUndefined();
      expect(names(listed.data!.resourceProperties)).toEqual(['pub']);
      expect(listed.data!.resourceProperties[0].values).toEqual(['arm', 'x86']);
      expect(byName.data!.resourceProperty).toMatchObject({
        name: 'pub',
        private: false,
        values: ['arm', 'x86'],
      });
    });

    it.each([
      ['owner project', OWNER],
      ['other project', OTHER],
    ])('%s: never sees a private key (FORBIDDEN by name or with includePrivate)', async (_who, who: Who) => {
      expectError(await t.gql(GET, { rt: type, name: 'priv' }, who), 'FORBIDDEN');
      expectError(await t.gql(LIST, { rt: type, includePrivate: true }, who), 'FORBIDDEN');
      const listed = await t.gql(LIST, { rt: type, includePrivate: false }, who);
      if (open) expect(names(listed.data!.resourceProperties)).not.toContain('priv');
      else expectError(listed, 'FORBIDDEN');
    });

    it.each([
      ['owner project', OWNER],
      ['other project', OTHER],
    ])('%s: may not change privacy (FORBIDDEN), and nothing changes', async (_who, who: Who) => {
      expectError(await t.gql(UPDATE, { rt: type, name: 'priv', private: false }, who), 'FORBIDDEN');
      expectError(await t.gql(UPDATE, { rt: type, name: 'pub', private: true }, who), 'FORBIDDEN');
      expectError(await t.gql(UPDATE, { rt: type, name: 'nope', private: true }, who), 'FORBIDDEN');
      expect((await t.ok(GET, { rt: type, name: 'priv' }, ADMIN)).resourceProperty.private).toBe(true);
      expect((await t.ok(GET, { rt: type, name: 'pub' }, ADMIN)).resourceProperty.private).toBe(false);
    });

    it('unknown resource type or key: NOT_FOUND (for anyone allowed to discover)', async () => {
      expectError(await t.gql(LIST, { rt: 'No::Such::Type' }, ADMIN), 'NOT_FOUND');
      expectError(await t.gql(GET, { rt: 'No::Such::Type', name: 'pub' }, ADMIN), 'NOT_FOUND');
      expectError(await t.gql(GET, { rt: type, name: 'nope' }, ADMIN), 'NOT_FOUND');
      expectError(await t.gql(UPDATE, { rt: type, name: 'nope', private: true }, ADMIN), 'NOT_FOUND');
      expectError(
        await t.gql(UPDATE, { rt: 'No::Such::Type', name: 'pub', private: true }, ADMIN),
        'NOT_FOUND',
      );
      if (open) {
        expectError(await t.gql(LIST, { rt: 'No::Such::Type' }, OTHER), 'NOT_FOUND');
        expectError(await t.gql(GET, { rt: type, name: 'nope' }, OTHER), 'NOT_FOUND');
      } else {
        expectError(await t.gql(LIST, { rt: 'No::Such::Type' }, OTHER), 'FORBIDDEN');
      }
    });

    it('node(id:) follows the same rules', async () => {
      const { resourceProperties } = await t.ok(LIST, { rt: type, includePrivate: true }, ADMIN);
      const node = `query ($id: ID!) { node(id: $id) { id ... on DiscoveredProperty { name } } }`;
      const [priv, pub] = resourceProperties;
      expect((await t.ok(node, { id: priv.id }, ADMIN)).node).toEqual({ id: priv.id, name: 'priv' });
      expect((await t.ok(node, { id: priv.id }, OWNER)).node).toBeNull();
      expect((await t.ok(node, { id: pub.id }, OWNER)).node).toEqual(
        open ? { id: pub.id, name: 'pub' } : null,
      );
    });
  });

  describe('discovered properties and values', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ DISCOVERY_ALLOW_ALL_USERS: 'true' });
    });
    afterAll(() => t.close());

    it('makes a new key private by default; an admin can publish it and make it private again', async () => {
      const type = await publicType(t, 'OS::Disc');
      await createResource(t, { resourceType: type, properties: { k: 1 } });
      expect((await t.ok(LIST, { rt: type })).resourceProperties).toEqual([]);
      const { updateResourceProperty } = await t.ok(UPDATE, { rt: type, name: 'k', private: false });
      expect(updateResourceProperty).toEqual({ resourceType: type, name: 'k', private: false, values: [1] });
      expect(names((await t.ok(LIST, { rt: type }, OWNER)).resourceProperties)).toEqual(['k']);
      await t.ok(UPDATE, { rt: type, name: 'k', private: true });
      expect((await t.ok(LIST, { rt: type }, OWNER)).resourceProperties).toEqual([]);
    });

    it('keeps a key privacy when more resources carry it, and keys are per resource type', async () => {
      const type = await publicType(t, 'OS::Disc');
      const other = unique('OS::Disc');
      await createResource(t, { resourceType: type, properties: { k: 'a' } });
      await t.ok(UPDATE, { rt: type, name: 'k', private: false });
      await createResource(t, { resourceType: type, properties: { k: 'b' } }, OWNER);
      await createResource(t, { resourceType: other, properties: { k: 'c' } });
      expect((await t.ok(GET, { rt: type, name: 'k' }, OWNER)).resourceProperty).toMatchObject({
        private: false,
        values: ['a', 'b'],
      });
      expect((await t.ok(GET, { rt: other, name: 'k' })).resourceProperty).toMatchObject({
        private: true,
        values: ['c'],
      });
    });

    it('lists distinct values of every JSON scalar type, and forgets values no resource carries any more', async () => {
      const type = unique('OS::Disc');
      const a = await createResource(t, { resourceType: type, properties: { v: 1 } });
      await createResource(t, { resourceType: type, properties: { v: '1' } });
      await createResource(t, { resourceType: type, properties: { v: true } });
      await createResource(t, { resourceType: type, properties: { v: 1 } });
      const values = (await t.ok(GET, { rt: type, name: 'v' })).resourceProperty.values;
      expect(values).toHaveLength(3);
      expect(values).toEqual(expect.arrayContaining([1, '1', true]));
      await t.ok(SET_PROPERTIES, { uuid: a, properties: { v: 2 } });
      await t.ok(`mutation ($uuid: UUID!) { deleteResource(uuid: $uuid) }`, { uuid: a });
      expect((await t.ok(GET, { rt: type, name: 'v' })).resourceProperty.values).toEqual(
        expect.arrayContaining([1, '1', true]),
      );
      expect((await t.ok(GET, { rt: type, name: 'v' })).resourceProperty.values).not.toContain(2);
    });

    it('registers keys set by a non-admin too (private by default)', async () => {
      await createResource(
        t,
        { resourceType: 'OS::Cinder::Volume', properties: { [unique('vol')]: 'x' } },
        OWNER,
      );
      const { resourceProperties } = await t.ok(LIST, { rt: 'OS::Cinder::Volume', includePrivate: true });
      expect(resourceProperties.some((p: { private: boolean }) => p.private)).toBe(true);
    });

    it('loads the values of every key in a constant number of statements (5 keys vs 50 keys)', async () => {
      const measure = async (keys: number) => {
        const type = unique('OS::Count');
        const properties = Object.fromEntries(Array.from({ length: keys }, (_, i) => [`key${i}`, `v${i}`]));
        for (let r = 0; r < 3; r += 1) await createResource(t, { resourceType: type, properties });
        const { result, count } = await t.app.database.counter.measure(() =>
          t.ok(LIST, { rt: type, includePrivate: true }),
        );
        expect(result.resourceProperties).toHaveLength(keys);
        expect(result.resourceProperties[0].values).toEqual(['v0']);
        return count;
      };
      const few = await measure(5);
      const many = await measure(50);
      expect(many).toBe(few);
      expect(many).toBeLessThanOrEqual(3);
    });

    it('loads the values of all keys in one statement over 10,000 resources of a type, with 5 or 50 keys', async () => {
      const db = t.app.database.dataSource;
      // Bulk-seeded: 10,000 resources per type, each carrying 5 keys (out of `keys`), values repeating.
      const seed = async (keys: number): Promise<string> => {
        const type = unique('OS::Bulk');
        const [{ id }] = await db.query(`INSERT INTO resource_types (name) VALUES ($1) RETURNING id`, [type]);
        await db.query(
          `INSERT INTO resources (uuid, name, resource_type_id, project_id)
           SELECT md5($1 || g)::uuid, 'bulk-' || g, $2, 'p-bulk' FROM generate_series(1, 10000) AS g`,
          [type, id],
        );
        await db.query(
          `INSERT INTO discovered_properties (resource_type_id, name, private)
           SELECT $1, 'key' || k, false FROM generate_series(0, $2::int - 1) AS k`,
          [id, keys],
        );
        await db.query(
          `INSERT INTO resource_properties (resource_id, discovered_property_id, value)
           SELECT r.id, c.id, to_jsonb(r.id % 7)
             FROM resources r JOIN discovered_properties c ON c.resource_type_id = r.resource_type_id
            WHERE r.resource_type_id = $1
              AND (substr(c.name, 4)::int - r.id) % ($2::int / 5) = 0`,
          [id, keys],
        );
        return type;
      };
      const measure = async (type: string, keys: number) => {
        const { result, count, statements } = await t.app.database.counter.measure(() =>
          t.ok(LIST, { rt: type }),
        );
        expect(statements.filter((sql) => sql.includes('discovered_property_values'))).toHaveLength(1);
        expect(result.resourceProperties).toHaveLength(keys);
        expect(result.resourceProperties[0].values).toEqual([0, 1, 2, 3, 4, 5, 6]);
        return count;
      };
      const few = await measure(await seed(5), 5);
      const many = await measure(await seed(50), 50);
      expect(many).toBe(few);
      expect(many).toBeLessThanOrEqual(3);
      // bulk seeding 20,000 resources takes a while on the embedded database of a busy machine
    }, 180_000);

    it('concurrent writers adding the same new key share one key (race-safe creation)', async () => {
      const type = unique('OS::Race');
      await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          createResource(t, { resourceType: type, properties: { same: i } }),
        ),
      );
      const { resourceProperties } = await t.ok(LIST, { rt: type, includePrivate: true });
      expect(resourceProperties).toHaveLength(1);
      expect(resourceProperties[0].values).toEqual([0, 1, 2, 3]);
    });
  });

  describe('CAPABILITY_DEFAULT_VISIBILITY=public', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ CAPABILITY_DEFAULT_VISIBILITY: 'public', DISCOVERY_ALLOW_ALL_USERS: 'true' });
    });
    afterAll(() => t.close());

    it('makes new keys public', async () => {
      const type = await publicType(t, 'OS::Public');
      await createResource(t, { resourceType: type, properties: { k: 'v' } });
      expect((await t.ok(LIST, { rt: type }, OTHER)).resourceProperties).toMatchObject([
        { name: 'k', private: false, values: ['v'] },
      ]);
    });
  });
});
