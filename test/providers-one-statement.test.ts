import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createProvider,
  createTraits,
  customTrait,
  setTraits,
  type CreatedProvider,
} from './support/placement';
import {
  ADMIN,
  expectError,
  project,
  startTestApp,
  type Data,
  type TestApp,
  type Who,
} from './support/test-app';

/**
 * A provider read with its traits is one SQL statement with the answer cache off (every request a miss): the
 * provider rows and their traits come together, and the request's traits loader is primed with them. The answers
 * are the ones the traits loader gives (compared with `children { traits }`, which still goes through it).
 */
const TRAIT_FIELDS = 'id name standard createdAt';
const PROVIDER = `query ($uuid: UUID!) { resourceProvider(uuid: $uuid) { generation traits { ${TRAIT_FIELDS} } } }`;
const NODE = `query ($id: ID!) { node(id: $id) { ... on ResourceProvider { uuid traits { ${TRAIT_FIELDS} } } } }`;
const NODES = `query ($ids: [ID!]!) { nodes(ids: $ids) { ... on ResourceProvider { uuid traits { name } } } }`;
const PAGE = `query ($tree: UUID, $first: Int, $after: String) {
  resourceProviders(first: $first, after: $after, filter: { inTree: $tree }) {
    nodes { uuid name traits { ${TRAIT_FIELDS} } }
    pageInfo { hasNextPage endCursor }
  }
}`;
/** The same traits through the loader alone: children come from their own loader, their traits from theirs. */
const THROUGH_LOADER = `query ($uuid: UUID!) {
  resourceProvider(uuid: $uuid) { children { uuid name traits { ${TRAIT_FIELDS} } } }
}`;

describe('a provider read with its traits: one statement', () => {
  let t: TestApp;
  let root: CreatedProvider;
  /** The root's children by name (the list's order), each with the traits it was given, some with none. */
  let children: CreatedProvider[];
  let loaded: Map<string, Data>;

  beforeAll(async () => {
    t = await startTestApp({ CATALOG_CACHE_MB: '0' });
    const traits = [customTrait('ZED'), customTrait('ALPHA'), customTrait('MID')];
    await createTraits(t, traits);
    root = await createProvider(t);
    const made: CreatedProvider[] = [];
    for (let index = 0; index < 5; index += 1) made.push(await createProvider(t, { parentUuid: root.uuid }));
    // Given out of name order; two with none.
    await setTraits(t, made[0].uuid, traits);
    await setTraits(t, made[1].uuid, ['HW_CPU_X86_SSE', traits[0]]);
    await setTraits(t, made[3].uuid, [traits[2]]);
    await setTraits(t, root.uuid, ['HW_CPU_X86_AVX', traits[1]]);
    children = made.sort((a, b) => (a.name < b.name ? -1 : 1));
    const { resourceProvider } = await t.ok(THROUGH_LOADER, { uuid: root.uuid });
    loaded = new Map(resourceProvider.children.map((child: Data) => [child.uuid, child.traits]));
    expect([...loaded.values()].filter((list) => list.length === 0)).toHaveLength(2);
  });
  afterAll(() => t.close());

  /** The operation's statements, asked twice (the second runs compiled): one each time, the same answer. */
  async function oneStatement(query: string, variables: Record<string, unknown>, as: Who = ADMIN) {
    const first = await t.app.database.counter.measure(() => t.ok(query, variables, as));
    const again = await t.app.database.counter.measure(() => t.ok(query, variables, as));
    expect({ first: first.count, again: again.count }).toEqual({ first: 1, again: 1 });
    expect(again.result).toEqual(first.result);
    return first;
  }

  it('resourceProvider(uuid) selecting traits', async () => {
    for (const child of children) {
      const { result } = await oneStatement(PROVIDER, { uuid: child.uuid });
      expect(result.resourceProvider).toEqual({
        generation: expect.any(Number),
        traits: loaded.get(child.uuid),
      });
    }
    const lean = await oneStatement(
      `query ($uuid: UUID!) { resourceProvider(uuid: $uuid) { generation traits { name } } }`,
      { uuid: children[0].uuid },
    );
    const names = loaded.get(children[0].uuid).map((trait: Data) => ({ name: trait.name }));
    expect(lean.result.resourceProvider.traits).toEqual(names);
    expect(lean.statements[0]).toMatch(/json_build_array\(t\.id, t\.name\)/);
  });

  it('node(id) and nodes(ids) of providers selecting traits', async () => {
    const ids: string[] = [];
    for (const child of children) {
      const { resourceProvider } = await t.ok(
        `query ($uuid: UUID!) { resourceProvider(uuid: $uuid) { id } }`,
        {
          uuid: child.uuid,
        },
      );
      ids.push(resourceProvider.id);
      const { result } = await oneStatement(NODE, { id: resourceProvider.id });
      expect(result.node).toEqual({ uuid: child.uuid, traits: loaded.get(child.uuid) });
    }
    const { result } = await oneStatement(NODES, { ids });
    expect(result.nodes).toEqual(
      children.map((child) => ({
        uuid: child.uuid,
        traits: loaded.get(child.uuid).map((trait: Data) => ({ name: trait.name })),
      })),
    );
  });

  it('resourceProviders(first: N) selecting traits, on every page', async () => {
    const read: Data[] = [];
    let after: string | null = null;
    do {
      const { result } = await oneStatement(PAGE, { tree: root.uuid, first: 2, after });
      read.push(...result.resourceProviders.nodes);
      after = result.resourceProviders.pageInfo.hasNextPage
        ? result.resourceProviders.pageInfo.endCursor
        : null;
    } while (after);
    const expected = [root, ...children]
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .map((provider) => ({ uuid: provider.uuid, name: provider.name }));
    expect(read.map(({ uuid, name }) => ({ uuid, name }))).toEqual(expected);
    for (const node of read) {
      if (node.uuid !== root.uuid) expect(node.traits).toEqual(loaded.get(node.uuid));
    }
    const whole = await oneStatement(PAGE, { tree: root.uuid, first: 10, after: null });
    expect(whole.result.resourceProviders.nodes).toEqual(read);
  });

  it('the traits read ahead serve every other place of the request that reads them, with what it selects', async () => {
    // A root's `root` is itself: its traits there come from what the provider's read primed, with createdAt and
    // standard although the provider's own traits ask only the name.
    const { result } = await oneStatement(
      `query ($uuid: UUID!) {
        resourceProvider(uuid: $uuid) { traits { name } root { uuid traits { ...More } } }
      }
      fragment More on Trait { standard createdAt }`,
      { uuid: root.uuid },
    );
    // The root's traits through the loader: a child's parent (the child's own traits are not selected).
    const { resourceProvider } = await t.ok(
      `query ($uuid: UUID!) { resourceProvider(uuid: $uuid) { parent { traits { name standard createdAt } } } }`,
      { uuid: children[0].uuid },
    );
    const traits: Data[] = resourceProvider.parent.traits;
    expect(traits).toHaveLength(2);
    expect(result.resourceProvider).toEqual({
      traits: traits.map((trait) => ({ name: trait.name })),
      root: {
        uuid: root.uuid,
        traits: traits.map(({ standard, createdAt }) => ({ standard, createdAt })),
      },
    });
  });

  it('reads no trait when the operation does not select them', async () => {
    const queries: [string, Record<string, unknown>][] = [
      [`query ($uuid: UUID!) { resourceProvider(uuid: $uuid) { generation } }`, { uuid: children[0].uuid }],
      [
        `query ($tree: UUID) { resourceProviders(filter: { inTree: $tree }) { nodes { name } } }`,
        { tree: root.uuid },
      ],
    ];
    for (const [query, variables] of queries) {
      const { statements } = await oneStatement(query, variables);
      expect(statements.join('\n')).not.toMatch(/resource_provider_traits/);
    }
  });
});

describe('a caller refused the traits of providers', () => {
  let dir: string;
  let t: TestApp;
  const MEMBER = project('p-one-statement');
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'one-statement-'));
    const file = join(dir, 'policy.yaml');
    writeFileSync(file, `"placement:resource_providers:traits:list": "role:admin"\n`);
    t = await startTestApp({ CATALOG_CACHE_MB: '0', POLICY_FILE: file });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is refused them as before, and the read aggregates none for it', async () => {
    const provider = await createProvider(t);
    await setTraits(t, provider.uuid, ['HW_CPU_X86_SSE']);
    const query = `query ($uuid: UUID!) { resourceProvider(uuid: $uuid) { name traits { name } } }`;
    const refused = await t.app.database.counter.measure(() => t.gql(query, { uuid: provider.uuid }, MEMBER));
    const error = expectError(refused.result, 'FORBIDDEN');
    expect(error.path).toEqual(['resourceProvider', 'traits']);
    expect(error.extensions?.policy).toBe('placement:resource_providers:traits:list');
    expect(refused.statements.join('\n')).not.toMatch(/resource_provider_traits/);
    const list = await t.app.database.counter.measure(() =>
      t.gql(`{ resourceProviders(first: 5) { nodes { name traits { name } } } }`, {}, MEMBER),
    );
    expectError(list.result, 'FORBIDDEN');
    expect(list.statements.join('\n')).not.toMatch(/resource_provider_traits/);
    const allowed = await t.app.database.counter.measure(() => t.ok(query, { uuid: provider.uuid }, ADMIN));
    expect(allowed.result.resourceProvider).toEqual({
      name: provider.name,
      traits: [{ name: 'HW_CPU_X86_SSE' }],
    });
    expect(allowed.count).toBe(1);
  });
});
