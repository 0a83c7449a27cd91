import { createResource } from './support/resource-factories';
import { ADMIN, expectError, project, startTestApp, unique, type TestApp } from './support/test-app';

const OWNER = project('p-tag-owner');
const OTHER = project('p-tag-other');

const TAGS = `query ($uuid: UUID!) { resource(uuid: $uuid) { tags updatedAt } }`;
const SET = `mutation ($uuid: UUID!, $tags: [String!]!) { setResourceTags(uuid: $uuid, tags: $tags) }`;
const ADD = `mutation ($uuid: UUID!, $tag: String!) { addResourceTag(uuid: $uuid, tag: $tag) { tags created } }`;
const HAS = `query ($uuid: UUID!, $tag: String!) { resourceHasTag(uuid: $uuid, tag: $tag) }`;
const REMOVE = `mutation ($uuid: UUID!, $tag: String!) { removeResourceTag(uuid: $uuid, tag: $tag) }`;
const REMOVE_ALL = `mutation ($uuid: UUID!) { removeAllResourceTags(uuid: $uuid) }`;
const CREATE = `mutation ($input: CreateResourceInput!) { createResource(input: $input) { uuid tags } }`;
const LIST = `query ($filter: ResourceFilter, $first: Int) {
  resources(filter: $filter, first: $first) { totalCount nodes { name tags } }
}`;

const fifty = Array.from({ length: 50 }, (_, i) => `tag-${i}`);
const ODD_TAGS = [
  '100%',
  '%',
  '_',
  'a_b',
  'with space',
  ' leading and trailing ',
  "it's",
  '"double"',
  'back\\slash',
  '\\',
  '🚀',
  'ümlaut',
  '中文',
  '*',
  '[ab]',
  '.*',
  'x'.repeat(60),
];

describe('resource tags', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const tagsOf = async (uuid: string, who = OWNER): Promise<string[]> =>
    (await t.ok(TAGS, { uuid }, who)).resource.tags;

  describe('writing tags', () => {
    it('adds a tag (created: true), and again (created: false)', async () => {
      const uuid = await createResource(t, {}, OWNER);
      expect((await t.ok(ADD, { uuid, tag: 'red' }, OWNER)).addResourceTag).toEqual({
        tags: ['red'],
        created: true,
      });
      expect((await t.ok(ADD, { uuid, tag: 'red' }, OWNER)).addResourceTag).toEqual({
        tags: ['red'],
        created: false,
      });
      expect((await t.ok(ADD, { uuid, tag: 'blue' }, OWNER)).addResourceTag).toEqual({
        tags: ['blue', 'red'],
        created: true,
      });
    });

    it('is case-sensitive', async () => {
      const uuid = await createResource(t, { tags: ['BigData'] }, OWNER);
      expect((await t.ok(ADD, { uuid, tag: 'bigdata' }, OWNER)).addResourceTag).toEqual({
        tags: ['BigData', 'bigdata'],
        created: true,
      });
      expect((await t.ok(HAS, { uuid, tag: 'BIGDATA' }, OWNER)).resourceHasTag).toBe(false);
      expect((await t.ok(HAS, { uuid, tag: 'BigData' }, OWNER)).resourceHasTag).toBe(true);
      expectError(await t.gql(REMOVE, { uuid, tag: 'BIGDATA' }, OWNER), 'NOT_FOUND');
    });

    it('replaces all tags with setResourceTags (duplicates once) and returns them', async () => {
      const uuid = await createResource(t, { tags: ['old'] }, OWNER);
      expect((await t.ok(SET, { uuid, tags: ['b', 'a', 'b'] }, OWNER)).setResourceTags).toEqual(['a', 'b']);
      expect(await tagsOf(uuid)).toEqual(['a', 'b']);
      expect((await t.ok(SET, { uuid, tags: [] }, OWNER)).setResourceTags).toEqual([]);
      expect(await tagsOf(uuid)).toEqual([]);
    });

    it('tells whether a tag is there', async () => {
      const uuid = await createResource(t, { tags: ['here'] }, OWNER);
      expect((await t.ok(HAS, { uuid, tag: 'here' }, OWNER)).resourceHasTag).toBe(true);
      expect((await t.ok(HAS, { uuid, tag: 'absent' }, OWNER)).resourceHasTag).toBe(false);
      expect((await t.ok(HAS, { uuid, tag: 'here' }, ADMIN)).resourceHasTag).toBe(true);
    });

    it('removes one tag (NOT_FOUND when absent) and all tags', async () => {
      const uuid = await createResource(t, { tags: ['a', 'b', 'c'] }, OWNER);
      expect((await t.ok(REMOVE, { uuid, tag: 'b' }, OWNER)).removeResourceTag).toEqual(['a', 'c']);
      const error = expectError(await t.gql(REMOVE, { uuid, tag: 'b' }, OWNER), 'NOT_FOUND');
      expect(error.message).toContain('"b"');
      expect((await t.ok(REMOVE_ALL, { uuid }, OWNER)).removeAllResourceTags).toBe(true);
      expect(await tagsOf(uuid)).toEqual([]);
      expect((await t.ok(REMOVE_ALL, { uuid }, OWNER)).removeAllResourceTags).toBe(true);
    });

    it('lets an admin manage the tags of any project resource', async () => {
      const uuid = await createResource(t, { tags: ['a'] }, OTHER);
      expect((await t.ok(ADD, { uuid, tag: 'b' }, ADMIN)).addResourceTag.created).toBe(true);
      expect((await t.ok(SET, { uuid, tags: ['z'] }, ADMIN)).setResourceTags).toEqual(['z']);
      expect((await t.ok(REMOVE, { uuid, tag: 'z' }, ADMIN)).removeResourceTag).toEqual([]);
      expect(await tagsOf(uuid, OTHER)).toEqual([]);
    });

    it('moves updatedAt when tags change', async () => {
      const uuid = await createResource(t, {}, OWNER);
      const before = (await t.ok(TAGS, { uuid }, OWNER)).resource.updatedAt;
      await new Promise((resolve) => setTimeout(resolve, 5));
      await t.ok(ADD, { uuid, tag: 'x' }, OWNER);
      const after = (await t.ok(TAGS, { uuid }, OWNER)).resource.updatedAt;
      expect(Date.parse(after)).toBeGreaterThan(Date.parse(before));
    });
  });

  describe('tag rules', () => {
    it.each([
      ['empty', ''],
      ['61 characters', 'x'.repeat(61)],
      ['a slash', 'a/b'],
      ['a comma', 'a,b'],
      ['a NUL', 'a\u0000b'],
      ['an unpaired surrogate', 'a\ud800b'],
    ])('refuses a tag that is %s, everywhere, naming the field', async (_what, bad) => {
      const uuid = await createResource(t, { tags: ['keep'] }, OWNER);
      expectError(await t.gql(ADD, { uuid, tag: bad }, OWNER), 'BAD_USER_INPUT', 'tag');
      expectError(
        await t.gql(SET, { uuid, tags: ['ok', 'fine', 'good', bad] }, OWNER),
        'BAD_USER_INPUT',
        'tags.3',
      );
      expectError(
        await t.gql(CREATE, { input: { resourceType: 'OS::Nova::Server', tags: ['ok', bad] } }, OWNER),
        'BAD_USER_INPUT',
        'input.tags.1',
      );
      expect(await tagsOf(uuid)).toEqual(['keep']);
    });

    it('counts characters, not bytes: 60 emoji are a valid tag', async () => {
      const tag = '🚀'.repeat(60);
      const uuid = await createResource(t, { tags: [tag] }, OWNER);
      expect(await tagsOf(uuid)).toEqual([tag]);
    });

    it('allows 50 tags and refuses the 51st, naming the limit, changing nothing', async () => {
      const uuid = await createResource(t, { tags: fifty }, OWNER);
      expect(await tagsOf(uuid)).toHaveLength(50);
      const before = (await t.ok(TAGS, { uuid }, OWNER)).resource;

      const added = expectError(
        await t.gql(ADD, { uuid, tag: 'one-too-many' }, OWNER),
        'BAD_USER_INPUT',
        'tag',
      );
      expect(added.message).toMatch(/50/);
      // an existing tag is still "added" (created: false) at the limit
      expect((await t.ok(ADD, { uuid, tag: 'tag-0' }, OWNER)).addResourceTag.created).toBe(false);

      const set = expectError(
        await t.gql(SET, { uuid, tags: [...fifty.slice(1), 'new-1', 'new-2'] }, OWNER),
        'BAD_USER_INPUT',
        'tags',
      );
      expect(set.message).toMatch(/50/);
      expect((await t.ok(TAGS, { uuid }, OWNER)).resource).toEqual(before);

      // 51 names with a duplicate are 50 tags
      expect((await t.ok(SET, { uuid, tags: [...fifty, 'tag-0'] }, OWNER)).setResourceTags).toHaveLength(50);
    });

    it('refuses 51 tags on creation and creates nothing', async () => {
      const type = unique('OS::TagLimit');
      const error = expectError(
        await t.gql(CREATE, { input: { resourceType: type, tags: [...fifty, 'x'] } }, ADMIN),
        'BAD_USER_INPUT',
        'input.tags',
      );
      expect(error.message).toMatch(/50/);
      const { resourceTypes } = await t.ok(`{ resourceTypes { name } }`);
      expect(resourceTypes.map((rt: { name: string }) => rt.name)).not.toContain(type);
    });

    it('round-trips tags with wildcards, quotes, backslashes, spaces and emoji exactly', async () => {
      const uuid = await createResource(t, { tags: ODD_TAGS }, OWNER);
      expect([...(await tagsOf(uuid))].sort()).toEqual([...ODD_TAGS].sort());
      for (const tag of ODD_TAGS) {
        expect((await t.ok(HAS, { uuid, tag }, OWNER)).resourceHasTag).toBe(true);
      }
      expect((await t.ok(REMOVE, { uuid, tag: '%' }, OWNER)).removeResourceTag).not.toContain('%');
      expect(await tagsOf(uuid)).toContain('100%');
    });
  });

  describe('tag queries', () => {
    // Four resources in one private project, so each test sees exactly these.
    const who = project(unique('p-tagq'));
    beforeAll(async () => {
      await createResource(t, { name: 'red-blue', tags: ['red', 'blue'] }, who);
      await createResource(t, { name: 'red', tags: ['red'] }, who);
      await createResource(t, { name: 'green-orange', tags: ['green', 'orange'] }, who);
      await createResource(t, { name: 'untagged' }, who);
      await createResource(
        t,
        { name: 'red-blue-green', tags: ['red', 'blue', 'green'], resourceType: 'OS::Glance::Image' },
        who,
      );
    });

    const names = async (filter: Record<string, unknown>): Promise<string[]> =>
      (await t.ok(LIST, { filter }, who)).resources.nodes.map((r: { name: string }) => r.name);

    it('tags: has all of them', async () => {
      expect(await names({ tags: ['red'] })).toEqual(['red-blue', 'red', 'red-blue-green']);
      expect(await names({ tags: ['red', 'blue'] })).toEqual(['red-blue', 'red-blue-green']);
      expect(await names({ tags: ['red', 'blue', 'red'] })).toEqual(['red-blue', 'red-blue-green']);
      expect(await names({ tags: ['RED'] })).toEqual([]);
    });

    it('tagsAny: has at least one of them', async () => {
      expect(await names({ tagsAny: ['blue', 'orange'] })).toEqual([
        'red-blue',
        'green-orange',
        'red-blue-green',
      ]);
      expect(await names({ tagsAny: ['nope'] })).toEqual([]);
    });

    it('notTags: has none of them', async () => {
      expect(await names({ notTags: ['red', 'blue'] })).toEqual(['green-orange', 'untagged']);
      expect(await names({ notTags: ['green'] })).toEqual(['red-blue', 'red', 'untagged']);
    });

    it('notTagsAny: lacks at least one of them', async () => {
      expect(await names({ notTagsAny: ['red', 'blue'] })).toEqual(['red', 'green-orange', 'untagged']);
      expect(await names({ notTagsAny: ['red'] })).toEqual(['green-orange', 'untagged']);
    });

    it('combines filters with AND (the spec example: tags=red,blue & tagsAny=green,orange)', async () => {
      expect(await names({ tags: ['red', 'blue'], tagsAny: ['green', 'orange'] })).toEqual([
        'red-blue-green',
      ]);
      expect(await names({ tags: ['red'], notTags: ['green'] })).toEqual(['red-blue', 'red']);
      expect(await names({ tagsAny: ['red', 'green'], notTagsAny: ['red', 'blue'] })).toEqual([
        'red',
        'green-orange',
      ]);
      expect(await names({ tags: ['red'], resourceType: 'OS::Glance::Image' })).toEqual(['red-blue-green']);
      expect(
        await names({
          tags: ['red'],
          tagsAny: ['blue', 'green'],
          notTags: ['orange'],
          notTagsAny: ['green', 'blue'],
        }),
      ).toEqual(['red-blue']);
    });

    it('gives an empty list, not an error, for contradictory filters', async () => {
      const result = await t.ok(LIST, { filter: { tags: ['blue'], notTags: ['blue'] } }, who);
      expect(result.resources).toEqual({ totalCount: 0, nodes: [] });
      expect(await names({ tags: ['red', 'blue'], notTagsAny: ['red', 'blue'] })).toEqual([]);
      expect(await names({ tagsAny: [] })).toEqual([]);
    });

    it('an empty list keeps the meaning of its condition: tags/notTags every resource, tagsAny/notTagsAny none', async () => {
      const all = await names({});
      expect(all.length).toBeGreaterThan(0);
      expect(await names({ tags: [] })).toEqual(all);
      expect(await names({ notTags: [] })).toEqual(all);
      expect(await names({ tagsAny: [] })).toEqual([]);
      expect(await names({ notTagsAny: [] })).toEqual([]);
    });

    it('matches only the caller project resources; an admin query matches every project', async () => {
      const other = project(unique('p-tagq-other'));
      await createResource(t, { name: 'elsewhere', tags: ['red'] }, other);
      expect(await names({ tags: ['red'] })).not.toContain('elsewhere');
      const all = await t.ok(LIST, { filter: { tags: ['red'], projectId: other.project } }, ADMIN);
      expect(all.resources.nodes.map((r: { name: string }) => r.name)).toEqual(['elsewhere']);
    });

    it('treats %, _ and backslash literally in filters', async () => {
      const lit = project(unique('p-tagq-literal'));
      await createResource(t, { name: 'percent', tags: ['100%'] }, lit);
      await createResource(t, { name: 'underscore', tags: ['a_b'] }, lit);
      await createResource(t, { name: 'plain', tags: ['100x', 'axb', 'a\\b'] }, lit);
      const found = async (filter: Record<string, unknown>) =>
        (await t.ok(LIST, { filter }, lit)).resources.nodes.map((r: { name: string }) => r.name);
      expect(await found({ tags: ['100%'] })).toEqual(['percent']);
      expect(await found({ tags: ['%'] })).toEqual([]);
      expect(await found({ tagsAny: ['a_b'] })).toEqual(['underscore']);
      expect(await found({ notTags: ['a_b'] })).toEqual(['percent', 'plain']);
      expect(await found({ tags: ['a\\b'] })).toEqual(['plain']);
    });

    it('refuses more than 100 tags in one filter list', async () => {
      const many = Array.from({ length: 101 }, (_, i) => `t${i}`);
      expectError(
        await t.gql(LIST, { filter: { notTagsAny: many } }, who),
        'BAD_USER_INPUT',
        'filter.notTagsAny',
      );
    });
  });
});
