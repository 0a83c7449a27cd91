import type { Runtime } from '../src/app/runtime';
import { providerSelect, type ProviderRow } from '../src/modules/resource-providers/resource-provider.rows';
import { validateTraitsFloor, type FloorHandler } from './floor';
import { scenario, type Scenario } from './scenarios';

/**
 * The four trait and provider scenarios of the issue comparing metacatalog with OpenStack Placement 8.0 (2 uwsgi
 * workers on SQLite, wrk -t2 -c10, 3 s warm-up, 8 s measured, a quiet 2-core box), on the same data shape:
 * 345 standard + 21 custom traits; 1,001 providers, 1,000 of them with 12 traits each drawn from a pool of 40
 * standard (HW_CPU_X86_* / COMPUTE_*) and 20 custom traits, half with HW_CPU_X86_AVX, a fifth with CUSTOM_X (412
 * have AVX and not CUSTOM_X), and one provider with 20. Each scenario carries Placement's req/s as its reference.
 * They run before the other trait scenarios (whose 10,000 providers would change the provider list's answer), on
 * a fresh database.
 */

const PROVIDERS = 1_000;
const TRAITS_PER_PROVIDER = 12;
const BIG_PROVIDER_TRAITS = 20;
const CUSTOM_POOL = Array.from({ length: 20 }, (_, i) => `CUSTOM_BENCH_${String(i + 1).padStart(2, '0')}`);
const AVX = 'HW_CPU_X86_AVX';
const CUSTOM_X = 'CUSTOM_X';

interface PlacementData {
  /** The provider with 20 traits. */
  bigUuid: string;
  /** Every provider of the data, with its traits (to seed a real Placement with the same). */
  providers: { uuid: string; name: string; traits: string[] }[];
}

let seeded: Promise<PlacementData> | undefined;

/**
 * Provider i (1..1,000): AVX when i is even; CUSTOM_X for the even i ≤ 176 (88) and the odd i ≤ 223 (112), so
 * 200 have it and 500 − 88 = 412 match `required: [AVX], forbidden: [CUSTOM_X]`; the rest of its 12 traits are
 * pool positions (7i + 13k) mod 60, k = 0, 1, … (13 is prime to 60: all distinct). The 20-trait provider has
 * the pool's first 20 (no AVX, no CUSTOM_X). Idempotent (names are fixed).
 */
function seedPlacement(runtime: Runtime): Promise<PlacementData> {
  seeded ??= (async () => {
    const db = runtime.database.dataSource;
    await db.query(
      `INSERT INTO traits (name, standard) SELECT unnest($1::text[]), false ON CONFLICT DO NOTHING`,
      [[...CUSTOM_POOL, CUSTOM_X]],
    );
    const standard: { name: string }[] = await db.query(
      `SELECT name FROM traits WHERE standard AND (name LIKE 'HW\\_CPU\\_X86\\_%' OR name LIKE 'COMPUTE\\_%')
         AND name <> $1 ORDER BY name LIMIT 40`,
      [AVX],
    );
    const pool = [...standard.map((row) => row.name), ...CUSTOM_POOL];
    const names: string[] = [];
    const traits: string[][] = [];
    for (let i = 1; i <= PROVIDERS; i += 1) {
      const fixed = [
        ...(i % 2 === 0 ? [AVX] : []),
        ...((i % 2 === 0 && i <= 176) || (i % 2 === 1 && i <= 223) ? [CUSTOM_X] : []),
      ];
      const drawn = Array.from(
        { length: TRAITS_PER_PROVIDER - fixed.length },
        (_, k) => pool[(7 * i + 13 * k) % pool.length],
      );
      names.push(`placement-rp-${String(i).padStart(4, '0')}`);
      traits.push([...fixed, ...drawn]);
    }
    names.push('placement-rp-big');
    traits.push(pool.slice(0, BIG_PROVIDER_TRAITS));
    await db.query(
      `WITH ids AS (
         SELECT nextval('resource_providers_id_seq')::int AS id, name FROM unnest($1::text[]) AS name
       )
       INSERT INTO resource_providers (id, uuid, name, root_id)
       SELECT id, gen_random_uuid(), name, id FROM ids
       ON CONFLICT DO NOTHING`,
      [names],
    );
    // One row per (provider, trait): the pairs as two parallel arrays.
    const pairs = names.flatMap((name, i) => traits[i].map((trait) => [name, trait]));
    await db.query(
      `INSERT INTO resource_provider_traits (resource_provider_id, trait_id)
       SELECT rp.id, t.id
         FROM unnest($1::text[], $2::text[]) AS p(provider, trait)
         JOIN resource_providers rp ON rp.name = p.provider
         JOIN traits t ON t.name = p.trait
       ON CONFLICT DO NOTHING`,
      [pairs.map((pair) => pair[0]), pairs.map((pair) => pair[1])],
    );
    await db.query('VACUUM ANALYZE resource_providers');
    await db.query('VACUUM ANALYZE resource_provider_traits');
    await db.query('VACUUM ANALYZE traits');
    const rows: { uuid: string; name: string }[] = await db.query(
      `SELECT uuid, name FROM resource_providers WHERE name = ANY($1)`,
      [names],
    );
    const uuids = new Map(rows.map((row) => [row.name, row.uuid]));
    return {
      bigUuid: uuids.get('placement-rp-big')!,
      providers: names.map((name, i) => ({ uuid: uuids.get(name)!, name, traits: traits[i] })),
    };
  })();
  return seeded;
}

/**
 * What every request to a real Placement carries: `noauth2`'s admin token (Placement's `[api] auth_strategy =
 * noauth2`) and its newest microversion in 8.0 (forbidden traits need 1.22).
 */
export const PLACEMENT_HEADERS = { 'x-auth-token': 'admin', 'openstack-api-version': 'placement 1.39' };

let placementLive: Promise<{ bigUuid: string }> | undefined;

/**
 * Seeds the real Placement at `url`, empty, with the same data (the custom traits, then each provider with its uuid,
 * name and traits), unless it has the 20-trait provider, seeded last, already (an earlier run's: the same names and
 * traits); answers that provider's uuid in Placement.
 */
function seedLivePlacement(url: string, data: PlacementData): Promise<{ bigUuid: string }> {
  placementLive ??= (async () => {
    const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { ...PLACEMENT_HEADERS, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok)
        throw new Error(`Placement: ${method} ${path}: ${response.status} ${await response.text()}`);
      const text = await response.text(); // 201 and 204 have none
      return (text ? JSON.parse(text) : undefined) as T;
    };
    type Providers = { resource_providers: { uuid: string }[] };
    const big = () => call<Providers>('GET', '/resource_providers?name=placement-rp-big');
    const found = (await big()).resource_providers;
    if (found.length) return { bigUuid: found[0].uuid };
    for (const name of [...CUSTOM_POOL, CUSTOM_X]) await call('PUT', `/traits/${name}`);
    // One request at a time: Placement on SQLite fails concurrent writes ("database is locked").
    for (const { uuid, name, traits } of data.providers) {
      await call('POST', '/resource_providers', { uuid, name });
      await call('PUT', `/resource_providers/${uuid}/traits`, { traits, resource_provider_generation: 0 });
    }
    return { bigUuid: (await big()).resource_providers[0].uuid };
  })();
  return placementLive;
}

/** A scenario's `live` reference: Placement seeded (once) with the data, then the path of Placement's request. */
const livePath =
  (path: (placement: { bigUuid: string }) => string) =>
  async (url: string, prepared: PlacementData): Promise<string> =>
    path(await seedLivePlacement(url, prepared));

/** traits(first: 500) { nodes { name } }'s SQL: the first page by name (and id), one row more than the page. */
const traitsFloor: FloorHandler = async (pool) =>
  (
    await pool.query(
      'SELECT t.id AS id, t.name AS name FROM traits t ORDER BY t.name ASC, t.id ASC LIMIT 501',
    )
  ).rows;

/** resourceProvider(uuid) { generation traits { name } }'s SQL: the provider's row with its traits, one statement. */
const providerFloor =
  (uuid: string): FloorHandler =>
  async (pool) => {
    const { rows } = await pool.query<ProviderRow>(
      `${providerSelect({ standard: false, createdAt: false })} WHERE rp.uuid = $1`,
      [uuid],
    );
    return { ...rows[0], traits: rows[0].traits?.map(([, name]) => ({ name })) ?? [] };
  };

/**
 * resourceProviders(first: 500, filter: { required, forbidden })'s SQL: the names' trait ids, then the first
 * page of the providers having every required and none of the forbidden ones.
 */
const providersFloor: FloorHandler = async (pool) => {
  const traits = await pool.query<{ id: number; name: string }>(
    'SELECT id, name, standard, created_at FROM traits WHERE name = ANY($1)',
    [[AVX, CUSTOM_X]],
  );
  const id = (name: string) => traits.rows.find((row) => row.name === name)!.id;
  const { rows } = await pool.query(
    `SELECT rp.id AS id, rp.name AS name, rp.uuid AS uuid, rp.generation AS generation
       FROM resource_providers rp
      WHERE EXISTS (SELECT 1 FROM resource_provider_traits rpt WHERE rpt.resource_provider_id = rp.id AND rpt.trait_id = ANY($1))
        AND NOT EXISTS (SELECT 1 FROM resource_provider_traits rpt WHERE rpt.resource_provider_id = rp.id AND rpt.trait_id = ANY($2))
      ORDER BY rp.name ASC, rp.id ASC LIMIT 501`,
    [[id(AVX)], [id(CUSTOM_X)]],
  );
  return rows;
};

/** The four scenarios, each with Placement's figure and its own floor. */
export const scenarios: readonly Scenario[] = [
  scenario({
    name: 'placement: validateTraits(AVX, SSE, CUSTOM_FOO)',
    setup: seedPlacement,
    reference: {
      placement: 432,
      live: livePath(() => `/traits?name=in:${AVX},HW_CPU_X86_SSE,CUSTOM_FOO`),
    },
    request: {
      query: 'query ($names: [String!]!) { validateTraits(names: $names) { valid invalid } }',
      variables: { names: [AVX, 'HW_CPU_X86_SSE', 'CUSTOM_FOO'] },
    },
    // The lookup behind it, on these names (the runner's first floor, on its own names).
    peers: {
      postgraphile: {
        query: `query ($a: String!, $b: String!, $c: String!) {
          a: traitByName(name: $a) { name } b: traitByName(name: $b) { name } c: traitByName(name: $c) { name }
        }`,
        variables: { a: AVX, b: 'HW_CPU_X86_SSE', c: 'CUSTOM_FOO' },
      },
    },
    floor: () => (pool, body) => validateTraitsFloor(pool, (body as { variables: unknown }).variables),
  }),
  scenario({
    name: 'placement: traits(first: 500) { nodes { name } } (366)',
    setup: seedPlacement,
    reference: {
      placement: 250,
      live: livePath(() => '/traits'),
    },
    request: { query: '{ traits(first: 500) { nodes { name } } }' },
    peers: { postgraphile: { query: '{ allTraits(first: 500, orderBy: NAME_ASC) { nodes { name } } }' } },
    floor: () => traitsFloor,
  }),
  scenario({
    name: 'placement: resourceProvider(uuid) { generation traits { name } } (20)',
    setup: seedPlacement,
    reference: {
      placement: 362,
      live: livePath(({ bigUuid }) => `/resource_providers/${bigUuid}/traits`),
    },
    request: (prepared: PlacementData) => ({
      query: 'query ($uuid: UUID!) { resourceProvider(uuid: $uuid) { generation traits { name } } }',
      variables: { uuid: prepared.bigUuid },
    }),
    peers: {
      postgraphile: (prepared: PlacementData) => ({
        query: `query ($uuid: UUID!) {
          resourceProviderByUuid(uuid: $uuid) {
            generation
            resourceProviderTraitsByResourceProviderId { nodes { traitByTraitId { name } } }
          }
        }`,
        variables: { uuid: prepared.bigUuid },
      }),
    },
    floor: (prepared: PlacementData) => providerFloor(prepared.bigUuid),
  }),
  scenario({
    name: 'placement: resourceProviders(first: 500, required: [AVX], forbidden: [CUSTOM_X]) (412)',
    setup: seedPlacement,
    reference: {
      placement: 107,
      live: livePath(() => `/resource_providers?required=${AVX},!${CUSTOM_X}`),
    },
    request: {
      query: `query ($required: [String!], $forbidden: [String!]) {
        resourceProviders(first: 500, filter: { required: $required, forbidden: $forbidden }) {
          nodes { uuid name generation }
        }
      }`,
      variables: { required: [AVX], forbidden: [CUSTOM_X] },
    },
    floor: () => providersFloor,
  }),
];
