import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { standardTraitsSeeder as seeder } from '../src/modules/traits/trait.seed';
import { traitService } from '../src/modules/traits/trait.service';
import { createProvider, createTraits, customTrait, setTraits } from './support/placement';
import {
  ADMIN,
  SERVICE,
  expectError,
  headersOf,
  project,
  startTestApp,
  type TestApp,
} from './support/test-app';

const MEMBER = project('p-traits');
const STANDARD = readFileSync(join(__dirname, '..', 'seeds', 'standard-traits.txt'), 'utf8')
  .split('\n')
  .filter(Boolean);

const TRAIT = `query ($name: String!) { trait(name: $name) { id name standard associated createdAt } }`;
const TRAITS = `query ($first: Int, $after: String, $last: Int, $before: String, $filter: TraitFilter) {
  traits(first: $first, after: $after, last: $last, before: $before, filter: $filter) {
    totalCount
    nodes { name standard associated }
    edges { cursor node { name } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}`;
const CREATE = `mutation ($name: String!) { createTrait(name: $name) { created trait { id name standard associated } } }`;
const DELETE = `mutation ($name: String!) { deleteTrait(name: $name) }`;
const VALIDATE = `query ($names: [String!]!) { validateTraits(names: $names) { valid invalid } }`;

const names = (connection: { nodes: { name: string }[] }) => connection.nodes.map((node) => node.name);

describe('traits', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The statements of computing answers are counted here: no answer cache in front (test/data-cache.test.ts).
    t = await startTestApp({ CATALOG_CACHE_MB: '0' });
  });
  afterAll(() => t.close());

  describe('standard traits', () => {
    it('ships the 345 standard traits of os-traits 2.9.0, seeded at start', async () => {
      expect(STANDARD).toHaveLength(345);
      const { traits } = await t.ok(TRAITS, { first: 500, filter: { standard: true } });
      expect(traits.totalCount).toBe(345);
      expect(names(traits)).toEqual([...STANDARD].sort());
      const { trait } = await t.ok(TRAIT, { name: 'HW_CPU_X86_AVX2' });
      expect(trait).toMatchObject({ name: 'HW_CPU_X86_AVX2', standard: true, associated: false });
    });

    it('the seeder is idempotent', async () => {
      const ctx = await t.app.contextFor(headersOf(ADMIN));
      const line = await ctx.transaction((tx) => seeder.run(tx));
      expect(line).toBe('345 standard traits present (0 added)');
      const { traits } = await t.ok(TRAITS, { first: 1, filter: { standard: true } });
      expect(traits.totalCount).toBe(345);
    });

    it('sync adds new names and reports, never deletes, standard traits no longer listed', async () => {
      const ctx = await t.app.contextFor(headersOf(ADMIN));
      const newer = [...STANDARD.filter((name) => name !== 'COMPUTE_ARCH_MIPSEL'), 'HW_NEW_THING_X'];
      const report = await traitService.sync(ctx, newer);
      expect(report).toEqual({ total: 345, added: ['HW_NEW_THING_X'], stale: ['COMPUTE_ARCH_MIPSEL'] });
      expect((await t.ok(TRAIT, { name: 'COMPUTE_ARCH_MIPSEL' })).trait).toMatchObject({ standard: true });
      expect((await t.ok(TRAIT, { name: 'HW_NEW_THING_X' })).trait).toMatchObject({ standard: true });
      const line = await ctx.transaction((tx) => seeder.run(tx));
      expect(line).toContain('1 standard traits in the database are no longer in seeds/standard-traits.txt');
      expect(line).toContain('HW_NEW_THING_X');
      // Put the database back as the seed file says, for the other tests.
      await ctx.db.query(`DELETE FROM traits WHERE name = 'HW_NEW_THING_X'`);
    });

    it('creating or deleting a standard trait is BAD_USER_INPUT naming the field', async () => {
      const created = expectError(await t.gql(CREATE, { name: 'HW_CPU_X86_AVX2' }), 'BAD_USER_INPUT', 'name');
      expect(created.message).toMatch(/standard/);
      const deleted = expectError(await t.gql(DELETE, { name: 'HW_CPU_X86_AVX2' }), 'BAD_USER_INPUT', 'name');
      expect(deleted.message).toMatch(/standard/);
      expect((await t.ok(TRAIT, { name: 'HW_CPU_X86_AVX2' })).trait).not.toBeNull();
    });
  });

  describe('custom traits', () => {
    it('creates a custom trait, then reports created: false for the same name', async () => {
      const name = customTrait();
      const first = await t.ok(CREATE, { name });
      expect(first.createTrait).toMatchObject({
        created: true,
        trait: { name, standard: false, associated: false },
      });
      const again = await t.ok(CREATE, { name });
      expect(again.createTrait).toEqual({ created: false, trait: first.createTrait.trait });
      const { trait } = await t.ok(TRAIT, { name });
      expect(trait.id).toBe(first.createTrait.trait.id);
      const byNode = await t.ok(`query ($id: ID!) { node(id: $id) { id ... on Trait { name } } }`, {
        id: trait.id,
      });
      expect(byNode.node).toEqual({ id: trait.id, name });
    });

    it('accepts a name of exactly 255 characters', async () => {
      const name = `CUSTOM_${'A'.repeat(248)}`;
      expect(name).toHaveLength(255);
      expect((await t.ok(CREATE, { name })).createTrait.created).toBe(true);
    });

    it.each([
      ['lower case', 'CUSTOM_gold'],
      ['no CUSTOM_ prefix', 'GOLD'],
      ['nothing after the prefix', 'CUSTOM_'],
      ['a dash', 'CUSTOM_GO-LD'],
      ['an empty name', ''],
      ['256 characters', `CUSTOM_${'A'.repeat(249)}`],
    ])('rejects %s with BAD_USER_INPUT on name', async (_what, name) => {
      expectError(await t.gql(CREATE, { name }), 'BAD_USER_INPUT', 'name');
      expect((await t.ok(TRAIT, { name })).trait).toBeNull();
    });

    it('returns null for an unknown trait', async () => {
      expect((await t.ok(TRAIT, { name: 'CUSTOM_NO_SUCH' })).trait).toBeNull();
    });

    it('deletes a custom trait; NOT_FOUND when absent; CONFLICT while a provider has it', async () => {
      const name = customTrait();
      await createTraits(t, [name]);
      const provider = await createProvider(t);
      await setTraits(t, provider.uuid, [name]);
      const conflict = expectError(await t.gql(DELETE, { name }), 'CONFLICT');
      expect(conflict.message).toContain(name);
      expect((await t.ok(TRAIT, { name })).trait.associated).toBe(true);
      await setTraits(t, provider.uuid, []);
      expect(await t.ok(DELETE, { name })).toEqual({ deleteTrait: true });
      expect((await t.ok(TRAIT, { name })).trait).toBeNull();
      expectError(await t.gql(DELETE, { name }), 'NOT_FOUND');
    });
  });

  describe('who may write', () => {
    it('a project member may read but not create or delete traits (FORBIDDEN)', async () => {
      const name = customTrait();
      expectError(await t.gql(CREATE, { name }, MEMBER), 'FORBIDDEN');
      expect((await t.ok(TRAIT, { name }, MEMBER)).trait).toBeNull();
      await createTraits(t, [name]);
      expectError(await t.gql(DELETE, { name }, MEMBER), 'FORBIDDEN');
      expect((await t.ok(TRAIT, { name }, MEMBER)).trait).toMatchObject({ name });
      const { traits } = await t.ok(TRAITS, { first: 1 }, MEMBER);
      expect(traits.nodes).toHaveLength(1);
      expect((await t.ok(VALIDATE, { names: [name] }, MEMBER)).validateTraits.valid).toEqual([name]);
    });

    it('a member without roles is FORBIDDEN too', async () => {
      expectError(await t.gql(CREATE, { name: customTrait() }, project('p-noroles', [])), 'FORBIDDEN');
    });

    it.each([
      ['an admin', ADMIN],
      ['a service', SERVICE],
    ])('%s creates and deletes custom traits', async (_who, who) => {
      const name = customTrait();
      expect((await t.ok(CREATE, { name }, who)).createTrait.created).toBe(true);
      expect(await t.ok(DELETE, { name }, who)).toEqual({ deleteTrait: true });
    });
  });

  describe('listing', () => {
    it('startsWith lists the names with that prefix', async () => {
      const { traits } = await t.ok(TRAITS, { first: 500, filter: { startsWith: 'HW_CPU' } });
      const expected = STANDARD.filter((name) => name.startsWith('HW_CPU')).sort();
      expect(expected.length).toBeGreaterThan(50);
      expect(names(traits)).toEqual(expected);
      expect(traits.totalCount).toBe(expected.length);
    });

    it('startsWith takes % and _ literally', async () => {
      for (const startsWith of ['%', '_', 'HW%CPU', 'H_']) {
        const { traits } = await t.ok(TRAITS, { first: 5, filter: { startsWith } });
        expect({ startsWith, names: names(traits) }).toEqual({ startsWith, names: [] });
      }
      const { traits } = await t.ok(TRAITS, { first: 500, filter: { startsWith: 'HW_CPU_X86_AVX512' } });
      expect(names(traits).every((name: string) => name.startsWith('HW_CPU_X86_AVX512'))).toBe(true);
      expect(names(traits).length).toBeGreaterThan(3);
    });

    it('the name index serves startsWith (the column is COLLATE "C")', async () => {
      const plan = await t.app.database.dataSource.transaction(async (manager) => {
        await manager.query('SET LOCAL enable_seqscan = off');
        const rows: { 'QUERY PLAN': string }[] = await manager.query(
          'EXPLAIN SELECT id, name FROM traits WHERE name LIKE $1 ORDER BY name, id',
          ['HW\\_CPU%'],
        );
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toMatch(/Index (Only )?Scan using traits_name_key/);
      expect(plan).toMatch(/Index Cond: .*>= 'HW_CPU'.*< 'HW_CPV'/);
    });

    it('names lists those that exist; standard: false lists custom traits only', async () => {
      const custom = customTrait('LIST');
      await createTraits(t, [custom]);
      const { traits } = await t.ok(TRAITS, {
        filter: { names: ['HW_CPU_X86_SSE', custom, 'CUSTOM_NOPE', 'HW_CPU_X86_AVX'] },
      });
      expect(names(traits)).toEqual([custom, 'HW_CPU_X86_AVX', 'HW_CPU_X86_SSE']);
      const customOnly = await t.ok(TRAITS, { first: 500, filter: { standard: false } });
      expect(names(customOnly.traits)).toContain(custom);
      expect(customOnly.traits.nodes.every((node: { standard: boolean }) => !node.standard)).toBe(true);
      const empty = await t.ok(TRAITS, { filter: { names: [] } });
      expect(names(empty.traits)).toEqual([]);
    });

    it('associated filters traits that some provider has (or that none has)', async () => {
      const [used, unused] = [customTrait('USED'), customTrait('UNUSED')];
      await createTraits(t, [used, unused]);
      const provider = await createProvider(t);
      await setTraits(t, provider.uuid, [used, 'HW_CPU_X86_SSE2']);
      const filter = { names: [used, unused, 'HW_CPU_X86_SSE2', 'HW_CPU_X86_SSE3'] };
      const yes = await t.ok(TRAITS, { filter: { ...filter, associated: true } });
      expect(names(yes.traits)).toEqual([used, 'HW_CPU_X86_SSE2']);
      expect(yes.traits.nodes.every((node: { associated: boolean }) => node.associated)).toBe(true);
      const no = await t.ok(TRAITS, { filter: { ...filter, associated: false } });
      expect(names(no.traits)).toEqual([unused, 'HW_CPU_X86_SSE3']);
      const custom = await t.ok(TRAITS, { filter: { ...filter, associated: true, standard: false } });
      expect(names(custom.traits)).toEqual([used]);
    });

    it('pages forwards and backwards with opaque cursors', async () => {
      const filter = { startsWith: 'COMPUTE_ARCH_' };
      const all = names((await t.ok(TRAITS, { first: 500, filter })).traits);
      expect(all.length).toBeGreaterThanOrEqual(5);
      const page1 = (await t.ok(TRAITS, { first: 2, filter })).traits;
      expect(names(page1)).toEqual(all.slice(0, 2));
      expect(page1.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
      const page2 = (await t.ok(TRAITS, { first: 2, after: page1.pageInfo.endCursor, filter })).traits;
      expect(names(page2)).toEqual(all.slice(2, 4));
      expect(page2.pageInfo.hasPreviousPage).toBe(true);
      const back = (await t.ok(TRAITS, { last: 2, before: page2.pageInfo.startCursor, filter })).traits;
      expect(names(back)).toEqual(all.slice(0, 2));
      const tail = (await t.ok(TRAITS, { last: 1, filter })).traits;
      expect(names(tail)).toEqual(all.slice(-1));
      expectError(
        await t.gql(TRAITS, { first: 2, after: 'not-a-cursor', filter }),
        'BAD_USER_INPUT',
        'after',
      );
    });

    it('caps first at 500', async () => {
      const ctx = await t.app.contextFor(headersOf(ADMIN));
      await ctx.db.query(
        `INSERT INTO traits (name) SELECT 'CUSTOM_CAP_' || i FROM generate_series(1, 200) AS i
         ON CONFLICT (name) DO NOTHING`,
      );
      const { traits } = await t.ok(TRAITS, { first: 10000 });
      expect(traits.totalCount).toBeGreaterThan(500);
      expect(traits.nodes).toHaveLength(500);
      expect(traits.pageInfo.hasNextPage).toBe(true);
      await ctx.db.query(`DELETE FROM traits WHERE name LIKE 'CUSTOM\\_CAP\\_%'`);
    });

    it('loads associated in one batch: the statement count does not grow with the page', async () => {
      const query = `query ($first: Int) { traits(first: $first) { nodes { name associated } } }`;
      const small = await t.app.database.counter.measure(() => t.ok(query, { first: 5 }));
      const large = await t.app.database.counter.measure(() => t.ok(query, { first: 200 }));
      expect(large.result.traits.nodes).toHaveLength(200);
      expect(large.count).toBe(small.count);
      expect(large.count).toBeLessThanOrEqual(2);
    });
  });

  it('reads only the columns the operation selects, through fragments too, with the same answers', async () => {
    const { statements } = await t.app.database.counter.measure(() =>
      t.ok(`{ traits(first: 3) { nodes { name } } }`),
    );
    expect(statements.join('\n')).not.toMatch(/created_at|standard/);
    // Every field again, asked through a named fragment under edges and an inline one under nodes.
    const full = await t.app.database.counter.measure(() =>
      t.ok(
        `query ($names: [String!]) {
          traits(filter: { names: $names }) {
            edges { cursor node { ...Fields } }
            nodes { ... on Trait { createdAt } }
          }
        }
        fragment Fields on Trait { id name standard createdAt }`,
        { names: ['HW_CPU_X86_AVX'] },
      ),
    );
    expect(full.statements.join('\n')).toMatch(/created_at/);
    const [edge] = full.result.traits.edges;
    const { trait } = await t.ok(TRAIT, { name: 'HW_CPU_X86_AVX' });
    expect(edge.node).toEqual({ id: trait.id, name: trait.name, standard: true, createdAt: trait.createdAt });
    expect(full.result.traits.nodes).toEqual([{ createdAt: trait.createdAt }]);
    // The cursor is the one a full page makes: paging on from it works.
    const next = await t.ok(TRAITS, {
      first: 1,
      after: edge.cursor,
      filter: { startsWith: 'HW_CPU_X86_AVX' },
    });
    expect(names(next.traits)[0] > 'HW_CPU_X86_AVX').toBe(true);
  });

  it('a page is one statement and answers what each trait read alone does, both ways, every field', async () => {
    const custom = [customTrait('PAGE_B'), customTrait('PAGE_A')];
    await createTraits(t, custom);
    const all = await t.app.database.counter.measure(() =>
      t.ok(
        `{ traits(first: 500) { edges { cursor node { id name standard createdAt } } pageInfo { hasNextPage } } }`,
      ),
    );
    expect(all.count).toBe(1);
    const edges: { cursor: string; node: { id: string; name: string } }[] = all.result.traits.edges;
    expect(edges.length).toBeGreaterThan(340);
    // Each trait as node(id) reads it (its loader: an entity), in one request.
    const { nodes } = await t.ok(
      `query ($ids: [ID!]!) { nodes(ids: $ids) { ... on Trait { id name standard createdAt } } }`,
      { ids: edges.map((edge) => edge.node.id) },
    );
    expect(edges.map((edge) => edge.node)).toEqual(nodes);
    expect(edges.map((edge) => edge.node.name)).toEqual(expect.arrayContaining(custom));
    // Backwards from the 30th: the 7 before it, in order, with the cursors the forward page gave.
    const back = await t.ok(
      `query ($before: String) {
        traits(last: 7, before: $before) { edges { cursor node { name createdAt } } pageInfo { hasPreviousPage } }
      }`,
      { before: edges[29].cursor },
    );
    expect(back.traits.edges).toEqual(
      edges.slice(22, 29).map((edge) => ({
        cursor: edge.cursor,
        node: { name: edge.node.name, createdAt: (edge.node as { createdAt?: string }).createdAt },
      })),
    );
    expect(back.traits.pageInfo.hasPreviousPage).toBe(true);
    const none = await t.ok(
      `{ traits(first: 5, filter: { startsWith: "NO_SUCH_PREFIX_" }) { nodes { name } } }`,
    );
    expect(none.traits.nodes).toEqual([]);
  });

  describe('odd strings are never a database error', () => {
    const odd = ['lower', 'x'.repeat(300)];
    const unstorable = ['\u0000', 'HW_CPU\u0000', 'HW_CPU\ud800'];

    it('look-ups, filters and validation treat them as unknown names', async () => {
      for (const name of odd) {
        expect((await t.ok(TRAIT, { name })).trait).toBeNull();
        expectError(await t.gql(DELETE, { name }), 'NOT_FOUND');
        expectError(await t.gql(CREATE, { name }), 'BAD_USER_INPUT', 'name');
        const { traits } = await t.ok(TRAITS, { filter: { startsWith: name } });
        expect(traits.nodes).toEqual([]);
        const named = await t.ok(TRAITS, { filter: { names: [name, 'HW_CPU_X86_SSE'] } });
        expect(names(named.traits)).toEqual(['HW_CPU_X86_SSE']);
      }
      const { validateTraits } = await t.ok(VALIDATE, { names: [...odd, 'HW_CPU_X86_SSE'] });
      expect(validateTraits).toEqual({ valid: ['HW_CPU_X86_SSE'], invalid: odd });
    });

    it('text no database can store (NUL, lone surrogates) is BAD_USER_INPUT naming the field, everywhere', async () => {
      for (const name of unstorable) {
        expectError(await t.gql(TRAIT, { name }), 'BAD_USER_INPUT', 'name');
        expectError(await t.gql(DELETE, { name }), 'BAD_USER_INPUT', 'name');
        expectError(await t.gql(CREATE, { name }), 'BAD_USER_INPUT', 'name');
        expectError(
          await t.gql(TRAITS, { filter: { startsWith: name } }),
          'BAD_USER_INPUT',
          'filter.startsWith',
        );
        const named = await t.gql(TRAITS, { filter: { names: ['HW_CPU_X86_SSE', name] } });
        expectError(named, 'BAD_USER_INPUT', 'filter.names.1');
        expectError(await t.gql(VALIDATE, { names: [name] }), 'BAD_USER_INPUT', 'names.0');
      }
    });
  });

  describe('validateTraits', () => {
    it('says which names exist, in the order asked, each once, in one indexed query', async () => {
      const custom = customTrait('V');
      await createTraits(t, [custom]);
      const asked = ['HW_CPU_X86_SSE', 'HW_CPU_X86_INVALID_FEATURE', custom, 'HW_CPU_X86_AVX'];
      const measured = await t.app.database.counter.measure(() =>
        t.ok(VALIDATE, { names: [...asked, 'HW_CPU_X86_SSE', 'HW_CPU_X86_INVALID_FEATURE', 'lower'] }),
      );
      expect(measured.result.validateTraits).toEqual({
        valid: ['HW_CPU_X86_SSE', custom, 'HW_CPU_X86_AVX'],
        invalid: ['HW_CPU_X86_INVALID_FEATURE', 'lower'],
      });
      expect(measured.count).toBe(1);
      expect(measured.statements[0]).toMatch(/name = ANY\(\$1\)/);
      expect((await t.ok(VALIDATE, { names: [] })).validateTraits).toEqual({ valid: [], invalid: [] });
    });
  });
});
