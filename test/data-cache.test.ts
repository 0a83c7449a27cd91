import { catalogCacheUsage } from '../src/app/catalog-cache';
import { createNamespace } from './support/factories';
import {
  ADMIN,
  headersOf,
  project,
  SERVICE,
  startTestApps,
  unique,
  type TestApp,
  type Who,
} from './support/test-app';

/**
 * Trait and provider answers are cached like the catalog's, each kept with the versions of the data groups it
 * reads (traits: the traits table; providers: providers and their traits), bumped at commit by every transaction
 * writing one of their tables: one query per repeated request (all the versions), exact across instances.
 */
const onServer = !!process.env.TEST_DATABASE_URL;

const VALIDATE = `query ($names: [String!]!) { validateTraits(names: $names) { valid invalid } }`;
const TRAITS = `{ traits(first: 500) { totalCount nodes { name } } }`;
const TRAIT = `query ($name: String!) { trait(name: $name) { name standard } }`;
const PROVIDER = `query ($uuid: UUID!) { resourceProvider(uuid: $uuid) { name generation traits { name } } }`;
const PROVIDERS = `query ($required: [String!], $forbidden: [String!]) {
  resourceProviders(first: 500, filter: { required: $required, forbidden: $forbidden }) { nodes { uuid name generation } }
}`;
const CREATE_TRAIT = `mutation ($name: String!) { createTrait(name: $name) { created } }`;
const SET_TRAITS = `mutation ($uuid: UUID!, $traits: [String!]!, $generation: Int!) {
  setResourceProviderTraits(uuid: $uuid, traits: $traits, generation: $generation) { generation }
}`;

const customName = () =>
  unique('CUSTOM_DC')
    .replace(/[^A-Z0-9_]/gi, '_')
    .toUpperCase();

async function measured(t: TestApp, query: string, variables?: Record<string, unknown>, as: Who = SERVICE) {
  const { result, count } = await t.app.database.counter.measure(() => t.gql(query, variables, as));
  expect(result.errors).toBeUndefined();
  return { data: result.data, queries: count };
}

async function versions(t: TestApp): Promise<Record<string, number>> {
  const rows: { name: string; version: string }[] = await t.app.database.dataSource.query(
    `SELECT name, version FROM data_versions`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.version)]));
}

async function createProvider(t: TestApp, traits: string[]): Promise<{ uuid: string; generation: number }> {
  const created = (
    await t.ok(
      `mutation ($input: CreateResourceProviderInput!) { createResourceProvider(input: $input) { uuid generation } }`,
      { input: { name: unique('rp') } },
      ADMIN,
    )
  ).createResourceProvider;
  const set = await t.ok(SET_TRAITS, { uuid: created.uuid, traits, generation: created.generation }, ADMIN);
  return { uuid: created.uuid, generation: set.setResourceProviderTraits.generation };
}

describe('trait and provider answers cached per instance on their data groups’ versions', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await startTestApps(2);
  });
  afterAll(() => a.close());

  it('answers repeated trait and provider queries with the same data and one query (the versions)', async () => {
    const provider = await createProvider(a, ['HW_CPU_X86_AVX', 'HW_CPU_X86_SSE']);
    const cases: [string, Record<string, unknown>][] = [
      [VALIDATE, { names: ['HW_CPU_X86_AVX', 'HW_CPU_X86_SSE', 'CUSTOM_FOO'] }],
      [TRAITS, {}],
      [TRAIT, { name: 'HW_CPU_X86_AVX' }],
      [PROVIDER, { uuid: provider.uuid }],
      [PROVIDERS, { required: ['HW_CPU_X86_AVX'], forbidden: ['HW_CPU_X86_SSE2'] }],
    ];
    for (const [query, variables] of cases) {
      const first = await measured(b, query, variables);
      const second = await measured(b, query, variables);
      expect(second).toEqual({ data: first.data, queries: 1 });
    }
  });

  it("sees a trait write through A in B's very next request", async () => {
    const name = customName();
    expect((await measured(b, VALIDATE, { names: [name] })).data.validateTraits.invalid).toEqual([name]);
    const before = (await measured(b, TRAITS)).data.traits.totalCount;
    expect((await measured(b, TRAITS)).queries).toBe(1);
    await a.ok(CREATE_TRAIT, { name }, SERVICE);
    expect((await measured(b, VALIDATE, { names: [name] })).data.validateTraits.valid).toEqual([name]);
    expect((await measured(b, TRAITS)).data.traits.totalCount).toBe(before + 1);
    expect((await measured(b, TRAIT, { name })).data.trait).toEqual({ name, standard: false });
    await a.ok(`mutation ($name: String!) { deleteTrait(name: $name) }`, { name }, SERVICE);
    expect((await measured(b, TRAIT, { name })).data.trait).toBeNull();
    expect((await measured(b, VALIDATE, { names: [name] })).data.validateTraits.invalid).toEqual([name]);
  });

  it("sees a provider's traits set through A in B's very next request, the list filtered on them too", async () => {
    const trait = customName();
    await a.ok(CREATE_TRAIT, { name: trait }, SERVICE);
    const provider = await createProvider(a, ['HW_CPU_X86_AVX']);
    const filter = { required: [trait] };
    expect((await measured(b, PROVIDERS, filter)).data.resourceProviders.nodes).toEqual([]);
    await measured(b, PROVIDER, { uuid: provider.uuid });
    expect((await measured(b, PROVIDER, { uuid: provider.uuid })).queries).toBe(1);
    const before = await versions(a);
    await a.ok(SET_TRAITS, { ...provider, traits: ['HW_CPU_X86_AVX', trait] }, ADMIN);
    // One transaction writing several rows: one bump of its group, none of the other.
    expect(await versions(a)).toEqual({ ...before, providers: before.providers + 1 });
    const seen = (await measured(b, PROVIDER, { uuid: provider.uuid })).data.resourceProvider;
    expect(seen.generation).toBe(provider.generation + 1);
    expect(seen.traits.map((t: { name: string }) => t.name).sort()).toEqual(['HW_CPU_X86_AVX', trait].sort());
    expect(
      (await measured(b, PROVIDERS, filter)).data.resourceProviders.nodes.map(
        (n: { uuid: string }) => n.uuid,
      ),
    ).toEqual([provider.uuid]);
  });

  it("sees a trait's `associated` change when a provider takes it through A", async () => {
    const name = customName();
    await a.ok(CREATE_TRAIT, { name }, SERVICE);
    const query = `query ($name: String!) { trait(name: $name) { name associated } }`;
    expect((await measured(b, query, { name })).data.trait.associated).toBe(false);
    expect((await measured(b, query, { name })).queries).toBe(1);
    await createProvider(a, [name]);
    expect((await measured(b, query, { name })).data.trait.associated).toBe(true);
  });

  it('sees writes made outside the service (SQL by hand)', async () => {
    const name = customName();
    const renamed = customName();
    await a.ok(CREATE_TRAIT, { name }, SERVICE);
    expect((await measured(b, TRAIT, { name })).data.trait).toEqual({ name, standard: false });
    expect((await measured(b, TRAIT, { name })).queries).toBe(1);
    await a.app.database.dataSource.query(`UPDATE traits SET name = $2 WHERE name = $1`, [name, renamed]);
    expect((await measured(b, TRAIT, { name })).data.trait).toBeNull();
    expect((await measured(b, VALIDATE, { names: [name, renamed] })).data.validateTraits).toEqual({
      valid: [renamed],
      invalid: [name],
    });
  });

  it('bumps nothing for a rolled-back transaction: the answers stay cached', async () => {
    await measured(b, TRAITS);
    const before = await versions(a);
    const runner = a.app.database.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      await runner.query(`INSERT INTO traits (name, standard) VALUES ($1, false)`, [customName()]);
      await runner.query(`UPDATE resource_providers SET generation = generation + 1`);
      await runner.rollbackTransaction();
    } finally {
      await runner.release();
    }
    expect(await versions(a)).toEqual(before);
    expect((await measured(b, TRAITS)).queries).toBe(1);
    // A refused write (a stale generation) writes nothing either.
    const provider = await createProvider(a, ['HW_CPU_X86_AVX']);
    await measured(b, TRAITS);
    const after = await versions(a);
    const stale = await a.gql(
      SET_TRAITS,
      { ...provider, generation: provider.generation - 1, traits: [] },
      ADMIN,
    );
    expect(stale.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(await versions(a)).toEqual(after);
  });

  it('keeps a group’s answers when another group changes', async () => {
    const names = { names: ['HW_CPU_X86_SSE', customName()] };
    await measured(b, VALIDATE, names);
    await measured(b, TRAITS);
    await createNamespace(a);
    await createProvider(a, ['HW_CPU_X86_SSE']);
    // Neither the catalog nor the providers are read by validateTraits: still one query.
    expect((await measured(b, VALIDATE, names)).queries).toBe(1);
    // `traits` reads providers' traits too (a trait's `associated`, its filter): computed again.
    expect((await measured(b, TRAITS)).queries).toBeGreaterThan(1);
  });

  it('keeps audiences apart', async () => {
    const variables = { names: ['HW_CPU_X86_AVX', customName()] };
    await measured(b, VALIDATE, variables, ADMIN);
    expect((await measured(b, VALIDATE, variables, ADMIN)).queries).toBe(1);
    // Another audience: its own entry, computed once for it.
    const other = project(unique('p'));
    const first = await measured(b, VALIDATE, variables, other);
    expect((await measured(b, VALIDATE, variables, other)).queries).toBe(1);
    expect(first.data).toEqual((await measured(b, VALIDATE, variables, ADMIN)).data);
    const instance = (await b.app.contextFor(headersOf(ADMIN))).instance;
    const entries = catalogCacheUsage(instance).entries;
    await measured(b, VALIDATE, variables, project(unique('p')));
    expect(catalogCacheUsage(instance).entries).toBe(entries + 1);
  });

  it('never serves an operation with a field reaching uncached data from the cache', async () => {
    const mixed = `{ traits(first: 1) { totalCount } resourceTypes { name } }`;
    await measured(b, mixed);
    expect((await measured(b, mixed)).queries).toBeGreaterThan(1);
    const provider = await createProvider(a, ['HW_CPU_X86_AVX']);
    const node = `query ($uuid: UUID!) { resourceProvider(uuid: $uuid) { uuid } resources(first: 1) { totalCount } }`;
    await measured(b, node, { uuid: provider.uuid }, ADMIN);
    expect((await measured(b, node, { uuid: provider.uuid }, ADMIN)).queries).toBeGreaterThan(1);
  });

  if (onServer)
    it('keeps one cache per instance: B’s answers are not A’s', async () => {
      const name = customName();
      await a.ok(CREATE_TRAIT, { name }, SERVICE);
      await measured(b, TRAIT, { name });
      expect((await measured(b, TRAIT, { name })).queries).toBe(1);
      // A has not computed it: its first request computes it.
      expect((await measured(a, TRAIT, { name })).queries).toBeGreaterThan(1);
    });
});
