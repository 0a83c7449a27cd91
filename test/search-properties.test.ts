import { PropertyDefinition } from '../src/modules/properties/property.entity';
import { insertObject, insertProperty } from './support/catalog-factories';
import { createNamespace } from './support/factories';
import { ADMIN, expectError, project, startTestApp, type TestApp } from './support/test-app';

const OWNER = project('p-search-owner');
const OTHER = project('p-search-other');

const SEARCH = `query ($q: String!, $rt: String, $first: Int, $after: String) {
  searchProperties(query: $q, resourceType: $rt, first: $first, after: $after) {
    totalCount
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges { cursor node { property { name title } namespace { name } object { name } } }
  }
}`;

/** A word no other test uses, so that each test searches its own rows only. */
function word(): string {
  return `zq${Math.random().toString(36).slice(2, 8).replace(/[0-9]/g, 'x')}`;
}

interface Hit {
  property: { name: string; title: string };
  namespace: { name: string };
  object: { name: string } | null;
}

describe('searchProperties', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function names(q: string, as = ADMIN, rt?: string): Promise<string[]> {
    const { searchProperties } = await t.ok(SEARCH, { q, rt }, as);
    return searchProperties.edges.map((edge: { node: Hit }) => edge.node.property.name);
  }

  it('finds namespace and object properties by name, title and description, with where they live', async () => {
    const w = word();
    const ns = await createNamespace(t);
    const object = await insertObject(t, ns, `${w}Topology`);
    await insertProperty(t, ns, `hw_${w}_cpu_cores`, { type: 'integer', title: 'vCPU Cores' });
    await insertProperty(t, ns, `cpu_info:${w}features`, { title: 'CPU Features' }, object);
    await insertProperty(t, ns, `${w}_ram`, { title: `Memory ${w}`, description: 'Guest RAM in MB' });
    await insertProperty(t, ns, `${w}_unrelated`, { title: 'Other', description: 'nothing to see' });

    const { searchProperties } = await t.ok(SEARCH, { q: `${w} cpu` });
    expect(searchProperties.totalCount).toBe(1);
    const hits: Hit[] = searchProperties.edges.map((edge: { node: Hit }) => edge.node);
    expect(hits).toEqual(
      expect.arrayContaining([
        {
          property: { name: `hw_${w}_cpu_cores`, title: 'vCPU Cores' },
          namespace: { name: ns },
          object: null,
        },
      ]),
    );
    // `cpu_info:<w>features` is one word `<w>features` after splitting: the whole-word query misses it…
    expect(hits.map((hit) => hit.property.name)).not.toContain(`cpu_info:${w}features`);
    // …but a prefix of the last word finds it, inside its object.
    const { searchProperties: byPrefix } = await t.ok(SEARCH, { q: `cpu_info:${w}feat` });
    expect(byPrefix.edges.map((edge: { node: Hit }) => edge.node)).toEqual([
      {
        property: { name: `cpu_info:${w}features`, title: 'CPU Features' },
        namespace: { name: ns },
        object: { name: `${w}Topology` },
      },
    ]);
    // Title and description words.
    expect(await names(`${w} memory`)).toEqual([`${w}_ram`]);
    expect(await names(`guest ram ${w}`)).toEqual([`${w}_ram`]);
    // The underscore-split name lets "cores" alone find hw_..._cpu_cores, and "cpu_co" works as typed.
    expect(await names(`${w} cores`)).toEqual([`hw_${w}_cpu_cores`]);
    expect(await names(`hw_${w}_cpu_co`)).toEqual([`hw_${w}_cpu_cores`]);
    expect(await names(`${w} nomatchword`)).toEqual([]);
  });

  it('ranks name matches above title matches above description-only matches, ties by name', async () => {
    const w = word();
    const ns = await createNamespace(t);
    await insertProperty(t, ns, `b_${w}_desc`, {
      title: 'Something',
      description: `threads threads threads threads ${w}`,
    });
    await insertProperty(t, ns, `z_${w}_threads`, { title: 'Z' });
    await insertProperty(t, ns, `a_${w}_threads`, { title: 'A' });
    await insertProperty(t, ns, `c_${w}_title`, { title: `Threads of ${w}` });
    expect(await names(`${w} threads`)).toEqual([
      `a_${w}_threads`,
      `z_${w}_threads`,
      `c_${w}_title`,
      `b_${w}_desc`,
    ]);
  });

  it('never shows private namespaces of other projects', async () => {
    const w = word();
    const flavor = (prefix: string) => [{ name: 'OS::Nova::Flavor', prefix }];
    const priv = await createNamespace(t, {
      visibility: 'PRIVATE',
      owner: OWNER.project,
      resourceTypeAssociations: flavor(`${w}:`),
    });
    const pub = await createNamespace(t, {
      visibility: 'PUBLIC',
      owner: OWNER.project,
      resourceTypeAssociations: flavor('pub:'),
    });
    const object = await insertObject(t, priv, 'Secret');
    await insertProperty(t, priv, `${w}_secret`);
    await insertProperty(t, priv, `${w}_secret_in_object`, {}, object);
    await insertProperty(t, pub, `${w}_public`);

    expect(await names(w, OTHER)).toEqual([`${w}_public`]);
    const { searchProperties } = await t.ok(SEARCH, { q: w }, OTHER);
    expect(searchProperties.totalCount).toBe(1);
    expect((await names(w, OWNER)).sort()).toEqual([`${w}_public`, `${w}_secret`, `${w}_secret_in_object`]);
    expect(await names(w, ADMIN)).toHaveLength(3);
    // Nor for a resource type, nor through its association prefix typed in the query.
    expect(await names(w, OTHER, 'OS::Nova::Flavor')).toEqual([`pub:${w}_public`]);
    expect(await names(`${w}:${w}_secret`, OTHER, 'OS::Nova::Flavor')).toEqual([]);
    expect(await names(`${w}:${w}_secret`, OWNER, 'OS::Nova::Flavor')).toEqual([
      `${w}:${w}_secret`,
      `${w}:${w}_secret_in_object`,
    ]);
  });

  it('limits to a resource type and applies its prefix to properties, namespaces and objects', async () => {
    const w = word();
    const flavor = await createNamespace(t, {
      resourceTypeAssociations: [
        { name: 'OS::Nova::Flavor', prefix: 'hw:' },
        { name: 'OS::Glance::Image', prefix: 'hw_' },
      ],
    });
    const imageOnly = await createNamespace(t, {
      resourceTypeAssociations: [{ name: 'OS::Glance::Image' }],
    });
    const object = await insertObject(t, flavor, 'Topology', { required: [`${w}_sockets`] });
    await insertProperty(t, flavor, `${w}_cores`);
    await insertProperty(t, flavor, `${w}_sockets`, {}, object);
    await insertProperty(t, imageOnly, `${w}_image_thing`);

    const query = `query ($q: String!, $rt: String) { searchProperties(query: $q, resourceType: $rt) {
      nodes { property { name } namespace { name properties { name } } object { name required properties { name } } } } }`;
    const { searchProperties } = await t.ok(query, { q: w, rt: 'OS::Nova::Flavor' });
    expect(searchProperties.nodes).toEqual([
      {
        property: { name: `hw:${w}_cores` },
        namespace: { name: flavor, properties: [{ name: `hw:${w}_cores` }] },
        object: null,
      },
      {
        property: { name: `hw:${w}_sockets` },
        namespace: { name: flavor, properties: [{ name: `hw:${w}_cores` }] },
        object: {
          name: 'Topology',
          required: [`hw:${w}_sockets`],
          properties: [{ name: `hw:${w}_sockets` }],
        },
      },
    ]);
    expect((await names(w, ADMIN, 'OS::Glance::Image')).sort()).toEqual([
      `hw_${w}_cores`,
      `hw_${w}_sockets`,
      `${w}_image_thing`,
    ]);
    // Without a resource type: every visible namespace, names as stored.
    expect((await names(w)).sort()).toEqual([`${w}_cores`, `${w}_image_thing`, `${w}_sockets`]);
    expectError(await t.gql(SEARCH, { q: w, rt: 'OS::No::Such' }), 'NOT_FOUND');
  });

  it('understands keys typed with the prefix of the searched resource type', async () => {
    const w = word();
    const flavor = await createNamespace(t, {
      resourceTypeAssociations: [{ name: 'OS::Nova::Flavor', prefix: 'hw:' }],
    });
    await insertProperty(t, flavor, `${w}_cpu_cores`);
    // Another namespace, without prefix, whose stored names start with the same words.
    const literal = await createNamespace(t, { resourceTypeAssociations: [{ name: 'OS::Nova::Flavor' }] });
    await insertProperty(t, literal, `hw:${w}_literal_cpu`);
    // A namespace with another prefix: "hw:" typed does not reach it.
    const other = await createNamespace(t, {
      resourceTypeAssociations: [{ name: 'OS::Nova::Flavor', prefix: 'other:' }],
    });
    await insertProperty(t, other, `${w}_cpu_count`);

    const flavorNames = (q: string) => names(q, ADMIN, 'OS::Nova::Flavor');
    expect(await flavorNames(`hw:${w}_cpu_co`)).toEqual([`hw:${w}_cpu_cores`]);
    expect(await flavorNames(`HW:${w}_cpu_cores`)).toEqual([`hw:${w}_cpu_cores`]);
    expect(await flavorNames(`hw:${w}_lit`)).toEqual([`hw:${w}_literal_cpu`]);
    expect((await flavorNames(`hw:${w} cpu`)).sort()).toEqual([`hw:${w}_cpu_cores`, `hw:${w}_literal_cpu`]);
    expect(await flavorNames(`other:${w}_cpu`)).toEqual([`other:${w}_cpu_count`]);
    // Without a resource type the prefix is just words.
    expect(await names(`hw:${w}_cpu_co`)).toEqual([]);
    // A bare prefix is searched as words.
    expect(await flavorNames('hw:')).toEqual(expect.not.arrayContaining([`hw:${w}_cpu_cores`]));
  });

  it('follows changes of the stored schema (generated column)', async () => {
    const w = word();
    const ns = await createNamespace(t);
    const pk = await insertProperty(t, ns, `${w}_prop`, { description: 'before' });
    expect(await names(`${w} after`)).toEqual([]);
    const repository = t.app.database.dataSource.getRepository(PropertyDefinition);
    const row = await repository.findOneByOrFail({ pk });
    row.schema = { ...row.schema, description: 'after the change' };
    await repository.save(row);
    expect(await names(`${w} after`)).toEqual([`${w}_prop`]);
  });

  it('paginates with opaque cursors and counts the total', async () => {
    const w = word();
    const ns = await createNamespace(t);
    for (const letter of ['a', 'b', 'c', 'd', 'e']) await insertProperty(t, ns, `${letter}_${w}`);

    const first = (await t.ok(SEARCH, { q: w, first: 2 })).searchProperties;
    expect(first.totalCount).toBe(5);
    expect(first.edges.map((e: { node: Hit }) => e.node.property.name)).toEqual([`a_${w}`, `b_${w}`]);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(first.pageInfo.endCursor).toBe(first.edges[1].cursor);

    const second = (await t.ok(SEARCH, { q: w, first: 2, after: first.pageInfo.endCursor })).searchProperties;
    expect(second.edges.map((e: { node: Hit }) => e.node.property.name)).toEqual([`c_${w}`, `d_${w}`]);
    expect(second.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });

    const third = (await t.ok(SEARCH, { q: w, first: 2, after: second.pageInfo.endCursor })).searchProperties;
    expect(third.edges.map((e: { node: Hit }) => e.node.property.name)).toEqual([`e_${w}`]);
    expect(third.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });

    expect((await t.ok(SEARCH, { q: w, first: 0 })).searchProperties.edges).toEqual([]);
    // Over the cap: capped, not an error.
    expect((await t.ok(SEARCH, { q: w, first: 100000 })).searchProperties.edges).toHaveLength(5);
  });

  it('rejects tampered cursors, cursors of another search and bad page sizes', async () => {
    const w = word();
    const ns = await createNamespace(t);
    await insertProperty(t, ns, `a_${w}`);
    await insertProperty(t, ns, `b_${w}`);
    const { endCursor } = (await t.ok(SEARCH, { q: w, first: 1 })).searchProperties.pageInfo;

    for (const after of [
      'garbage',
      'eyJ4IjoxfQ',
      `${endCursor}x`,
      Buffer.from('["o","x",-1]').toString('base64url'),
    ]) {
      expectError(await t.gql(SEARCH, { q: w, first: 1, after }), 'BAD_USER_INPUT', 'after');
    }
    // Bound to its query and resource type.
    expectError(await t.gql(SEARCH, { q: `${w} a`, after: endCursor }), 'BAD_USER_INPUT', 'after');
    expectError(
      await t.gql(SEARCH, { q: w, rt: 'OS::Nova::Flavor', after: endCursor }),
      'BAD_USER_INPUT',
      'after',
    );
    expectError(await t.gql(SEARCH, { q: w, first: -1 }), 'BAD_USER_INPUT', 'first');
  });

  it('rejects a query without words and never lets tsquery syntax reach the database', async () => {
    for (const q of ['', '   ', '&|!():*<->', "''"]) {
      const error = expectError(await t.gql(SEARCH, { q }), 'BAD_USER_INPUT', 'query');
      expect(error.message).toMatch(/letter or digit/);
    }
    expectError(await t.gql(SEARCH, { q: 'x'.repeat(201) }), 'BAD_USER_INPUT', 'query');
    const w = word();
    const ns = await createNamespace(t);
    await insertProperty(t, ns, `${w}_cores`);
    for (const q of [`${w} & cores`, `!${w} | cores`, `(${w}) <-> 'cores':*`, `${w}\\ cores\\`]) {
      expect(await names(q)).toEqual([`${w}_cores`]);
    }
  });

  it('loads namespaces and objects in batches: as many statements for 40 hits as for 5', async () => {
    const query = `query ($q: String!, $first: Int) { searchProperties(query: $q, first: $first) {
      totalCount nodes { property { name } namespace { name resourceTypeAssociations { name } } object { name } } } }`;
    async function statementsFor(hits: number): Promise<number> {
      const w = word();
      for (let n = 0; n < hits; n += 1) {
        const ns = await createNamespace(t, { resourceTypeAssociations: [{ name: 'OS::Nova::Flavor' }] });
        const object = n % 2 ? await insertObject(t, ns, `Obj${n}`) : null;
        await insertProperty(t, ns, `${w}_p${n}`, {}, object);
      }
      const { result, count } = await t.app.database.counter.measure(() => t.ok(query, { q: w, first: 100 }));
      expect(result.searchProperties.nodes).toHaveLength(hits);
      expect(result.searchProperties.totalCount).toBe(hits);
      return count;
    }
    const few = await statementsFor(5);
    const many = await statementsFor(40);
    expect(many).toBe(few);
    expect(few).toBeLessThanOrEqual(6);
  });
});
