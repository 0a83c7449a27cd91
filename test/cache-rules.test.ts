import { extendSchema, parse, type GraphQLInterfaceType, type OperationDefinitionNode } from 'graphql';
import { deriveCacheRules, tableOf, type ReadDeclarations } from '../src/app/cache-rules';
import { versionGroups, versionedTables } from '../src/app/modules';
import { cachedGroupsOf } from '../src/app/catalog-cache';
import {
  appCacheRules,
  buildAppSchema,
  cacheableQueryGroups,
  catalogQueryFields,
  entityTables,
  reads,
} from '../src/app/schema';
import { ADMIN, project, startTestApp, unique, type TestApp } from './support/test-app';

/**
 * Which root queries the answer cache may answer is derived from the schema: a root field is cacheable if and
 * only if every type it can reach declares (in its module's manifest) that it reads only versioned tables,
 * the tables whose writes bump a data group's version (catalog_version, data_versions); its answers are kept
 * with the versions of the groups of those tables.
 */

/**
 * Today's cacheable root queries and the groups each reads: a change here is a change of what the cache serves,
 * made visible. The trait and provider queries joined the catalog's with the traits and providers groups.
 */
const GROUPS: Record<string, string[]> = {
  metadefTag: ['catalog'],
  namespace: ['catalog'],
  namespaces: ['catalog'],
  searchProperties: ['catalog'],
  validateMetadata: ['catalog', 'traits'],
  trait: ['providers', 'traits'],
  traits: ['providers', 'traits'],
  validateTraits: ['traits'],
  resourceProvider: ['providers', 'traits'],
  resourceProviders: ['providers', 'traits'],
};
const CACHEABLE = Object.keys(GROUPS).sort();
/** The cacheable queries outside the catalog, which no change to a catalog type touches. */
const TRAITS_AND_PROVIDERS = ['resourceProvider', 'resourceProviders', 'trait', 'traits', 'validateTraits'];
const sorted = (names: Iterable<string>) => [...names].sort();

/** The derivation over the app's schema with `sdl` added to it and `more` declarations. */
function rulesWith(sdl: string, more: ReadDeclarations = {}) {
  const schema = sdl ? extendSchema(buildAppSchema(), parse(sdl)) : buildAppSchema();
  return deriveCacheRules(schema, { ...reads, ...more }, versionGroups, entityTables());
}

describe('cache rules derived from the schema', () => {
  it('make exactly the catalog, trait and provider queries cacheable, each with the groups it reads', () => {
    expect([...catalogQueryFields()].sort()).toEqual(CACHEABLE);
    expect(Object.fromEntries(cacheableQueryGroups())).toEqual(GROUPS);
  });

  it('make a trait query uncacheable once Trait gains a field to unversioned data, and add groups it reaches', () => {
    const rules = rulesWith('extend type Trait { usedBy: [Resource!]! }');
    for (const field of ['trait', 'traits', 'resourceProvider', 'resourceProviders']) {
      expect(rules.uncacheable.get(field)).toMatch(/^resource/);
    }
    // validateTraits returns TraitValidation (names only): it does not reach Trait.
    expect(rules.groups.get('validateTraits')).toEqual(['traits']);
    const reaching = rulesWith('extend type TraitValidation { catalog: [Namespace!]! }');
    expect(reaching.groups.get('validateTraits')).toEqual(['catalog', 'traits']);
  });

  it('make the root queries reaching a catalog type uncacheable once it gains a field to a non-catalog type', () => {
    // An object may be seen in resource type views; its usage by resources is not catalog data.
    const rules = rulesWith('extend type MetadefObject { usedBy: [Resource!]! }');
    // namespaces and namespace reach MetadefObject through Namespace.objects; searchProperties through its hits.
    expect(sorted(rules.cacheable)).toEqual(
      // validateMetadata reaches it too: keys.followed is a PropertyDefinition, whose namespace has objects.
      sorted(['metadefTag', ...TRAITS_AND_PROVIDERS]),
    );
    expect(rules.uncacheable.get('namespaces')).toMatch(/^resource/);
    expect(rules.uncacheable.get('searchProperties')).toMatch(/^resource/);
  });

  it('follow interfaces to every type that implements them', () => {
    const rules = rulesWith('extend type MetadefTag { related: Node }');
    // Node includes Trait, Resource, ResourceProvider, DiscoveredProperty.
    expect(rules.cacheable.has('metadefTag')).toBe(false);
    expect(rules.cacheable.has('namespaces')).toBe(false);
    expect(sorted(rules.cacheable)).toEqual(sorted(TRAITS_AND_PROVIDERS));
  });

  it('make a field declaring an unversioned read (a usage count on Namespace) a gate: the walk stops there, its root fields stay cacheable', () => {
    const rules = rulesWith('extend type Namespace { resourceCount: Int! }', {
      'Namespace.resourceCount': ['resources'],
    });
    expect(rules.gates.has('Namespace.resourceCount')).toBe(true);
    expect([...rules.cacheable].sort()).toEqual(CACHEABLE);
    expect(Object.fromEntries(rules.groups)).toEqual(GROUPS);
    // Declared to read catalog tables only, it is no gate, and its reads count for the root fields.
    const catalogOnly = rulesWith('extend type Namespace { propertyCount: Int! }', {
      'Namespace.propertyCount': ['metadef_properties'],
    });
    expect(catalogOnly.gates.has('Namespace.propertyCount')).toBe(false);
    expect([...catalogOnly.cacheable].sort()).toEqual(CACHEABLE);
    // What a gate returns is not walked for the root field, but must still be declared.
    expect(() =>
      rulesWith('type UsageStats { count: Int! } extend type Namespace { usage: UsageStats! }', {
        'Namespace.usage': ['resources'],
      }),
    ).toThrow(/declare what these read.*UsageStats/);
  });

  it("make history a gate on every node type and on Node (an interface's field is one when any implementation's is)", () => {
    const { gates } = appCacheRules();
    const node = buildAppSchema().getType('Node') as GraphQLInterfaceType;
    const nodeTypes = buildAppSchema().getPossibleTypes(node);
    expect(nodeTypes.length).toBeGreaterThan(5);
    for (const type of [node, ...nodeTypes]) expect(gates.has(`${type.name}.history`)).toBe(true);
    // No other field is a gate today.
    expect(sorted(gates)).toEqual(
      sorted(['Node', ...nodeTypes.map((type) => type.name)].map((n) => `${n}.history`)),
    );
    // One implementation's gate makes the interface's field one, not the other implementations'.
    const rules = rulesWith(
      `interface Counted { resourceCount: Int! }
       extend type Namespace implements Counted { resourceCount: Int! }
       extend type Trait implements Counted { resourceCount: Int! }`,
      { 'Namespace.resourceCount': ['resources'], 'Trait.resourceCount': ['traits'] },
    );
    expect(rules.gates.has('Counted.resourceCount')).toBe(true);
    expect(rules.gates.has('Trait.resourceCount')).toBe(false);
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

/**
 * Whether the answer cache keeps a document's answer, and with which groups: cachedGroupsOf, as the cache plugin
 * asks it (after validation).
 */
function groupsOfDocument(query: string) {
  const document = parse(query);
  const operation = document.definitions.find(
    (definition): definition is OperationDefinitionNode => definition.kind === 'OperationDefinition',
  );
  return cachedGroupsOf(document, operation, buildAppSchema(), appCacheRules());
}

describe('operations selecting a gate', () => {
  const HISTORY = 'history(first: 5) { nodes { kind committedAt actor { via } } }';

  it('are never cached, wherever the gate is: at any depth, aliased, in fragments, inline fragments and interface spreads', () => {
    const uncached = [
      `{ namespaces { nodes { name ${HISTORY} } } }`,
      `{ namespaces { nodes { name log: ${HISTORY} } } }`,
      `query ($ns: String!) { namespace(name: $ns) { properties { name ${HISTORY} } } }`,
      `{ namespaces { nodes { ...N } } } fragment N on Namespace { name ${HISTORY} }`,
      // A fragment spread inside a fragment, on the interface.
      `{ namespaces { nodes { ...A } } } fragment A on Namespace { objects { ...B } } fragment B on Node { id ${HISTORY} }`,
      `{ namespaces { nodes { ... on Node { ${HISTORY} } } } }`,
      `{ namespaces { nodes { ... { ${HISTORY} } } } }`,
      `{ traits { nodes { name ${HISTORY} } } }`,
      `{ resourceProviders { nodes { traits { ${HISTORY} } } } }`,
      `query ($ns: String!) { metadefTag(namespace: $ns, name: "t") { ... on MetadefTag { ${HISTORY} } } }`,
      // Beside a cacheable field without it.
      `{ traits { totalCount } namespaces { nodes { h: ${HISTORY} } } }`,
      // Spread twice: followed once, found anyway.
      `{ a: namespaces { nodes { ...N } } b: namespaces { nodes { ...N } } } fragment N on Namespace { ${HISTORY} }`,
    ];
    for (const query of uncached) expect([query, groupsOfDocument(query)]).toEqual([query, undefined]);
  });

  it('the same queries without it are cached, with their groups', () => {
    expect(groupsOfDocument('{ namespaces { nodes { name } } }')).toEqual(['catalog']);
    expect(groupsOfDocument('{ namespaces { nodes { ...N } } } fragment N on Namespace { name id }')).toEqual(
      ['catalog'],
    );
    expect(groupsOfDocument('{ namespaces { nodes { ... on Node { id } } } }')).toEqual(['catalog']);
    expect(groupsOfDocument('{ traits { nodes { name } } resourceProviders { nodes { uuid } } }')).toEqual([
      'providers',
      'traits',
    ]);
    // A field merely named history elsewhere (an alias) is not the gate.
    expect(groupsOfDocument('{ history: namespaces { nodes { name } } }')).toEqual(['catalog']);
    // The document's other operation is not this one's.
    const document = parse(
      `query A { namespaces { nodes { name } } } query B { namespaces { nodes { ${HISTORY} } } }`,
    );
    const [a, b] = document.definitions as OperationDefinitionNode[];
    expect(cachedGroupsOf(document, a, buildAppSchema(), appCacheRules())).toEqual(['catalog']);
    expect(cachedGroupsOf(document, b, buildAppSchema(), appCacheRules())).toBeUndefined();
  });
});

describe('the versioned tables', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ CATALOG_CACHE_MB: '0' });
  });
  afterAll(() => t.close());

  it("are exactly the tables whose writes the version triggers watch, each bumping its group's version", async () => {
    const rows: { table: string; group: string }[] = await t.app.database.dataSource.query(`
      SELECT DISTINCT c.relname AS table,
        CASE p.proname WHEN 'catalog_version_bump' THEN 'catalog'
          ELSE replace(encode(tg.tgargs, 'escape'), '\\000', '') END AS group
      FROM pg_trigger tg
      JOIN pg_class c ON c.oid = tg.tgrelid
      JOIN pg_proc p ON p.oid = tg.tgfoid
      WHERE p.proname IN ('catalog_version_bump', 'data_version_bump')`);
    // Each table twice (its row trigger and its TRUNCATE one), with the same group.
    const watched = new Map(rows.map((row) => [row.table, row.group]));
    expect(rows).toHaveLength(watched.size);
    expect(sorted(watched.keys())).toEqual(sorted(versionedTables));
    expect(Object.fromEntries(watched)).toEqual(Object.fromEntries(versionGroups));
  });

  it('are all that the cacheable queries read (besides what they declare they may miss), each of a group the query is kept with, as the database sees their statements', async () => {
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
    const provider = (
      await t.ok(
        `mutation ($input: CreateResourceProviderInput!) { createResourceProvider(input: $input) { uuid generation } }`,
        { input: { name: unique('rp') } },
        ADMIN,
      )
    ).createResourceProvider;
    await t.ok(
      `mutation ($uuid: UUID!, $g: Int!) { setResourceProviderTraits(uuid: $uuid, traits: ["HW_CPU_X86_AVX"], generation: $g) { generation } }`,
      { uuid: provider.uuid, g: provider.generation },
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
      [`{ trait(name: "HW_CPU_X86_AVX") { name standard associated } }`, {}],
      [`{ traits(first: 500) { totalCount nodes { name } } }`, {}],
      [`{ validateTraits(names: ["HW_CPU_X86_AVX", "CUSTOM_NOPE"]) { valid invalid } }`, {}],
      [
        `query ($uuid: UUID!) { resourceProvider(uuid: $uuid) { uuid generation parent { uuid } root { uuid } traits { name } } }`,
        { uuid: provider.uuid },
      ],
      [
        `{ resourceProviders(first: 50, filter: { required: ["HW_CPU_X86_AVX"], forbidden: ["HW_CPU_X86_SSE"] }) { totalCount nodes { uuid name generation traits { name } } } }`,
        {},
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
            // And of a group the field's answers are kept with (else a write there would not be seen).
            const group = versionGroups.get(table);
            if (group && !GROUPS[field].includes(group)) beyond.push(`${field}: ${table} (${group})`);
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
