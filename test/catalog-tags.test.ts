import { createNamespace } from './support/factories';
import { expectError, startTestApp, type TestApp } from './support/test-app';

const TAG = `id name parent { name } children { name }`;
const CREATE = `mutation ($ns: String!, $name: String!, $parent: String) { createTag(namespace: $ns, name: $name, parent: $parent) { ${TAG} } }`;
const CREATE_MANY = `mutation ($ns: String!, $names: [String!]!, $append: Boolean) { createTags(namespace: $ns, names: $names, append: $append) { name } }`;
const UPDATE = `mutation ($ns: String!, $name: String!, $newName: String!, $parent: String) { updateTag(namespace: $ns, name: $name, newName: $newName, parent: $parent) { ${TAG} } }`;
const UPDATE_NAME = `mutation ($ns: String!, $name: String!, $newName: String!) { updateTag(namespace: $ns, name: $name, newName: $newName) { ${TAG} } }`;
const DELETE = `mutation ($ns: String!, $name: String!) { deleteTag(namespace: $ns, name: $name) }`;
const DELETE_ALL = `mutation ($ns: String!) { deleteAllTags(namespace: $ns) }`;
const TAGS = `query ($ns: String!) { namespace(name: $ns) { tags { name parent { name } } } }`;
const ONE = `query ($ns: String!, $name: String!) { metadefTag(namespace: $ns, name: $name) { name parent { name } children { name } descendants { name parent { name } } } }`;

const names = (tags: { name: string }[]) => tags.map((tag) => tag.name);

describe('catalog: metadef tags', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('creates tags unique ignoring case, keeping the original case', async () => {
    const ns = await createNamespace(t);
    const { createTag } = await t.ok(CREATE, { ns, name: 'BigData' });
    expect(createTag).toMatchObject({ name: 'BigData', parent: null, children: [] });
    expectError(await t.gql(CREATE, { ns, name: 'bigdata' }), 'CONFLICT');
    await t.ok(CREATE, { ns, name: 'Big-Data' });
    expect(names((await t.ok(TAGS, { ns })).namespace.tags)).toEqual(['Big-Data', 'BigData']);
    expect((await t.ok(ONE, { ns, name: 'BIGDATA' })).metadefTag.name).toBe('BigData');
    expect((await t.ok(ONE, { ns, name: 'nope' })).metadefTag).toBeNull();
  });

  it('validates names', async () => {
    const ns = await createNamespace(t);
    expectError(await t.gql(CREATE, { ns, name: '' }), 'BAD_USER_INPUT', 'name');
    expectError(await t.gql(CREATE, { ns, name: 'a\nb' }), 'BAD_USER_INPUT', 'name');
    expectError(await t.gql(CREATE, { ns, name: 'x'.repeat(81) }), 'BAD_USER_INPUT', 'name');
    expectError(await t.gql(CREATE, { ns, name: 'child', parent: 'NoSuchParent' }), 'NOT_FOUND', 'parent');
    expect((await t.ok(TAGS, { ns })).namespace.tags).toEqual([]);
  });

  it('createTags replaces by default, appends with append, and rejects duplicates', async () => {
    const ns = await createNamespace(t, { tags: ['old1', 'old2'] });
    await t.ok(CREATE_MANY, { ns, names: ['a', 'b'] });
    expect(names((await t.ok(TAGS, { ns })).namespace.tags)).toEqual(['a', 'b']);
    await t.ok(CREATE_MANY, { ns, names: ['c'], append: true });
    expect(names((await t.ok(TAGS, { ns })).namespace.tags)).toEqual(['a', 'b', 'c']);
    expectError(await t.gql(CREATE_MANY, { ns, names: ['d', 'A'], append: true }), 'CONFLICT');
    expectError(await t.gql(CREATE_MANY, { ns, names: ['x', 'y', 'X'] }), 'BAD_USER_INPUT', 'names.2');
    expectError(await t.gql(CREATE_MANY, { ns, names: ['ok', ''] }), 'BAD_USER_INPUT', 'names.1');
    expect(names((await t.ok(TAGS, { ns })).namespace.tags)).toEqual(['a', 'b', 'c']);
  });

  it('renames (case changes allowed), CONFLICT on a taken name, NOT_FOUND for an unknown tag', async () => {
    const ns = await createNamespace(t, { tags: ['web', 'db'] });
    expect((await t.ok(UPDATE_NAME, { ns, name: 'WEB', newName: 'Web' })).updateTag.name).toBe('Web');
    expectError(await t.gql(UPDATE_NAME, { ns, name: 'web', newName: 'DB' }), 'CONFLICT');
    expectError(await t.gql(UPDATE_NAME, { ns, name: 'nope', newName: 'x' }), 'NOT_FOUND');
    expectError(await t.gql(UPDATE_NAME, { ns, name: 'web', newName: '' }), 'BAD_USER_INPUT', 'newName');
  });

  describe('hierarchy', () => {
    async function tree(): Promise<string> {
      const ns = await createNamespace(t);
      await t.ok(CREATE, { ns, name: 'Database' });
      await t.ok(CREATE, { ns, name: 'MySQL', parent: 'database' });
      await t.ok(CREATE, { ns, name: 'Postgres', parent: 'Database' });
      await t.ok(CREATE, { ns, name: 'Aurora', parent: 'MySQL' });
      await t.ok(CREATE, { ns, name: 'Web' });
      return ns;
    }

    it('finds a tag with all its descendants', async () => {
      const ns = await tree();
      const { metadefTag } = await t.ok(ONE, { ns, name: 'Database' });
      expect(metadefTag).toEqual({
        name: 'Database',
        parent: null,
        children: [{ name: 'MySQL' }, { name: 'Postgres' }],
        descendants: [
          { name: 'MySQL', parent: { name: 'Database' } },
          { name: 'Postgres', parent: { name: 'Database' } },
          { name: 'Aurora', parent: { name: 'MySQL' } },
        ],
      });
      expect((await t.ok(ONE, { ns, name: 'Web' })).metadefTag.descendants).toEqual([]);
    });

    it('loads descendants of every tag of a namespace in one statement', async () => {
      const ns = await tree();
      const { count } = await t.app.database.counter.measure(() =>
        t.ok(`query ($ns: String!) { namespace(name: $ns) { tags { name descendants { name } } } }`, { ns }),
      );
      // The catalog version (catalog-cache.ts), then namespace, tags, descendants (a first read: computed).
      expect(count).toBeLessThanOrEqual(4);
    });

    it('moves a tag under another parent, clears the parent with null, refuses cycles', async () => {
      const ns = await tree();
      const moved = await t.ok(UPDATE, { ns, name: 'Aurora', newName: 'Aurora', parent: 'Postgres' });
      expect(moved.updateTag.parent).toEqual({ name: 'Postgres' });
      const root = await t.ok(UPDATE, { ns, name: 'Aurora', newName: 'Aurora', parent: null });
      expect(root.updateTag.parent).toBeNull();
      const kept = await t.ok(UPDATE_NAME, { ns, name: 'MySQL', newName: 'MySQL8' });
      expect(kept.updateTag.parent).toEqual({ name: 'Database' });
      expectError(
        await t.gql(UPDATE, { ns, name: 'Database', newName: 'Database', parent: 'MySQL8' }),
        'BAD_USER_INPUT',
        'parent',
      );
      expectError(
        await t.gql(UPDATE, { ns, name: 'Database', newName: 'Database', parent: 'database' }),
        'BAD_USER_INPUT',
        'parent',
      );
      expectError(
        await t.gql(UPDATE, { ns, name: 'Web', newName: 'Web', parent: 'nope' }),
        'NOT_FOUND',
        'parent',
      );
    });

    it('deleting a parent moves its children up to its own parent', async () => {
      const ns = await tree();
      await t.ok(DELETE, { ns, name: 'MySQL' });
      const { metadefTag } = await t.ok(ONE, { ns, name: 'Aurora' });
      expect(metadefTag.parent).toEqual({ name: 'Database' });
      await t.ok(DELETE, { ns, name: 'database' });
      expect((await t.ok(ONE, { ns, name: 'Aurora' })).metadefTag.parent).toBeNull();
      expect((await t.ok(ONE, { ns, name: 'Postgres' })).metadefTag.parent).toBeNull();
    });
  });

  it('deletes one and all tags', async () => {
    const ns = await createNamespace(t, { tags: ['a', 'b', 'c'] });
    expect((await t.ok(DELETE, { ns, name: 'A' })).deleteTag).toBe(true);
    expectError(await t.gql(DELETE, { ns, name: 'a' }), 'NOT_FOUND');
    expect((await t.ok(DELETE_ALL, { ns })).deleteAllTags).toBe(2);
    expect((await t.ok(TAGS, { ns })).namespace.tags).toEqual([]);
  });

  describe('tagConnection: paged and ordered, beside the unchanged tags list', () => {
    const PAGE = `query ($owner: String!, $first: Int, $orderBy: MetadefTagOrder) {
      namespaces(filter: { owner: $owner }) {
        nodes { name tags { name } tagConnection(first: $first, orderBy: $orderBy) { totalCount nodes { name } pageInfo { hasNextPage } } }
      }
    }`;

    it('reads the first pages of every namespace of a list in a fixed number of statements', async () => {
      const owner = `tagpager-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
      const made: string[] = [];
      for (let i = 0; i < 6; i += 1) {
        made.push(await createNamespace(t, { owner, tags: [`t${i}-b`, `T${i}-a`, `t${i}-C`] }));
      }
      const measure = (first: number, orderBy?: unknown) =>
        t.app.database.counter.measure(() => t.ok(PAGE, { owner, first, orderBy }));
      const one = await measure(1);
      const two = await measure(2, { field: 'CREATED_AT', direction: 'DESC' });
      expect(one.result.namespaces.nodes).toHaveLength(6);
      for (const node of one.result.namespaces.nodes) {
        const i = made.indexOf(node.name);
        // The list of old clients is unchanged: every tag, by name ignoring case.
        expect(names(node.tags)).toEqual([`T${i}-a`, `t${i}-b`, `t${i}-C`]);
        expect(node.tagConnection).toEqual({
          totalCount: 3,
          nodes: [{ name: `T${i}-a` }],
          pageInfo: { hasNextPage: true },
        });
      }
      for (const node of two.result.namespaces.nodes) {
        const i = made.indexOf(node.name);
        // Created together (one statement, one instant): ties go by creation order, reversed.
        expect(names(node.tagConnection.nodes)).toEqual([`t${i}-C`, `T${i}-a`]);
      }
      // Catalog version, namespaces, tags lists, first pages, counts: as many for six namespaces as for one.
      expect(one.count).toBeLessThanOrEqual(5);
      expect(two.count).toBe(one.count);
    });

    it('refuses a cursor of another order or namespace, naming the argument', async () => {
      const first = await createNamespace(t, { tags: ['a', 'b', 'c'] });
      const other = await createNamespace(t, { tags: ['a', 'b', 'c'] });
      const LIST = `query ($ns: String!, $after: String, $orderBy: MetadefTagOrder) {
        namespace(name: $ns) { tagConnection(first: 1, after: $after, orderBy: $orderBy) { nodes { name } pageInfo { endCursor } } }
      }`;
      const { endCursor } = (await t.ok(LIST, { ns: first })).namespace.tagConnection.pageInfo;
      expectError(
        await t.gql(LIST, { ns: first, after: endCursor, orderBy: { field: 'CREATED_AT' } }),
        'BAD_USER_INPUT',
        'after',
      );
      expectError(await t.gql(LIST, { ns: other, after: endCursor }), 'BAD_USER_INPUT', 'after');
      const next = await t.ok(LIST, { ns: first, after: endCursor });
      expect(names(next.namespace.tagConnection.nodes)).toEqual(['b']);
      // A new tag shows at once (the catalog cache keeps no stale page).
      const COUNT = `query ($ns: String!) { namespace(name: $ns) { tagConnection(last: 1) { totalCount nodes { name } } } }`;
      expect((await t.ok(COUNT, { ns: first })).namespace.tagConnection).toEqual({
        totalCount: 3,
        nodes: [{ name: 'c' }],
      });
      await t.ok(CREATE, { ns: first, name: 'd' });
      expect((await t.ok(COUNT, { ns: first })).namespace.tagConnection).toEqual({
        totalCount: 4,
        nodes: [{ name: 'd' }],
      });
    });
  });
});
