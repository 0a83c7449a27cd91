import { extendSchema, parse } from 'graphql';
import { deriveCacheRules, tableOf, type ReadDeclarations } from '../src/app/cache-rules';
import { versionedTables } from '../src/app/modules';
import { buildAppSchema, catalogQueryFields, entityTables, reads } from '../src/app/schema';
import { ADMIN, project, startTestApp, unique, type TestApp } from './support/test-app';

/**
 * Which root queries the catalog cache may answer is derived from the schema: a root field is cacheable if and
 * only if every type it can reach declares (in its module's manifest) that it reads only versioned tables,
 * the tables whose writes bump catalog_version.
 */

/** Today's cacheable root queries: a change here is a change of what the cache serves, made visible. */
const CACHEABLE = ['metadefTag', 'namespace', 'namespaces', 'searchProperties', 'validateMetadata'];

/** The derivation over the app's schema with `sdl` added to it and `more` declarations. */
function rulesWith(sdl: string, more: ReadDeclarations = {}) {
  const schema = sdl ? extendSchema(buildAppSchema(), parse(sdl)) : buildAppSchema();
  return deriveCacheRules(schema, { ...reads, ...more }, versionedTables, entityTables());
}

describe('cache rules derived from the schema', () => {
  it('make exactly the catalog queries cacheable', () => {
    expect([...catalogQueryFields()].sort()).toEqual(CACHEABLE);
  });

  it('make the root queries reaching a catalog type uncacheable once it gains a field to a non-catalog type', () => {
    // An object may be seen in resource type views; its usage by resources is not catalog data.
    const rules = rulesWith('extend type MetadefObject { usedBy: [Resource!]! }');
    // namespaces and namespace reach MetadefObject through Namespace.objects; searchProperties through its hits.
    expect([...rules.cacheable].sort()).toEqual(['metadefTag', 'validateMetadata']);
    expect(rules.uncacheable.get('namespaces')).toMatch(/^resource/);
    expect(rules.uncacheable.get('searchProperties')).toMatch(/^resource/);
  });

  it('follow interfaces to every type that implements them', () => {
    const rules = rulesWith('extend type MetadefTag { related: Node }');
    // Node includes Trait, Resource, ResourceProvider, DiscoveredProperty.
    expect(rules.cacheable.has('metadefTag')).toBe(false);
    expect(rules.cacheable.has('namespaces')).toBe(false);
    expect([...rules.cacheable].sort()).toEqual(['validateMetadata']);
  });

  it('count what a field declares it reads (a usage count on Namespace), not only the types it returns', () => {
    const rules = rulesWith('extend type Namespace { resourceCount: Int! }', {
      'Namespace.resourceCount': ['resources'],
    });
    expect(rules.uncacheable.get('namespace')).toBe('resources (read by Namespace.resourceCount)');
    expect([...rules.cacheable].sort()).toEqual(['metadefTag', 'validateMetadata']);
    // Declared to read catalog tables only, it keeps them cacheable.
    const catalogOnly = rulesWith('extend type Namespace { propertyCount: Int! }', {
      'Namespace.propertyCount': ['metadef_properties'],
    });
    expect([...catalogOnly.cacheable].sort()).toEqual(CACHEABLE);
  });

  it('refuse a schema with a reachable type or a root query that declares nothing, or a table no entity has', () => {
    expect(() =>
      rulesWith('type NamespaceStats { count: Int! } extend type Namespace { stats: NamespaceStats! }'),
    ).toThrow(/declare what these read.*NamespaceStats/);
    expect(() => rulesWith('extend type Query { catalogSize: Int! }')).toThrow(/Query\.catalogSize/);
    expect(() => rulesWith('', { 'Namespace.name': ['namespace'] })).toThrow(
      /no entity has the table namespace\b/,
    );
    expect(() => rulesWith('', { 'Namespace.usage': [] })).toThrow(/Namespace\.usage: no such field/);
  });
});

describe('the versioned tables', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ CATALOG_CACHE_MB: '0' });
  });
  afterAll(() => t.close());

  it('are exactly the tables whose writes the catalog version trigger watches', async () => {
    const rows: { table: string }[] = await t.app.database.dataSource.query(`
      SELECT DISTINCT c.relname AS table
      FROM pg_trigger tg
      JOIN pg_class c ON c.oid = tg.tgrelid
      JOIN pg_proc p ON p.oid = tg.tgfoid
      WHERE p.proname = 'catalog_version_bump'`);
    expect(rows.map((row) => row.table).sort()).toEqual([...versionedTables].sort());
  });

  it('are all that the cacheable queries read (besides what they declare they may miss), as the database sees their statements', async () => {
    const ns = unique('NS');
    await t.ok(
      `mutation ($input: CreateNamespaceInput!) { createNamespace(input: $input) { name } }`,
      {
        input: {
          name: ns,
          visibility: 'PUBLIC',
          resourceTypeAssociations: [{ name: 'OS::Nova::Flavor', prefix: 'x:' }],
          properties: [{ name: 'cores', title: 'Cores', type: 'INTEGER' }],
          objects: [{ name: 'Obj', properties: [{ name: 'p', title: 'P', type: 'STRING' }] }],
          tags: ['Tag'],
        },
      },
      ADMIN,
    );
    const property = 'name title type view { resourceType prefix } items { type }';
    const queries: [string, Record<string, unknown>][] = [
      [
        `{ namespaces(first: 50) { totalCount pageInfo { endCursor } edges { cursor node {
            name resourceTypeAssociations { name prefix } properties { ${property} }
            objects { name properties { ${property} } } tags { name parent { name } children { name } descendants { name } }
          } } } }`,
        {},
      ],
      [
        `query ($ns: String!) { namespace(name: $ns, resourceType: "OS::Nova::Flavor") { name properties { ${property} } } }`,
        { ns },
      ],
      [`query ($ns: String!) { metadefTag(namespace: $ns, name: "tag") { name } }`, { ns }],
      [
        `{ searchProperties(query: "cores", resourceType: "OS::Nova::Flavor", first: 5) { totalCount nodes {
            property { name } namespace { name } object { name } } } }`,
        {},
      ],
      [
        `query ($metadata: JSON!) { validateMetadata(resourceType: "OS::Nova::Flavor", metadata: $metadata) {
            valid errors { key } unknownKeys } }`,
        { metadata: { 'x:cores': '2' } },
      ],
    ];
    const tables = entityTables();
    const read = new Set<string>();
    const beyond: string[] = [];
    for (const [query, variables] of queries) {
      const field = /\{\s*(\w+)\(/.exec(query)![1];
      // What a table the catalog version does not follow may cost, declared for this field (with its reason).
      const tolerated = new Set(
        reads[`Query.${field}`].filter((read) => typeof read !== 'string').map(tableOf),
      );
      // An admin sees everything; a project's visibility checks read more.
      for (const who of [ADMIN, project('p1')]) {
        const { statements } = await t.app.database.counter.measure(() => t.ok(query, variables, who));
        for (const statement of statements) {
          for (const [, table] of statement.matchAll(/\b(?:FROM|JOIN)\s+"?(\w+)"?/gi)) {
            if (!tables.has(table)) continue;
            read.add(table);
            if (!versionedTables.has(table) && !tolerated.has(table)) beyond.push(`${field}: ${table}`);
          }
        }
      }
    }
    // Every cacheable root query was run.
    expect(CACHEABLE.filter((field) => !queries.some(([query]) => query.includes(`${field}(`)))).toEqual([]);
    expect(beyond).toEqual([]);
    expect(read.size).toBeGreaterThan(3);
  });
});
