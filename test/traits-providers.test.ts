import { randomUUID } from 'node:crypto';
import {
  createProvider,
  createTraits,
  customTrait,
  providerName,
  setTraits,
  type CreatedProvider,
} from './support/placement';
import { ADMIN, SERVICE, expectError, project, startTestApps, type TestApp } from './support/test-app';

const MEMBER = project('p-providers');

const PROVIDER = `query ($uuid: UUID!) {
  resourceProvider(uuid: $uuid) {
    id uuid name generation createdAt updatedAt
    parent { uuid } root { uuid } children { uuid name } traits { name standard }
  }
}`;
const CREATE = `mutation ($input: CreateResourceProviderInput!) {
  createResourceProvider(input: $input) { id uuid name generation parent { uuid } root { uuid } }
}`;
const UPDATE = `mutation ($uuid: UUID!, $input: UpdateResourceProviderInput!) {
  updateResourceProvider(uuid: $uuid, input: $input) { uuid name generation parent { uuid } root { uuid } }
}`;
const DELETE = `mutation ($uuid: UUID!) { deleteResourceProvider(uuid: $uuid) }`;
const SET_TRAITS = `mutation ($uuid: UUID!, $traits: [String!]!, $generation: Int!) {
  setResourceProviderTraits(uuid: $uuid, traits: $traits, generation: $generation) {
    generation traits { name }
  }
}`;
const DELETE_TRAITS = `mutation ($uuid: UUID!) {
  deleteResourceProviderTraits(uuid: $uuid) { generation traits { name } }
}`;
const LIST = `query ($first: Int, $after: String, $filter: ResourceProviderFilter) {
  resourceProviders(first: $first, after: $after, filter: $filter) {
    totalCount
    nodes { uuid name }
    pageInfo { hasNextPage endCursor }
  }
}`;

async function read(t: TestApp, uuid: string) {
  return (await t.ok(PROVIDER, { uuid })).resourceProvider;
}

describe('resource providers', () => {
  let t: TestApp;
  /** A second service instance on the same database (the same instance on PGlite). */
  let t2: TestApp;
  beforeAll(async () => {
    // The statements of computing answers are counted here: no answer cache in front (test/data-cache.test.ts).
    [t, t2] = await startTestApps(2, { CATALOG_CACHE_MB: '0' });
  });
  afterAll(() => t.close());

  describe('create and read', () => {
    it('creates a root with a given uuid, and children under it', async () => {
      const uuid = randomUUID();
      const name = providerName('cn');
      const { createResourceProvider: root } = await t.ok(CREATE, { input: { uuid, name } });
      expect(root).toMatchObject({ uuid, name, generation: 0, parent: null, root: { uuid } });
      const child = await createProvider(t, { parentUuid: uuid });
      const grandchild = await createProvider(t, { parentUuid: child.uuid });
      expect(child.uuid).toMatch(/^[0-9a-f-]{36}$/);
      const read1 = await read(t, grandchild.uuid);
      expect(read1).toMatchObject({
        uuid: grandchild.uuid,
        generation: 0,
        parent: { uuid: child.uuid },
        root: { uuid },
        children: [],
        traits: [],
      });
      expect(new Date(read1.createdAt).toISOString()).toBe(read1.createdAt);
      expect((await read(t, uuid)).children).toEqual([{ uuid: child.uuid, name: child.name }]);
      const byNode = await t.ok(
        `query ($id: ID!) { node(id: $id) { id ... on ResourceProvider { uuid } } }`,
        {
          id: read1.id,
        },
      );
      expect(byNode.node).toEqual({ id: read1.id, uuid: grandchild.uuid });
    });

    it('returns null for an unknown uuid; a malformed uuid is BAD_USER_INPUT', async () => {
      expect((await t.ok(PROVIDER, { uuid: randomUUID() })).resourceProvider).toBeNull();
      expectError(await t.gql(PROVIDER, { uuid: 'not-a-uuid' }), 'BAD_USER_INPUT', 'uuid');
      expectError(
        await t.gql(CREATE, { input: { name: 'x', uuid: 'nope' } }),
        'BAD_USER_INPUT',
        'input.uuid',
      );
    });

    it('rejects a duplicate name or uuid with CONFLICT', async () => {
      const existing = await createProvider(t);
      expectError(await t.gql(CREATE, { input: { name: existing.name } }), 'CONFLICT');
      expectError(await t.gql(CREATE, { input: { name: providerName(), uuid: existing.uuid } }), 'CONFLICT');
    });

    it.each([
      ['an empty name', ''],
      ['a name over 200 characters', 'n'.repeat(201)],
      ['a control character', 'tab\there'],
    ])('rejects %s with BAD_USER_INPUT on input.name', async (_what, name) => {
      expectError(await t.gql(CREATE, { input: { name } }), 'BAD_USER_INPUT', 'input.name');
    });

    it('accepts a name of 200 characters', async () => {
      const name = `${providerName()}-`.padEnd(200, 'x');
      expect((await t.ok(CREATE, { input: { name } })).createResourceProvider.name).toBe(name);
    });

    it('an unknown parent is BAD_USER_INPUT on input.parentUuid', async () => {
      expectError(
        await t.gql(CREATE, { input: { name: providerName(), parentUuid: randomUUID() } }),
        'BAD_USER_INPUT',
        'input.parentUuid',
      );
    });
  });

  describe('update and delete', () => {
    it('renames; a taken name is CONFLICT; null name is BAD_USER_INPUT; unknown uuid is NOT_FOUND', async () => {
      const provider = await createProvider(t);
      const other = await createProvider(t);
      const name = providerName('renamed');
      const { updateResourceProvider } = await t.ok(UPDATE, { uuid: provider.uuid, input: { name } });
      expect(updateResourceProvider).toMatchObject({ name, generation: 0 });
      expectError(await t.gql(UPDATE, { uuid: provider.uuid, input: { name: other.name } }), 'CONFLICT');
      expectError(
        await t.gql(UPDATE, { uuid: provider.uuid, input: { name: null } }),
        'BAD_USER_INPUT',
        'input.name',
      );
      expectError(
        await t.gql(UPDATE, { uuid: provider.uuid, input: { name: '' } }),
        'BAD_USER_INPUT',
        'input.name',
      );
      expectError(await t.gql(UPDATE, { uuid: randomUUID(), input: { name: providerName() } }), 'NOT_FOUND');
      expect((await read(t, provider.uuid)).name).toBe(name);
    });

    it('re-parents a subtree: every descendant gets the new root', async () => {
      const a = await createProvider(t);
      const b = await createProvider(t);
      const b1 = await createProvider(t, { parentUuid: b.uuid });
      const b11 = await createProvider(t, { parentUuid: b1.uuid });
      const { updateResourceProvider } = await t.ok(UPDATE, { uuid: b.uuid, input: { parentUuid: a.uuid } });
      expect(updateResourceProvider).toMatchObject({ parent: { uuid: a.uuid }, root: { uuid: a.uuid } });
      expect(await read(t, b11.uuid)).toMatchObject({ parent: { uuid: b1.uuid }, root: { uuid: a.uuid } });
      const tree = await t.ok(LIST, { first: 10, filter: { inTree: b11.uuid } });
      expect(tree.resourceProviders.nodes.map((n: { uuid: string }) => n.uuid).sort()).toEqual(
        [a.uuid, b.uuid, b1.uuid, b11.uuid].sort(),
      );
      // null makes b1 a root of its own subtree.
      await t.ok(UPDATE, { uuid: b1.uuid, input: { parentUuid: null } });
      expect(await read(t, b1.uuid)).toMatchObject({ parent: null, root: { uuid: b1.uuid } });
      expect(await read(t, b11.uuid)).toMatchObject({ root: { uuid: b1.uuid } });
      expect((await read(t, b.uuid)).root).toEqual({ uuid: a.uuid });
    });

    it('a provider cannot become its own parent or ancestor (BAD_USER_INPUT), nothing changes', async () => {
      const root = await createProvider(t);
      const child = await createProvider(t, { parentUuid: root.uuid });
      const grandchild = await createProvider(t, { parentUuid: child.uuid });
      for (const [uuid, parentUuid] of [
        [root.uuid, root.uuid],
        [root.uuid, grandchild.uuid],
        [child.uuid, grandchild.uuid],
      ]) {
        const error = expectError(
          await t.gql(UPDATE, { uuid, input: { parentUuid } }),
          'BAD_USER_INPUT',
          'input.parentUuid',
        );
        expect(error.message).toMatch(/own (parent|ancestor)/);
      }
      expect(await read(t, root.uuid)).toMatchObject({ parent: null, root: { uuid: root.uuid } });
      expect(await read(t, grandchild.uuid)).toMatchObject({
        parent: { uuid: child.uuid },
        root: { uuid: root.uuid },
      });
      expectError(
        await t.gql(UPDATE, { uuid: child.uuid, input: { parentUuid: randomUUID() } }),
        'BAD_USER_INPUT',
        'input.parentUuid',
      );
    });

    it('concurrent moves and creations under the moved subtree keep every root right', async () => {
      const [a, b] = [await createProvider(t), await createProvider(t)];
      const x = await createProvider(t, { parentUuid: a.uuid });
      const y = await createProvider(t, { parentUuid: x.uuid });
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, index) =>
          index % 4 === 0
            ? t.gql(UPDATE, { uuid: x.uuid, input: { parentUuid: index % 8 ? a.uuid : b.uuid } })
            : t.gql(CREATE, {
                input: { name: providerName('race'), parentUuid: index % 2 ? x.uuid : y.uuid },
              }),
        ),
      );
      expect(results.filter((result) => result.errors)).toEqual([]);
      const top = (await read(t, x.uuid)).root.uuid;
      const { resourceProviders } = await t.ok(
        `query ($tree: UUID!) { resourceProviders(first: 100, filter: { inTree: $tree }) {
           nodes { uuid root { uuid } parent { uuid } } } }`,
        { tree: x.uuid },
      );
      // x, y and the 12 new children, all under the root x ended up in (plus that root itself).
      expect(resourceProviders.nodes).toHaveLength(15);
      for (const node of resourceProviders.nodes) expect(node.root.uuid).toBe(top);
      const other = top === a.uuid ? b.uuid : a.uuid;
      expect((await t.ok(LIST, { filter: { inTree: other } })).resourceProviders.totalCount).toBe(1);
    });

    it('deletes a leaf; CONFLICT while it has children; NOT_FOUND when absent', async () => {
      const root = await createProvider(t);
      const child = await createProvider(t, { parentUuid: root.uuid });
      const trait = customTrait('DEL');
      await createTraits(t, [trait]);
      await setTraits(t, child.uuid, [trait]);
      expectError(await t.gql(DELETE, { uuid: root.uuid }), 'CONFLICT');
      expect(await t.ok(DELETE, { uuid: child.uuid })).toEqual({ deleteResourceProvider: true });
      expect((await t.ok(PROVIDER, { uuid: child.uuid })).resourceProvider).toBeNull();
      // Its trait associations went with it.
      const { trait: after } = await t.ok(`query ($n: String!) { trait(name: $n) { associated } }`, {
        n: trait,
      });
      expect(after.associated).toBe(false);
      expect(await t.ok(DELETE, { uuid: root.uuid })).toEqual({ deleteResourceProvider: true });
      expectError(await t.gql(DELETE, { uuid: root.uuid }), 'NOT_FOUND');
    });
  });

  describe('traits of a provider', () => {
    it('replaces the whole set; the generation grows by exactly one per change', async () => {
      const provider = await createProvider(t);
      const custom = customTrait('SET');
      await createTraits(t, [custom]);
      const sets = [
        ['HW_CPU_X86_AVX2', 'HW_CPU_X86_SSE'],
        [custom, 'HW_CPU_X86_AVX2', custom],
        [],
        ['STORAGE_DISK_SSD'],
      ];
      for (const [index, traits] of sets.entries()) {
        const { setResourceProviderTraits: result } = await t.ok(SET_TRAITS, {
          uuid: provider.uuid,
          traits,
          generation: index,
        });
        expect(result.generation).toBe(index + 1);
        expect(result.traits.map((x: { name: string }) => x.name)).toEqual([...new Set(traits)].sort());
      }
      const { deleteResourceProviderTraits } = await t.ok(DELETE_TRAITS, { uuid: provider.uuid });
      expect(deleteResourceProviderTraits).toEqual({ generation: sets.length + 1, traits: [] });
      expect(await read(t, provider.uuid)).toMatchObject({ generation: sets.length + 1, traits: [] });
    });

    it('a stale generation is CONFLICT and changes nothing', async () => {
      const provider = await createProvider(t);
      await t.ok(SET_TRAITS, { uuid: provider.uuid, traits: ['HW_CPU_X86_SSE'], generation: 0 });
      for (const generation of [0, 2, -1]) {
        const error = expectError(
          await t.gql(SET_TRAITS, { uuid: provider.uuid, traits: ['HW_CPU_X86_AVX'], generation }),
          'CONFLICT',
        );
        expect(error.message).toContain('generation 1');
      }
      expect(await read(t, provider.uuid)).toMatchObject({
        generation: 1,
        traits: [{ name: 'HW_CPU_X86_SSE', standard: true }],
      });
    });

    it('unknown trait names are BAD_USER_INPUT on traits, listing them all; nothing changes', async () => {
      const provider = await createProvider(t);
      const error = expectError(
        await t.gql(SET_TRAITS, {
          uuid: provider.uuid,
          traits: ['HW_CPU_X86_SSE', 'CUSTOM_NOT_THERE', 'hw_lower', 'CUSTOM_NOT_THERE'],
          generation: 0,
        }),
        'BAD_USER_INPUT',
        'traits',
      );
      expect(error.message).toContain('CUSTOM_NOT_THERE');
      expect(error.message).toContain('hw_lower');
      expect(error.message).not.toContain('HW_CPU_X86_SSE');
      expect(await read(t, provider.uuid)).toMatchObject({ generation: 0, traits: [] });
    });

    it('odd strings among the traits are unknown names; NUL is BAD_USER_INPUT naming its place', async () => {
      const provider = await createProvider(t);
      const error = expectError(
        await t.gql(SET_TRAITS, { uuid: provider.uuid, traits: ['lower', 'HW_CPU_X86_SSE'], generation: 0 }),
        'BAD_USER_INPUT',
        'traits',
      );
      expect(error.message).toMatch(/unknown traits/);
      expectError(
        await t.gql(SET_TRAITS, { uuid: provider.uuid, traits: ['\u0000', 'HW_CPU_X86_SSE'], generation: 0 }),
        'BAD_USER_INPUT',
        'traits.0',
      );
      // In a filter, an odd string is an unknown name like any other (BAD_USER_INPUT, below).
      const odd = await t.gql(LIST, {
        filter: { uuid: provider.uuid, forbidden: ['lower'], anyOf: [['lower', 'HW_CPU_X86_SSE']] },
      });
      expect(expectError(odd, 'BAD_USER_INPUT', 'filter.forbidden').message).toBe(
        'filter.forbidden: No such trait(s): lower; filter.anyOf.0: No such trait(s): lower',
      );
      const nul = { uuid: provider.uuid, forbidden: ['\u0000'], anyOf: [['HW_CPU_X86_SSE', '\u0000']] };
      expectError(await t.gql(LIST, { filter: nul }), 'BAD_USER_INPUT', 'filter.anyOf.0.1');
      expectError(
        await t.gql(LIST, { filter: { forbidden: ['\u0000'] } }),
        'BAD_USER_INPUT',
        'filter.forbidden.0',
      );
      expectError(await t.gql(LIST, { filter: { name: 'a\u0000' } }), 'BAD_USER_INPUT', 'filter.name');
    });

    it('an unknown provider is NOT_FOUND', async () => {
      expectError(
        await t.gql(SET_TRAITS, { uuid: randomUUID(), traits: ['HW_CPU_X86_SSE'], generation: 0 }),
        'NOT_FOUND',
      );
      expectError(await t.gql(DELETE_TRAITS, { uuid: randomUUID() }), 'NOT_FOUND');
    });

    it('concurrent writers of different sets at one generation, on two instances: exactly one wins, the others get CONFLICT', async () => {
      const provider = await createProvider(t);
      const start = await setTraits(t, provider.uuid, ['HW_CPU_X86_SSE']);
      const candidates = [
        'HW_CPU_X86_AVX',
        'HW_CPU_X86_AVX2',
        'HW_CPU_X86_SSE2',
        'HW_CPU_X86_SSE3',
        'HW_CPU_X86_SSSE3',
      ];
      const attempts = Array.from({ length: 20 }, (_, index) => [
        candidates[index % candidates.length],
        index % 2 ? 'STORAGE_DISK_SSD' : 'STORAGE_DISK_HDD',
      ]);
      const results = await Promise.all(
        attempts.map((traits, index) =>
          (index % 4 < 2 ? t : t2).gql(
            SET_TRAITS,
            { uuid: provider.uuid, traits, generation: start },
            index % 2 ? SERVICE : ADMIN,
          ),
        ),
      );
      const winners = results.flatMap((result, index) => (result.errors ? [] : [index]));
      expect(winners).toHaveLength(1);
      for (const result of results) {
        if (result.errors) expect(result.errors[0].extensions?.code).toBe('CONFLICT');
      }
      const winner = results[winners[0]].data!.setResourceProviderTraits;
      expect(winner.generation).toBe(start + 1);
      const final = await read(t, provider.uuid);
      expect(final.generation).toBe(start + 1);
      expect(final.traits.map((x: { name: string }) => x.name)).toEqual([...attempts[winners[0]]].sort());
    });
  });

  describe('generation semantics (as Placement)', () => {
    const names = (provider: { traits: { name: string }[] }) => provider.traits.map((trait) => trait.name);

    it('the set a provider already has, written again, succeeds and keeps the generation', async () => {
      const provider = await createProvider(t);
      const generation = await setTraits(t, provider.uuid, ['HW_CPU_X86_SSE', 'STORAGE_DISK_SSD']);
      expect(generation).toBe(1);
      const { setResourceProviderTraits: same } = await t.ok(SET_TRAITS, {
        uuid: provider.uuid,
        traits: ['STORAGE_DISK_SSD', 'HW_CPU_X86_SSE', 'STORAGE_DISK_SSD'],
        generation,
      });
      expect(same.generation).toBe(1);
      expect(names(same)).toEqual(['HW_CPU_X86_SSE', 'STORAGE_DISK_SSD']);
      // a change of the set still counts exactly one
      expect(await setTraits(t, provider.uuid, ['HW_CPU_X86_SSE'])).toBe(2);
      expect(await read(t, provider.uuid)).toMatchObject({
        generation: 2,
        traits: [{ name: 'HW_CPU_X86_SSE' }],
      });
    });

    it('removing the traits of a provider that has none keeps the generation', async () => {
      const provider = await createProvider(t);
      expect((await t.ok(DELETE_TRAITS, { uuid: provider.uuid })).deleteResourceProviderTraits).toEqual({
        generation: 0,
        traits: [],
      });
      const empty = await t.ok(SET_TRAITS, { uuid: provider.uuid, traits: [], generation: 0 });
      expect(empty.setResourceProviderTraits.generation).toBe(0);
      await setTraits(t, provider.uuid, ['HW_CPU_X86_SSE']);
      expect(
        (await t.ok(DELETE_TRAITS, { uuid: provider.uuid })).deleteResourceProviderTraits.generation,
      ).toBe(2);
      expect(
        (await t.ok(DELETE_TRAITS, { uuid: provider.uuid })).deleteResourceProviderTraits.generation,
      ).toBe(2);
    });

    it('a stale generation is CONFLICT before anything else: with the same set, and with an unknown trait', async () => {
      const provider = await createProvider(t);
      await setTraits(t, provider.uuid, ['HW_CPU_X86_SSE']);
      expect(
        expectError(
          await t.gql(SET_TRAITS, { uuid: provider.uuid, traits: ['HW_CPU_X86_SSE'], generation: 0 }),
          'CONFLICT',
        ).message,
      ).toContain('generation 1');
      expectError(
        await t.gql(SET_TRAITS, { uuid: provider.uuid, traits: ['CUSTOM_NOT_THERE'], generation: 0 }),
        'CONFLICT',
      );
      // with the current generation, the unknown name is the problem
      expectError(
        await t.gql(SET_TRAITS, { uuid: provider.uuid, traits: ['CUSTOM_NOT_THERE'], generation: 1 }),
        'BAD_USER_INPUT',
        'traits',
      );
      expect(await read(t, provider.uuid)).toMatchObject({
        generation: 1,
        traits: [{ name: 'HW_CPU_X86_SSE' }],
      });
    });

    it('concurrent writers of the set the provider has all succeed, on two instances, and do not stale a change', async () => {
      const provider = await createProvider(t);
      const set = ['HW_CPU_X86_AVX', 'STORAGE_DISK_SSD'];
      const generation = await setTraits(t, provider.uuid, set);
      const same = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          (index % 2 ? t2 : t).gql(
            SET_TRAITS,
            { uuid: provider.uuid, traits: index % 3 ? set : [...set].reverse(), generation },
            index % 4 < 2 ? SERVICE : ADMIN,
          ),
        ),
      );
      expect(same.filter((result) => result.errors)).toEqual([]);
      expect(same.map((result) => result.data?.setResourceProviderTraits.generation)).toEqual(
        Array(20).fill(generation),
      );

      // Same-set writers racing one writer of a new set: the new set always lands, exactly once.
      const mixed = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          (index % 2 ? t2 : t).gql(SET_TRAITS, {
            uuid: provider.uuid,
            traits: index === 5 ? ['HW_CPU_X86_SSE2'] : set,
            generation,
          }),
        ),
      );
      expect(mixed[5].errors).toBeUndefined();
      expect(mixed[5].data?.setResourceProviderTraits.generation).toBe(generation + 1);
      for (const result of mixed) {
        if (result.errors) expect(result.errors[0].extensions?.code).toBe('CONFLICT');
        else
          expect([generation, generation + 1]).toContain(result.data?.setResourceProviderTraits.generation);
      }
      expect(await read(t2, provider.uuid)).toMatchObject({
        generation: generation + 1,
        traits: [{ name: 'HW_CPU_X86_SSE2' }],
      });
    });
  });

  describe('listing and trait queries', () => {
    let root: CreatedProvider;
    const trait = { a: customTrait('QA'), b: customTrait('QB'), c: customTrait('QC'), d: customTrait('QD') };
    const byName: Record<string, CreatedProvider> = {};

    beforeAll(async () => {
      await createTraits(t, Object.values(trait));
      root = await createProvider(t, { name: providerName('q-root') });
      const shapes: Record<string, string[]> = {
        ab: [trait.a, trait.b],
        abc: [trait.a, trait.b, trait.c],
        a: [trait.a],
        bd: [trait.b, trait.d],
        none: [],
      };
      for (const [key, traits] of Object.entries(shapes)) {
        byName[key] = await createProvider(t, { name: providerName(`q-${key}`), parentUuid: root.uuid });
        if (traits.length) await setTraits(t, byName[key].uuid, traits);
      }
    });

    const match = async (filter: Record<string, unknown>) => {
      const { resourceProviders } = await t.ok(LIST, {
        first: 100,
        filter: { inTree: root.uuid, ...filter },
      });
      const found = new Set(resourceProviders.nodes.map((n: { uuid: string }) => n.uuid));
      return Object.keys(byName)
        .filter((key) => found.has(byName[key].uuid))
        .sort();
    };

    it('required: has all of them', async () => {
      expect(await match({ required: [trait.a] })).toEqual(['a', 'ab', 'abc']);
      expect(await match({ required: [trait.a, trait.b] })).toEqual(['ab', 'abc']);
      expect(await match({ required: [trait.a, trait.a] })).toEqual(['a', 'ab', 'abc']);
    });

    it('forbidden: has none of them', async () => {
      expect(await match({ forbidden: [trait.c] })).toEqual(['a', 'ab', 'bd', 'none']);
      expect(await match({ forbidden: [trait.c, trait.d] })).toEqual(['a', 'ab', 'none']);
      expect(await match({ required: [trait.a], forbidden: [trait.c] })).toEqual(['a', 'ab']);
    });

    it('anyOf: at least one trait of each inner list', async () => {
      expect(await match({ anyOf: [[trait.c, trait.d]] })).toEqual(['abc', 'bd']);
      expect(await match({ anyOf: [[trait.c, trait.d], [trait.a]] })).toEqual(['abc']);
      expectError(
        await t.gql(LIST, { filter: { anyOf: [[trait.a], []] } }),
        'BAD_USER_INPUT',
        'filter.anyOf.1',
      );
    });

    describe('a name that is no trait is BAD_USER_INPUT naming it and its list (Placement: 400 "No such trait(s)")', () => {
      const filterError = async (filter: Record<string, unknown>, who = ADMIN) => {
        const result = await t.gql(LIST, { filter: { inTree: root.uuid, ...filter } }, who);
        expect(result.data).toBeNull();
        expect(result.errors).toHaveLength(1);
        return result.errors![0];
      };

      it.each([
        ['an admin', ADMIN],
        ['a service', SERVICE],
        ['a project member', MEMBER],
      ])('for %s: required, forbidden and anyOf', async (_who, who) => {
        const standardTypo = 'hw_cpu_x86_avx2';
        const customTypo = `${trait.c}D`;
        let error = await filterError({ forbidden: [customTypo] }, who);
        expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'filter.forbidden' });
        expect(error.message).toBe(`filter.forbidden: No such trait(s): ${customTypo}`);

        error = await filterError({ required: [standardTypo, trait.a, standardTypo] }, who);
        expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'filter.required' });
        expect(error.message).toBe(`filter.required: No such trait(s): ${standardTypo}`);

        error = await filterError(
          { anyOf: [[trait.a], [trait.c, 'CUSTOM_UNKNOWN_X', 'CUSTOM_UNKNOWN_Y']] },
          who,
        );
        expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'filter.anyOf.1' });
        expect(error.message).toBe('filter.anyOf.1: No such trait(s): CUSTOM_UNKNOWN_X, CUSTOM_UNKNOWN_Y');
      });

      it('one error for every unknown name of the request, each list named', async () => {
        const error = await filterError({
          required: [trait.a, 'CUSTOM_UNKNOWN_R'],
          forbidden: ['CUSTOM_UNKNOWN_F1', trait.d, 'CUSTOM_UNKNOWN_F2'],
          anyOf: [[trait.b], ['HW_NOT_A_TRAIT']],
        });
        expect(error.extensions).toMatchObject({
          code: 'BAD_USER_INPUT',
          field: 'filter.required',
          errors: [
            { field: 'filter.required', message: 'No such trait(s): CUSTOM_UNKNOWN_R' },
            { field: 'filter.forbidden', message: 'No such trait(s): CUSTOM_UNKNOWN_F1, CUSTOM_UNKNOWN_F2' },
            { field: 'filter.anyOf.1', message: 'No such trait(s): HW_NOT_A_TRAIT' },
          ],
        });
        expect(error.message).toBe(
          'filter.required: No such trait(s): CUSTOM_UNKNOWN_R; ' +
            'filter.forbidden: No such trait(s): CUSTOM_UNKNOWN_F1, CUSTOM_UNKNOWN_F2; ' +
            'filter.anyOf.1: No such trait(s): HW_NOT_A_TRAIT',
        );
      });

      it('a trait deleted since is unknown from then on; known names still filter as before', async () => {
        const gone = customTrait('GONE');
        await createTraits(t, [gone]);
        expect(await match({ forbidden: [gone, trait.c] })).toEqual(['a', 'ab', 'bd', 'none']);
        await t.ok('mutation ($name: String!) { deleteTrait(name: $name) }', { name: gone });
        const error = await filterError({ forbidden: [gone, trait.c] });
        expect(error.message).toBe(`filter.forbidden: No such trait(s): ${gone}`);
        expect(await match({ required: [trait.b], forbidden: [trait.d] })).toEqual(['ab', 'abc']);
      });

      it('costs no extra statement: names are checked by the one lookup that resolves them', async () => {
        const filter = {
          inTree: root.uuid,
          required: [trait.a, 'HW_CPU_X86_SSE'],
          forbidden: [trait.d],
          anyOf: [[trait.b, trait.c]],
        };
        const { count, statements } = await t.app.database.counter.measure(() =>
          t.ok(
            `query ($filter: ResourceProviderFilter) { resourceProviders(filter: $filter) { nodes { uuid } } }`,
            {
              filter,
            },
          ),
        );
        // The trait lookup, then the page: the same two as before unknown names were refused.
        expect({ count, lookups: statements.filter((sql) => /FROM "?traits"?\s/.test(sql)).length }).toEqual({
          count: 2,
          lookups: 1,
        });
        const failed = await t.app.database.counter.measure(() =>
          t.gql(LIST, { filter: { ...filter, forbidden: ['CUSTOM_UNKNOWN_Z'] } }),
        );
        expect(failed.count).toBe(1);
      });
    });

    it('filters by name, uuid and tree; an unknown tree matches nothing', async () => {
      expect(await match({ name: byName.bd.name })).toEqual(['bd']);
      expect(await match({ uuid: byName.abc.uuid })).toEqual(['abc']);
      const { resourceProviders } = await t.ok(LIST, { filter: { inTree: root.uuid } });
      expect(resourceProviders.totalCount).toBe(6);
      const none = await t.ok(LIST, { filter: { inTree: randomUUID() } });
      expect(none.resourceProviders.nodes).toEqual([]);
    });

    it('a list reads only the columns its items select, and answers what the provider query does', async () => {
      const lean = await t.app.database.counter.measure(() =>
        t.ok(`query ($tree: UUID) { resourceProviders(filter: { inTree: $tree }) { nodes { name } } }`, {
          tree: root.uuid,
        }),
      );
      expect(lean.statements.join('\n')).not.toMatch(/created_at|updated_at|generation|parent_id/);
      const full = await t.ok(
        `query ($tree: UUID) {
          resourceProviders(filter: { inTree: $tree }) { edges { node { ...Provider } } }
        }
        fragment Provider on ResourceProvider {
          id uuid name generation createdAt updatedAt
          parent { uuid } root { uuid } children { uuid name } traits { name standard }
        }`,
        { tree: root.uuid },
      );
      const listed = full.resourceProviders.edges.map((edge: { node: unknown }) => edge.node);
      expect(listed).toHaveLength(6);
      for (const node of listed) expect(node).toEqual(await read(t, (node as { uuid: string }).uuid));
    });

    it('pages by name with cursors', async () => {
      const all = (await t.ok(LIST, { first: 100, filter: { inTree: root.uuid } })).resourceProviders.nodes;
      const names = all.map((n: { name: string }) => n.name);
      expect(names).toEqual([...names].sort());
      const page1 = (await t.ok(LIST, { first: 4, filter: { inTree: root.uuid } })).resourceProviders;
      expect(page1.pageInfo.hasNextPage).toBe(true);
      const page2 = (
        await t.ok(LIST, { first: 4, after: page1.pageInfo.endCursor, filter: { inTree: root.uuid } })
      ).resourceProviders;
      expect([...page1.nodes, ...page2.nodes]).toEqual(all);
      expect(page2.pageInfo.hasNextPage).toBe(false);
      const backwards = `query ($last: Int, $before: String, $filter: ResourceProviderFilter) {
        resourceProviders(last: $last, before: $before, filter: $filter) {
          nodes { uuid name } pageInfo { hasPreviousPage startCursor }
        }
      }`;
      const tail = (await t.ok(backwards, { last: 4, filter: { inTree: root.uuid } })).resourceProviders;
      expect(tail.nodes).toEqual(all.slice(-4));
      expect(tail.pageInfo.hasPreviousPage).toBe(true);
      const head = (
        await t.ok(backwards, { last: 4, before: tail.pageInfo.startCursor, filter: { inTree: root.uuid } })
      ).resourceProviders;
      expect(head.nodes).toEqual(all.slice(0, -4));
      expectError(await t.gql(LIST, { after: 'garbage' }), 'BAD_USER_INPUT', 'after');
      // A cursor of another list is not valid here.
      const traitCursor = (await t.ok(`{ traits(first: 1) { pageInfo { endCursor } } }`)).traits.pageInfo
        .endCursor;
      expectError(await t.gql(LIST, { after: traitCursor }), 'BAD_USER_INPUT', 'after');
    });

    it('parent, root, children and traits are batch-loaded: 5 or 40 providers, same statements', async () => {
      const query = `query ($filter: ResourceProviderFilter) {
        resourceProviders(first: 100, filter: $filter) {
          nodes { name generation parent { name } root { name } children { name } traits { name associated } }
        }
      }`;
      const tree = async (size: number) => {
        const top = await createProvider(t);
        for (let index = 1; index < size; index += 1) {
          const child = await createProvider(t, { parentUuid: top.uuid });
          await setTraits(t, child.uuid, [trait.a, index % 2 ? 'HW_CPU_X86_SSE' : 'HW_CPU_X86_AVX']);
        }
        return top;
      };
      const small = await tree(5);
      const large = await tree(40);
      const measure = (top: CreatedProvider) =>
        t.app.database.counter.measure(() => t.ok(query, { filter: { inTree: top.uuid } }));
      const five = await measure(small);
      const forty = await measure(large);
      expect(five.result.resourceProviders.nodes).toHaveLength(5);
      expect(forty.result.resourceProviders.nodes).toHaveLength(40);
      const leaf = forty.result.resourceProviders.nodes.find((n: { parent: unknown }) => n.parent);
      expect(leaf.traits).toHaveLength(2);
      expect(leaf.root.name).toBe(large.name);
      expect(forty.count).toBe(five.count);
    });
  });

  describe('who may write', () => {
    it('a project member reads providers but every write is FORBIDDEN', async () => {
      const provider = await createProvider(t);
      const child = await createProvider(t, { parentUuid: provider.uuid });
      expect((await t.ok(PROVIDER, { uuid: provider.uuid }, MEMBER)).resourceProvider.uuid).toBe(
        provider.uuid,
      );
      expect(
        (await t.ok(LIST, { filter: { uuid: provider.uuid } }, MEMBER)).resourceProviders.totalCount,
      ).toBe(1);
      for (const [query, variables] of [
        [CREATE, { input: { name: providerName() } }],
        [UPDATE, { uuid: provider.uuid, input: { name: providerName() } }],
        [UPDATE, { uuid: child.uuid, input: { parentUuid: null } }],
        [DELETE, { uuid: child.uuid }],
        [SET_TRAITS, { uuid: provider.uuid, traits: ['HW_CPU_X86_SSE'], generation: 0 }],
        [DELETE_TRAITS, { uuid: provider.uuid }],
      ] as const) {
        expectError(await t.gql(query, variables, MEMBER), 'FORBIDDEN');
      }
      expect(await read(t, provider.uuid)).toMatchObject({ generation: 0, name: provider.name, traits: [] });
      expect((await read(t, child.uuid)).parent).toEqual({ uuid: provider.uuid });
    });

    it.each([
      ['an admin', ADMIN],
      ['a service', SERVICE],
    ])('%s may create, update, set traits and delete', async (_who, who) => {
      const parent = await createProvider(t, {}, who);
      const provider = await createProvider(t, { parentUuid: parent.uuid }, who);
      await t.ok(UPDATE, { uuid: provider.uuid, input: { name: providerName(), parentUuid: null } }, who);
      const set = await t.ok(
        SET_TRAITS,
        { uuid: provider.uuid, traits: ['HW_CPU_X86_SSE'], generation: 0 },
        who,
      );
      expect(set.setResourceProviderTraits.generation).toBe(1);
      expect(
        (await t.ok(DELETE_TRAITS, { uuid: provider.uuid }, who)).deleteResourceProviderTraits.generation,
      ).toBe(2);
      expect(await t.ok(DELETE, { uuid: provider.uuid }, who)).toEqual({ deleteResourceProvider: true });
      expect(await t.ok(DELETE, { uuid: parent.uuid }, who)).toEqual({ deleteResourceProvider: true });
    });
  });
});
