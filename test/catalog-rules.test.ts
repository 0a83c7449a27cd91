import { createNamespace } from './support/factories';
import {
  ADMIN,
  expectError,
  project,
  startTestApp,
  unique,
  type TestApp,
  type Who,
} from './support/test-app';

const OWNER = project('p-owner');
const OTHER = project('p-other');

const P = (name: string) => ({ name, title: name, type: 'STRING' });

/** Every write of the catalog, as [label, query, variables for namespace ns]. */
const WRITES: [string, string, (ns: string) => Record<string, unknown>][] = [
  [
    'createProperty',
    `mutation ($ns: String!, $input: PropertyDefinitionInput!) { createProperty(namespace: $ns, input: $input) { name } }`,
    (ns) => ({ ns, input: P(unique('p')) }),
  ],
  [
    'updateProperty',
    `mutation ($ns: String!, $input: PropertyDefinitionInput!) { updateProperty(namespace: $ns, name: "existing", input: $input) { name } }`,
    (ns) => ({ ns, input: { ...P('existing'), title: 'changed' } }),
  ],
  [
    'createObject',
    `mutation ($ns: String!, $input: MetadefObjectInput!) { createObject(namespace: $ns, input: $input) { name } }`,
    (ns) => ({ ns, input: { name: unique('o') } }),
  ],
  [
    'updateObject',
    `mutation ($ns: String!) { updateObject(namespace: $ns, name: "Obj", input: { name: "Obj", description: "x" }) { name } }`,
    (ns) => ({ ns }),
  ],
  [
    'createTag',
    `mutation ($ns: String!, $name: String!) { createTag(namespace: $ns, name: $name) { name } }`,
    (ns) => ({ ns, name: unique('t') }),
  ],
  [
    'createTags append',
    `mutation ($ns: String!, $name: String!) { createTags(namespace: $ns, names: [$name], append: true) { name } }`,
    (ns) => ({ ns, name: unique('t') }),
  ],
  [
    'updateTag',
    `mutation ($ns: String!) { updateTag(namespace: $ns, name: "tag", newName: "Tag") { name } }`,
    (ns) => ({ ns }),
  ],
];

const DELETES: [string, string][] = [
  ['deleteProperty', `mutation ($ns: String!) { deleteProperty(namespace: $ns, name: "existing") }`],
  ['deleteAllProperties', `mutation ($ns: String!) { deleteAllProperties(namespace: $ns) }`],
  ['deleteObject', `mutation ($ns: String!) { deleteObject(namespace: $ns, name: "Obj") }`],
  ['deleteAllObjects', `mutation ($ns: String!) { deleteAllObjects(namespace: $ns) }`],
  ['deleteTag', `mutation ($ns: String!) { deleteTag(namespace: $ns, name: "tag") }`],
  ['deleteAllTags', `mutation ($ns: String!) { deleteAllTags(namespace: $ns) }`],
  ['createTags (replace)', `mutation ($ns: String!) { createTags(namespace: $ns, names: ["new"]) { name } }`],
];

const CONTENT = {
  properties: [P('existing')],
  objects: [{ name: 'Obj', properties: [P('x')] }],
  tags: ['tag'],
};

describe('catalog: write rules', () => {
  describe('with METADEF_PROJECT_WRITES=true', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({
        METADEF_PROJECT_WRITES: 'true',
        METADEF_PROPERTIES_PER_NAMESPACE: '3',
        METADEF_OBJECTS_PER_NAMESPACE: '2',
        METADEF_TAGS_PER_NAMESPACE: '3',
      });
    });
    afterAll(() => t.close());

    const owned = (visibility: 'PUBLIC' | 'PRIVATE', extra: Record<string, unknown> = {}) =>
      createNamespace(t, { owner: OWNER.project, visibility, ...CONTENT, ...extra }, ADMIN);

    it.each(WRITES)(
      '%s: admin and owner write; another project is FORBIDDEN (public) or NOT_FOUND (private)',
      async (_label, query, vars) => {
        for (const who of [ADMIN, OWNER] as Who[]) {
          const ns = await owned('PRIVATE');
          await t.ok(query, vars(ns), who);
        }
        expectError(await t.gql(query, vars(await owned('PUBLIC')), OTHER), 'FORBIDDEN');
        expectError(await t.gql(query, vars(await owned('PRIVATE')), OTHER), 'NOT_FOUND');
      },
    );

    it.each(DELETES)(
      '%s: owner may delete; FORBIDDEN while protected; others NOT_FOUND/FORBIDDEN',
      async (_label, query) => {
        await t.ok(query, { ns: await owned('PRIVATE') }, OWNER);
        await t.ok(query, { ns: await owned('PRIVATE') }, ADMIN);
        expectError(
          await t.gql(query, { ns: await owned('PUBLIC', { protected: true }) }, ADMIN),
          'FORBIDDEN',
        );
        expectError(
          await t.gql(query, { ns: await owned('PUBLIC', { protected: true }) }, OWNER),
          'FORBIDDEN',
        );
        expectError(await t.gql(query, { ns: await owned('PUBLIC') }, OTHER), 'FORBIDDEN');
        expectError(await t.gql(query, { ns: await owned('PRIVATE') }, OTHER), 'NOT_FOUND');
      },
    );

    it('protected still allows adding and editing', async () => {
      const ns = await owned('PRIVATE', { protected: true });
      for (const [, query, vars] of WRITES) await t.ok(query, vars(ns), OWNER);
    });

    it('private content is invisible to other projects, by node id too', async () => {
      const ns = await owned('PRIVATE');
      const ids = await t.ok(
        `query ($ns: String!) { namespace(name: $ns) { properties { id } objects { id properties { id } } tags { id } } }`,
        { ns },
        OWNER,
      );
      const { properties, objects, tags } = ids.namespace;
      const nodeIds = [properties[0].id, objects[0].id, objects[0].properties[0].id, tags[0].id];
      const node = `query ($id: ID!) { node(id: $id) { id __typename } }`;
      const types = [];
      for (const id of nodeIds) {
        expect((await t.ok(node, { id }, OTHER)).node).toBeNull();
        types.push((await t.ok(node, { id }, OWNER)).node.__typename);
      }
      expect(types).toEqual(['PropertyDefinition', 'MetadefObject', 'PropertyDefinition', 'MetadefTag']);
      const read = `query ($ns: String!) { namespace(name: $ns) { name } metadefTag(namespace: $ns, name: "tag") { name } }`;
      expect(await t.ok(read, { ns }, OTHER)).toEqual({ namespace: null, metadefTag: null });
      expect(await t.ok(read, { ns }, OWNER)).toEqual({
        namespace: { name: ns },
        metadefTag: { name: 'tag' },
      });
    });

    it('enforces per-namespace quotas for projects (not admins), naming the variable', async () => {
      const ns = await createNamespace(t, { visibility: 'PRIVATE', properties: [P('a'), P('b')] }, OWNER);
      const create = WRITES[0][1];
      await t.ok(create, { ns, input: P('c') }, OWNER);
      const over = expectError(await t.gql(create, { ns, input: P('d') }, OWNER), 'FORBIDDEN');
      expect(over.message).toContain('METADEF_PROPERTIES_PER_NAMESPACE');
      await t.ok(create, { ns, input: P('d') }, ADMIN);

      const object = `mutation ($ns: String!, $input: MetadefObjectInput!) { createObject(namespace: $ns, input: $input) { name } }`;
      const ns2 = await createNamespace(t, { visibility: 'PRIVATE' }, OWNER);
      await t.ok(object, { ns: ns2, input: { name: 'o1' } }, OWNER);
      await t.ok(object, { ns: ns2, input: { name: 'o2' } }, OWNER);
      expect(
        expectError(await t.gql(object, { ns: ns2, input: { name: 'o3' } }, OWNER), 'FORBIDDEN').message,
      ).toContain('METADEF_OBJECTS_PER_NAMESPACE');
      // a taken name is still CONFLICT, checked before the quota
      expect(
        expectError(await t.gql(object, { ns: ns2, input: { name: 'o1' } }, OWNER), 'CONFLICT').message,
      ).toContain('o1');
      // object properties count towards the properties quota
      const ns3 = await createNamespace(t, { visibility: 'PRIVATE' }, OWNER);
      const big = { name: 'big', properties: [P('a'), P('b'), P('c'), P('d')] };
      expect(expectError(await t.gql(object, { ns: ns3, input: big }, OWNER), 'FORBIDDEN').message).toContain(
        'METADEF_PROPERTIES_PER_NAMESPACE',
      );

      const tags = `mutation ($ns: String!, $names: [String!]!) { createTags(namespace: $ns, names: $names, append: true) { name } }`;
      expect(
        expectError(await t.gql(tags, { ns: ns2, names: ['a', 'b', 'c', 'd'] }, OWNER), 'FORBIDDEN').message,
      ).toContain('METADEF_TAGS_PER_NAMESPACE');
      const quotaCreate = await t.gql(
        `mutation ($input: CreateNamespaceInput!) { createNamespace(input: $input) { name } }`,
        { input: { name: unique('q'), tags: ['a', 'b', 'c', 'd'] } },
        OWNER,
      );
      expect(expectError(quotaCreate, 'FORBIDDEN').message).toContain('METADEF_TAGS_PER_NAMESPACE');
    });
  });

  describe('with METADEF_PROJECT_WRITES off (default)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t.close());

    it.each(WRITES)('%s: only admins write', async (_label, query, vars) => {
      const ns = await createNamespace(t, { owner: OWNER.project, visibility: 'PRIVATE', ...CONTENT });
      expectError(await t.gql(query, vars(ns), OWNER), 'FORBIDDEN');
      expectError(await t.gql(query, vars(ns), OTHER), 'NOT_FOUND');
      await t.ok(query, vars(ns), ADMIN);
    });

    it.each(DELETES)('%s: only admins delete', async (_label, query) => {
      const ns = await createNamespace(t, { owner: OWNER.project, visibility: 'PUBLIC', ...CONTENT });
      expectError(await t.gql(query, { ns }, OWNER), 'FORBIDDEN');
      expectError(await t.gql(query, { ns }, OTHER), 'FORBIDDEN');
      await t.ok(query, { ns }, ADMIN);
    });
  });
});
