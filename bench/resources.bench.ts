import type { Runtime } from '../src/app/runtime';
import { scenario, type Scenario } from './scenarios';

const TAGGED_TYPE = 'Bench::Tagged';
const TAGGED_RESOURCES = 100_000;

/** The id of a resource type, registering it (and reporting whether it was already seeded) if needed. */
async function seedType(runtime: Runtime, name: string): Promise<{ id: number; seeded: boolean }> {
  const db = runtime.database.dataSource;
  await db.query(`INSERT INTO resource_types (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, [name]);
  const [{ id }] = await db.query(`SELECT id FROM resource_types WHERE name = $1`, [name]);
  const [{ seeded }] = await db.query(
    `SELECT EXISTS (SELECT 1 FROM resources WHERE resource_type_id = $1) AS seeded`,
    [id],
  );
  return { id, seeded };
}

/**
 * 100,000 resources across 10 projects (one of them `default`, the AUTH_MODE=none project), each with four
 * tags: color-0..6, tier-0..2, env-0..4, shard-0..99 (400,000 tag rows).
 */
async function seedTagged(runtime: Runtime): Promise<void> {
  const { id, seeded } = await seedType(runtime, TAGGED_TYPE);
  if (seeded) return;
  const db = runtime.database.dataSource;
  await db.query(
    `INSERT INTO resources (uuid, name, resource_type_id, project_id)
     SELECT md5('tagged-' || g)::uuid, 'tagged-' || g, $1,
            CASE WHEN g % 10 = 0 THEN 'default' ELSE 'bench-' || (g % 10) END
       FROM generate_series(1, $2::int) AS g`,
    [id, TAGGED_RESOURCES],
  );
  await db.query(
    `INSERT INTO resource_tags (resource_id, tag)
     SELECT r.id, v.tag FROM resources r
      CROSS JOIN LATERAL (VALUES ('color-' || r.id % 7), ('tier-' || r.id % 3), ('env-' || r.id % 5),
                                 ('shard-' || r.id % 100)) AS v (tag)
      WHERE r.resource_type_id = $1`,
    [id],
  );
  await db.query(`VACUUM ANALYZE resources`);
  await db.query(`VACUUM ANALYZE resource_tags`);
}

/**
 * The sizes the catalog views over resources are measured at (BENCH_SIZES, comma-separated; default 100,000
 * and 1,000,000: seeding the larger takes minutes on PGlite).
 */
const SCALED_SIZES = (process.env.BENCH_SIZES ?? '100000,1000000')
  .split(',')
  .map((size) => Number(size.trim()))
  .filter((size) => size > 0);
const SCALED_KEYS = 5;

const scaledType = (size: number): string => `Bench::Scaled::${size}`;
const scaledTag = (size: number, tag: string): string => `s${size}-${tag}`;

/**
 * `size` resources of their own type across 10 projects, each with four tags (as seedTagged's, prefixed
 * `s<size>-`) and 5 public keys; key N takes N * 5 + 2 distinct values. All in SQL (`generate_series`).
 */
async function seedScaled(runtime: Runtime, size: number): Promise<void> {
  const { id, seeded } = await seedType(runtime, scaledType(size));
  if (seeded) return;
  const db = runtime.database.dataSource;
  await db.query(
    `INSERT INTO resources (uuid, name, resource_type_id, project_id)
     SELECT md5($3 || g)::uuid, $3 || g, $1, CASE WHEN g % 10 = 0 THEN 'default' ELSE 'bench-' || (g % 10) END
       FROM generate_series(1, $2::int) AS g`,
    [id, size, `scaled-${size}-`],
  );
  await db.query(
    `INSERT INTO resource_tags (resource_id, tag)
     SELECT r.id, $2 || v.tag FROM resources r
      CROSS JOIN LATERAL (VALUES ('color-' || r.id % 7), ('tier-' || r.id % 3), ('env-' || r.id % 5),
                                 ('shard-' || r.id % 100)) AS v (tag)
      WHERE r.resource_type_id = $1`,
    [id, scaledTag(size, '')],
  );
  await db.query(
    `INSERT INTO discovered_properties (resource_type_id, name, private)
     SELECT $1, 'key' || k, false FROM generate_series(0, $2::int - 1) AS k
     ON CONFLICT (resource_type_id, name) DO NOTHING`,
    [id, SCALED_KEYS],
  );
  await db.query(
    `INSERT INTO resource_properties (resource_id, discovered_property_id, value)
     SELECT r.id, c.id,
            CASE WHEN k % 2 = 0 THEN to_jsonb('v' || r.id % (k * 5 + 2)) ELSE to_jsonb(r.id % (k * 5 + 2)) END
       FROM resources r JOIN discovered_properties c ON c.resource_type_id = r.resource_type_id
      CROSS JOIN LATERAL (SELECT substr(c.name, 4)::int AS k) AS key
      WHERE r.resource_type_id = $1`,
    [id],
  );
  for (const table of [
    'resources',
    'resource_tags',
    'resource_properties',
    'tag_usage',
    'discovered_property_values',
  ])
    await db.query(`VACUUM ANALYZE ${table}`);
}

/** Its scenarios, listed by module in bench/scenarios.ts. */
export const scenarios: readonly Scenario[] = [
  scenario({
    name: 'resources: tag query (tags + notTagsAny) over 100,000 resources',
    setup: seedTagged,
    request: {
      query: `query ($filter: ResourceFilter) {
        resources(first: 50, filter: $filter) { pageInfo { hasNextPage endCursor } nodes { uuid name tags } }
      }`,
      variables: {
        filter: { resourceType: TAGGED_TYPE, tags: ['color-3', 'tier-1'], notTagsAny: ['env-2', 'shard-17'] },
      },
    },
  }),
  scenario({
    name: 'resources: rare-tag query with totalCount over 100,000 resources',
    setup: seedTagged,
    request: {
      query: `query ($filter: ResourceFilter) {
        resources(first: 50, filter: $filter) { totalCount nodes { uuid tags } }
      }`,
      variables: { filter: { tags: ['shard-42', 'color-0'], notTagsAny: ['tier-0', 'env-1'] } },
    },
  }),
  ...SCALED_SIZES.flatMap((size) => {
    const resources = size.toLocaleString('en-US');
    return [
      scenario({
        name: `discovery: resourceProperties with values over ${resources} resources`,
        setup: (runtime) => seedScaled(runtime, size),
        request: {
          query: `query ($rt: String!) {
            resourceProperties(resourceType: $rt, includePrivate: true) { name private values }
          }`,
          variables: { rt: scaledType(size) },
        },
      }),
      scenario({
        name: `resources: tag catalog view (resourceTagUsage, case-insensitive search) over ${resources} resources`,
        setup: (runtime) => seedScaled(runtime, size),
        request: {
          query: `query ($filter: ResourceTagUsageFilter) {
            resourceTagUsage(first: 20, filter: $filter) {
              nodes { tag normalized count caseVariants resourceTypes { resourceType count } }
            }
          }`,
          variables: { filter: { search: scaledTag(size, 'SHARD-4') } },
        },
      }),
    ];
  }),
];
