import type { Runtime } from '../src/app/runtime';
import { scenario, type Scenario } from './scenarios';

const PROVIDERS = 10_000;
const TRAITS_PER_PROVIDER = 30;

interface Fleet {
  /** A provider with TRAITS_PER_PROVIDER traits. */
  uuid: string;
  required: [string, string];
  forbidden: string;
}

let fleet: Promise<Fleet> | undefined;

/**
 * 10,000 root providers with 30 standard traits each, in three bulk statements. Provider p has the traits at
 * positions (31p + 11k) mod n, k < 30, of the n standard traits by name: trait j and trait j + 11 go
 * together on ~8% of the providers. Idempotent (names are fixed), so a PostgreSQL server can be reused.
 */
function seedFleet(runtime: Runtime): Promise<Fleet> {
  fleet ??= (async () => {
    const db = runtime.database.dataSource;
    await db.query(
      `WITH ids AS (
         SELECT nextval('resource_providers_id_seq')::int AS id, i FROM generate_series(1, $1::int) AS i
       )
       INSERT INTO resource_providers (id, uuid, name, root_id)
       SELECT id, gen_random_uuid(), 'bench-rp-' || lpad(i::text, 5, '0'), id FROM ids
       ON CONFLICT DO NOTHING`,
      [PROVIDERS],
    );
    await db.query(
      `INSERT INTO resource_provider_traits (resource_provider_id, trait_id)
       SELECT rp.id, a.ids[1 + ((rp.id * 31 + k * 11) % a.n)]
         FROM resource_providers rp
        CROSS JOIN generate_series(0, $1::int - 1) AS k
        CROSS JOIN (SELECT array_agg(id ORDER BY name) AS ids, count(*)::int AS n FROM traits WHERE standard) a
        WHERE rp.name LIKE 'bench-rp-%'
       ON CONFLICT DO NOTHING`,
      [TRAITS_PER_PROVIDER],
    );
    // What autovacuum does in production: statistics, and a visibility map for index-only scans.
    await db.query('VACUUM ANALYZE resource_providers');
    await db.query('VACUUM ANALYZE resource_provider_traits');
    const [{ uuid }]: { uuid: string }[] = await db.query(
      `SELECT uuid FROM resource_providers WHERE name = 'bench-rp-00001'`,
    );
    const standard: { name: string }[] = await db.query(
      'SELECT name FROM traits WHERE standard ORDER BY name',
    );
    const at = (index: number) => standard[index % standard.length].name;
    return { uuid, required: [at(40), at(51)], forbidden: at(62) };
  })();
  return fleet;
}

/** The names validateTraits checks; the floor (bench/floor.ts) looks up the same ones. */
export const VALIDATED_NAMES = [
  'HW_CPU_X86_AVX',
  'HW_CPU_X86_AVX2',
  'HW_CPU_X86_SSE',
  'HW_CPU_X86_SSE2',
  'HW_CPU_X86_INVALID_FEATURE',
  'STORAGE_DISK_SSD',
  'STORAGE_DISK_HDD',
  'COMPUTE_ARCH_AARCH64',
  'CUSTOM_NOT_THERE',
  'HW_GPU_API_VULKAN',
];

/** Its scenarios, listed by module in bench/scenarios.ts. */
export const scenarios: readonly Scenario[] = [
  scenario({
    name: 'traits: validateTraits of 10 names',
    request: {
      query: 'query ($names: [String!]!) { validateTraits(names: $names) { valid invalid } }',
      variables: { names: VALIDATED_NAMES },
    },
  }),

  /**
   * What a compute service mostly asks (a flavor's required traits): standard names only, which every instance
   * answers from memory (standard traits are never deleted), with no query. The 10 names above include two unknown
   * ones, which are always asked of the database so that a trait created on another instance counts at once.
   */
  scenario({
    name: 'traits: validateTraits of 10 standard names (from memory)',
    request: {
      query: 'query ($names: [String!]!) { validateTraits(names: $names) { valid invalid } }',
      variables: {
        names: [
          ...VALIDATED_NAMES.filter((name) => !/INVALID|NOT_THERE/.test(name)),
          'HW_CPU_X86_SSE41',
          'HW_CPU_X86_SSE42',
        ],
      },
    },
  }),

  scenario({
    name: 'traits: traits(startsWith: "HW_CPU")',
    request: {
      query: '{ traits(first: 100, filter: { startsWith: "HW_CPU" }) { nodes { name standard } } }',
    },
  }),

  scenario({
    name: "traits: one provider's 30 traits",
    setup: seedFleet,
    request: (prepared: Fleet) => ({
      query: 'query ($uuid: UUID!) { resourceProvider(uuid: $uuid) { generation traits { name } } }',
      variables: { uuid: prepared.uuid },
    }),
  }),

  scenario({
    name: 'traits: resourceProviders(required: 2, forbidden: 1) over 10,000',
    setup: seedFleet,
    request: (prepared: Fleet) => ({
      query: `query ($required: [String!], $forbidden: [String!]) {
        resourceProviders(first: 50, filter: { required: $required, forbidden: $forbidden }) {
          nodes { uuid name generation }
        }
      }`,
      variables: { required: prepared.required, forbidden: [prepared.forbidden] },
    }),
  }),
];
