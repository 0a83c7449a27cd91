import { createResource } from './support/resource-factories';
import { ADMIN, expectError, project, startTestApp, unique, type TestApp } from './support/test-app';

const USAGE = `query ($first: Int, $after: String, $filter: ResourceTagUsageFilter) {
  resourceTagUsage(first: $first, after: $after, filter: $filter) {
    totalCount
    pageInfo { hasNextPage hasPreviousPage endCursor }
    nodes { tag normalized count caseVariants resourceTypes { resourceType count } }
  }
}`;

describe('resource tag usage (the tag catalog view)', () => {
  let t: TestApp;
  const P1 = project(unique('p-usage-1'));
  const P2 = project(unique('p-usage-2'));
  // A prefix no other data shares, so every query below sees only these tags.
  const x = unique('u').replace(/[^a-z0-9]/gi, '');
  beforeAll(async () => {
    t = await startTestApp();
    await createResource(t, { tags: [`${x}BigData`, `${x}web`] }, P1);
    await createResource(t, { tags: [`${x}bigdata`, `${x}web`], resourceType: 'OS::Glance::Image' }, P1);
    await createResource(t, { tags: [`${x}web`] }, P1);
    await createResource(t, { tags: [`${x}BIGDATA`, `${x}secret-p2`, `${x}web`] }, P2);
    await createResource(t, { tags: [`${x}100%`, `${x}1000`, `${x}a_b`, `${x}axb`] }, P2);
  });
  afterAll(() => t.close());

  const usage = async (filter: Record<string, unknown>, who = ADMIN, first?: number) =>
    (await t.ok(USAGE, { filter, first }, who)).resourceTagUsage;

  it('lists tags with counts per type, near-duplicates together (admin: every project)', async () => {
    const result = await usage({ startsWith: x });
    const tags = result.nodes.map((node: { tag: string }) => node.tag);
    expect(tags).toEqual([
      `${x}100%`,
      `${x}1000`,
      `${x}a_b`,
      `${x}axb`,
      `${x}BIGDATA`,
      `${x}BigData`,
      `${x}bigdata`,
      `${x}secret-p2`,
      `${x}web`,
    ]);
    expect(result.nodes.slice(4, 8)).toEqual([
      {
        tag: `${x}BIGDATA`,
        normalized: `${x}bigdata`.toLowerCase(),
        count: 1,
        caseVariants: [`${x}BIGDATA`, `${x}BigData`, `${x}bigdata`],
        resourceTypes: [{ resourceType: 'OS::Nova::Server', count: 1 }],
      },
      {
        tag: `${x}BigData`,
        normalized: `${x}bigdata`.toLowerCase(),
        count: 1,
        caseVariants: [`${x}BIGDATA`, `${x}BigData`, `${x}bigdata`],
        resourceTypes: [{ resourceType: 'OS::Nova::Server', count: 1 }],
      },
      {
        tag: `${x}bigdata`,
        normalized: `${x}bigdata`.toLowerCase(),
        count: 1,
        caseVariants: [`${x}BIGDATA`, `${x}BigData`, `${x}bigdata`],
        resourceTypes: [{ resourceType: 'OS::Glance::Image', count: 1 }],
      },
      expect.objectContaining({ tag: `${x}secret-p2` }),
    ]);
    const web = result.nodes.find((node: { tag: string }) => node.tag === `${x}web`);
    expect(web).toMatchObject({
      count: 4,
      caseVariants: [`${x}web`],
      resourceTypes: [
        { resourceType: 'OS::Glance::Image', count: 1 },
        { resourceType: 'OS::Nova::Server', count: 3 },
      ],
    });
    expect(result.totalCount).toBe(9);
  });

  it("counts only the caller's project for non-admins: other projects' tags are not even listed", async () => {
    const result = await usage({ startsWith: x }, P1);
    expect(result.nodes.map((node: { tag: string }) => node.tag)).toEqual([
      `${x}BigData`,
      `${x}bigdata`,
      `${x}web`,
    ]);
    expect(result.nodes[0].caseVariants).toEqual([`${x}BigData`, `${x}bigdata`]);
    expect(result.nodes[2].count).toBe(3);
    // asking for another project changes nothing for a non-admin
    expect((await usage({ startsWith: x, projectId: P2.project }, P1)).nodes).toEqual([]);
    // an admin may narrow to one project
    const p2 = await usage({ startsWith: x, projectId: P2.project });
    expect(p2.nodes.find((node: { tag: string }) => node.tag === `${x}web`).count).toBe(1);
  });

  it('searches ignoring case, and filters by resource type', async () => {
    const found = await usage({ search: `${x}BIGdata`.toLowerCase() });
    expect(found.nodes.map((node: { tag: string }) => node.tag)).toEqual([
      `${x}BIGDATA`,
      `${x}BigData`,
      `${x}bigdata`,
    ]);
    const images = await usage({ startsWith: x, resourceType: 'OS::Glance::Image' });
    expect(images.nodes.map((node: { tag: string }) => node.tag)).toEqual([`${x}bigdata`, `${x}web`]);
    expect(images.nodes[1].count).toBe(1);
  });

  it('matches %, _ and backslash literally', async () => {
    const byPrefix = await usage({ startsWith: `${x}100%` });
    expect(byPrefix.nodes.map((node: { tag: string }) => node.tag)).toEqual([`${x}100%`]);
    const bySearch = await usage({ search: `${x}a_` });
    expect(bySearch.nodes.map((node: { tag: string }) => node.tag)).toEqual([`${x}a_b`]);
    expect((await usage({ search: `${x}%` })).nodes).toEqual([]);
    expect((await usage({ search: '\\' })).nodes).toEqual([]);
  });

  it('pages with first/after and refuses a bad cursor', async () => {
    const first = await usage({ startsWith: x }, ADMIN, 4);
    expect(first.nodes).toHaveLength(4);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const rest = (
      await t.ok(USAGE, { filter: { startsWith: x }, first: 100, after: first.pageInfo.endCursor }, ADMIN)
    ).resourceTagUsage;
    expect(rest.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const all = await usage({ startsWith: x });
    expect([...first.nodes, ...rest.nodes]).toEqual(all.nodes);
    expectError(await t.gql(USAGE, { after: 'nope' }), 'BAD_USER_INPUT', 'after');
  });
});
