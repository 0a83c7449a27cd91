import type { DataSource } from 'typeorm';
import { UsageCounts1763700500000 } from '../migrations/1763700500000-usage-counts';
import { captureLogs } from './support/log-capture';
import { createResource } from './support/resource-factories';
import {
  ADMIN,
  project,
  startTestApps,
  unique,
  type GqlResult,
  type TestApp,
  type Who,
} from './support/test-app';

const TAG_RECOUNT = `
  SELECT r.project_id, r.resource_type_id, t.tag, count(*)::int AS count
    FROM resource_tags t JOIN resources r ON r.id = t.resource_id
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
const TAG_COUNTS = `SELECT project_id, resource_type_id, tag, count FROM tag_usage ORDER BY 1, 2, 3`;
const VALUE_RECOUNT = `
  SELECT discovered_property_id, value, count(*)::int AS count FROM resource_properties
   GROUP BY 1, 2 ORDER BY 1, 2`;
const VALUE_COUNTS = `SELECT discovered_property_id, value, count FROM discovered_property_values ORDER BY 1, 2`;

/** A data source, or a query runner holding the connection (PGlite has one). */
type Queryable = Pick<DataSource, 'query'>;

/** The maintained counts and a recount over the base tables, side by side. */
async function countsAndRecounts(db: Queryable) {
  return {
    tags: await db.query(TAG_COUNTS),
    tagRecount: await db.query(TAG_RECOUNT),
    values: await db.query(VALUE_COUNTS),
    valueRecount: await db.query(VALUE_RECOUNT),
  };
}

async function expectExact(db: Queryable): Promise<void> {
  const { tags, tagRecount, values, valueRecount } = await countsAndRecounts(db);
  expect(tags).toEqual(tagRecount);
  expect(values).toEqual(valueRecount);
}

/** A small deterministic pseudo-random sequence (the same writes on every run and both databases). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const USAGE = `query ($filter: ResourceTagUsageFilter) {
  resourceTagUsage(first: 500, filter: $filter) { nodes { tag count resourceTypes { resourceType count } } }
}`;
const VALUES = `query ($rt: String!) { resourceProperties(resourceType: $rt, includePrivate: true) { name values } }`;

describe('maintained usage counts (tag usage, discovered property values)', () => {
  let apps: TestApp[];
  const projects = [project(unique('p-count-1')), project(unique('p-count-2')), project(unique('p-count-3'))];
  const types = ['OS::Nova::Server', 'OS::Glance::Image'];
  // Few tags, keys and values, so that concurrent writers keep meeting on the same count rows.
  const tags = ['red', 'green', 'Blue', 'blue', 'gpu', 'ssd'];
  const keys = ['cpu', 'ram', 'zone'];
  const values = [1, 2, 'a', 'b', true];
  // What the instances log: a transaction the database aborted (deadlock) and ran again is logged as a retry.
  const logs = captureLogs();
  beforeAll(async () => {
    apps = await startTestApps(2, { LOG_LEVEL: 'warn' }, { logger: logs.logger });
  });
  afterAll(() => apps[0].close());

  it('equal a recount after many concurrent tag and property writes from several clients and instances', async () => {
    const next = random(42);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
    const someOf = <T>(list: readonly T[]): T[] => list.filter(() => next() < 0.5);
    const someProperties = () => Object.fromEntries(someOf(keys).map((key) => [key, pick(values)]));
    const owned: { uuid: string; who: Who }[] = [];
    for (let i = 0; i < 12; i += 1) {
      const who = projects[i % projects.length];
      const fields = {
        resourceType: types[i % types.length],
        tags: someOf(tags),
        properties: someProperties(),
      };
      owned.push({ uuid: await createResource(apps[i % apps.length], fields, who), who });
    }
    await expectExact(apps[0].app.database.dataSource);

    const write = async (client: number): Promise<void> => {
      const t = apps[client % apps.length];
      for (let step = 0; step < 10; step += 1) {
        const target = pick(owned);
        const op = Math.floor(next() * 8);
        let result: GqlResult<unknown>;
        if (op === 0) {
          result = await t.gql(
            `mutation ($u: UUID!, $t: String!) { addResourceTag(uuid: $u, tag: $t) { created } }`,
            { u: target.uuid, t: pick(tags) },
            target.who,
          );
        } else if (op === 1) {
          result = await t.gql(
            `mutation ($u: UUID!, $t: String!) { removeResourceTag(uuid: $u, tag: $t) }`,
            { u: target.uuid, t: pick(tags) },
            target.who,
          );
        } else if (op === 2) {
          result = await t.gql(
            `mutation ($u: UUID!, $t: [String!]!) { setResourceTags(uuid: $u, tags: $t) }`,
            { u: target.uuid, t: someOf(tags) },
            target.who,
          );
        } else if (op === 3) {
          result = await t.gql(
            `mutation ($u: UUID!) { removeAllResourceTags(uuid: $u) }`,
            { u: target.uuid },
            target.who,
          );
        } else if (op === 4) {
          result = await t.gql(
            `mutation ($u: UUID!, $p: JSON!) { setResourceProperties(uuid: $u, properties: $p) { uuid } }`,
            { u: target.uuid, p: someProperties() },
            target.who,
          );
        } else if (op === 5) {
          result = await t.gql(
            `mutation ($u: UUID!, $p: JSON) { updateResource(uuid: $u, input: { properties: $p }) { uuid } }`,
            { u: target.uuid, p: someProperties() },
            target.who,
          );
        } else if (op === 6) {
          result = await t.gql(
            `mutation ($u: UUID!) { deleteResource(uuid: $u) }`,
            { u: target.uuid },
            target.who,
          );
        } else {
          const who = pick(projects);
          const fields = { resourceType: pick(types), tags: someOf(tags), properties: someProperties() };
          owned.push({ uuid: await createResource(t, fields, who), who });
          continue;
        }
        // A resource deleted by another client, or a tag it no longer carries, is NOT_FOUND: nothing else.
        for (const error of result.errors ?? []) expect(error.extensions?.code).toBe('NOT_FOUND');
      }
    };
    await Promise.all(Array.from({ length: 6 }, (_, client) => write(client)));

    const db = apps[0].app.database.dataSource;
    await expectExact(db);
    const { tagRecount } = await countsAndRecounts(db);
    expect(tagRecount.length).toBeGreaterThan(0);

    // What the API answers is the recount too: per project for a member, every project for an admin.
    const typeNames = new Map<number, string>(
      (await db.query(`SELECT id, name FROM resource_types`)).map((row: { id: number; name: string }) => [
        row.id,
        row.name,
      ]),
    );
    const expected = (
      rows: { project_id: string; resource_type_id: number; tag: string; count: number }[],
    ) => {
      const byTag = new Map<
        string,
        { tag: string; count: number; resourceTypes: { resourceType: string; count: number }[] }
      >();
      for (const row of rows) {
        const entry = byTag.get(row.tag) ?? { tag: row.tag, count: 0, resourceTypes: [] };
        entry.count += row.count;
        const resourceType = typeNames.get(row.resource_type_id)!;
        const perType = entry.resourceTypes.find((item) => item.resourceType === resourceType);
        if (perType) perType.count += row.count;
        else entry.resourceTypes.push({ resourceType, count: row.count });
        byTag.set(row.tag, entry);
      }
      return [...byTag.values()]
        .map((entry) => ({
          ...entry,
          resourceTypes: entry.resourceTypes.sort((a, b) => (a.resourceType < b.resourceType ? -1 : 1)),
        }))
        .sort((a, b) => {
          const [la, lb] = [a.tag.toLowerCase(), b.tag.toLowerCase()];
          return la === lb ? (a.tag < b.tag ? -1 : 1) : la < lb ? -1 : 1;
        });
    };
    for (const [i, who] of [ADMIN, ...projects].entries()) {
      const rows =
        who === ADMIN
          ? tagRecount
          : tagRecount.filter((row: { project_id: string }) => row.project_id === who.project);
      const answer = (await apps[i % apps.length].ok(USAGE, {}, who)).resourceTagUsage.nodes;
      expect(answer).toEqual(expected(rows));
    }
    for (const type of types) {
      const distinct: { name: string; values: unknown[] }[] = await db.query(
        `SELECT d.name, coalesce(array_agg(DISTINCT p.value ORDER BY p.value) FILTER (WHERE p.value IS NOT NULL), '{}') AS values
           FROM discovered_properties d JOIN resource_types rt ON rt.id = d.resource_type_id
           LEFT JOIN resource_properties p ON p.discovered_property_id = d.id
          WHERE rt.name = $1 GROUP BY d.name ORDER BY d.name COLLATE "C"`,
        [type],
      );
      expect((await apps[1].ok(VALUES, { rt: type })).resourceProperties).toEqual(distinct);
    }
  }, 180_000);

  it('8 concurrent writers rewriting the properties and tags of resources that share values: no deadlock, exact counts', async () => {
    // Each rewrite is DELETE-then-INSERT: the count rows of the values it drops and of those it writes, which
    // other writers drop and write too. Counted in each statement, two writers took shared count rows in
    // opposite orders across their two statements and deadlocked (surfacing after three retries).
    const next = random(7);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
    const someOf = <T>(list: readonly T[]): T[] => list.filter(() => next() < 0.5);
    const rewriteKeys = ['k1', 'k2', 'k3', 'k4', 'k5'];
    const rewriteValues = [1, 2, 3];
    const rewriteTags = ['t1', 't2', 't3', 't4', 't5', 't6'];
    const someProperties = () =>
      Object.fromEntries(someOf(rewriteKeys).map((key) => [key, pick(rewriteValues)]));
    const owner = projects[0];
    const targets: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const fields = {
        resourceType: 'OS::Cinder::Volume',
        tags: someOf(rewriteTags),
        properties: someProperties(),
      };
      targets.push(await createResource(apps[i % apps.length], fields, owner));
    }
    const retriesBefore = logs.lines().filter((line) => /retrying/.test(String(line.msg))).length;
    const failures: unknown[] = [];
    let requests = 0;
    const writer = async (client: number): Promise<void> => {
      const t = apps[client % apps.length];
      for (let step = 0; step < 40; step += 1) {
        const uuid = pick(targets);
        const op = Math.floor(next() * 3);
        const result =
          op === 0
            ? await t.gql(
                `mutation ($u: UUID!, $p: JSON!) { setResourceProperties(uuid: $u, properties: $p) { uuid } }`,
                { u: uuid, p: someProperties() },
                owner,
              )
            : op === 1
              ? await t.gql(
                  `mutation ($u: UUID!, $t: [String!]!) { setResourceTags(uuid: $u, tags: $t) }`,
                  { u: uuid, t: someOf(rewriteTags) },
                  owner,
                )
              : await t.gql(
                  `mutation ($u: UUID!, $p: JSON) { updateResource(uuid: $u, input: { properties: $p }) { uuid } }`,
                  { u: uuid, p: someProperties() },
                  owner,
                );
        requests += 1;
        if (result.errors)
          failures.push(...result.errors.map((error) => error.extensions?.code ?? error.message));
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, client) => writer(client)));
    const retries = logs.lines().filter((line) => /retrying/.test(String(line.msg))).length - retriesBefore;
    expect({ requests, failures, retries }).toEqual({ requests: 320, failures: [], retries: 0 });
    await expectExact(apps[0].app.database.dataSource);
  }, 300_000);

  it('follow writes made in SQL: a resource moved to another project or type, a discovered property deleted, rollbacks', async () => {
    const db = apps[0].app.database.dataSource;
    const uuid = await createResource(
      apps[0],
      { tags: ['red', 'moving'], properties: { cpu: 1, doomed: 'x' } },
      projects[0],
    );
    await db.query(`UPDATE resources SET project_id = $2 WHERE uuid = $1`, [uuid, projects[1].project]);
    await expectExact(db);
    await db.query(
      `UPDATE resources SET resource_type_id = (SELECT id FROM resource_types WHERE name = 'OS::Glance::Image') WHERE uuid = $1`,
      [uuid],
    );
    await expectExact(db);
    await db.query(`DELETE FROM discovered_properties WHERE name = 'doomed'`);
    await expectExact(db);
    await db.query(`DELETE FROM resources WHERE uuid = $1`, [uuid]);
    await expectExact(db);
    // Rolled back, whole or to a savepoint: nothing of it is counted, nothing is left pending.
    const runner = db.createQueryRunner();
    try {
      await runner.startTransaction();
      await runner.query(
        `INSERT INTO resource_tags (resource_id, tag) SELECT id, 'kept' FROM resources LIMIT 2`,
      );
      await runner.query('SAVEPOINT s');
      await runner.query(
        `INSERT INTO resource_tags (resource_id, tag) SELECT id, 'undone' FROM resources LIMIT 2`,
      );
      await runner.query(`DELETE FROM resource_properties WHERE value = '1'::jsonb`);
      await runner.query('ROLLBACK TO SAVEPOINT s');
      await runner.commitTransaction();
      await expectExact(runner);
      await runner.startTransaction();
      await runner.query(`DELETE FROM resource_tags WHERE tag = 'kept'`);
      await runner.rollbackTransaction();
      await expectExact(runner);
      expect(await runner.query(`SELECT sum(count)::int AS n FROM tag_usage WHERE tag = 'kept'`)).toEqual([
        { n: 2 },
      ]);
      const [pending] = await runner.query(
        `SELECT (SELECT count(*) FROM tag_usage_pending) + (SELECT count(*) FROM discovered_property_values_pending)
              + (SELECT count(*) FROM usage_count_flushes) AS n`,
      );
      expect(Number(pending.n)).toBe(0);
    } finally {
      await runner.release();
    }
  });

  it('are computed from the rows already there when the migration runs, and go away with down()', async () => {
    const db = apps[0].app.database.dataSource;
    const before = await countsAndRecounts(db);
    const migration = new UsageCounts1763700500000();
    const runner = db.createQueryRunner();
    try {
      await runner.query(`UPDATE resource_tags SET tag = tag || '-again' WHERE tag = 'red'`);
      await runner.query(`DELETE FROM resource_properties WHERE value = '1'::jsonb`);
      await expectExact(runner);
      await migration.down(runner);
      const left: unknown[] = await runner.query(
        `SELECT table_name FROM information_schema.tables WHERE table_name IN ('tag_usage', 'discovered_property_values', 'tag_usage_pending', 'discovered_property_values_pending', 'usage_count_flushes')`,
      );
      expect(left).toEqual([]);
      await runner.query(
        `INSERT INTO resource_tags (resource_id, tag) SELECT id, 'while-down' FROM resources ORDER BY id LIMIT 3`,
      );
      await migration.up(runner);
      await runner.query(`UPDATE resource_tags SET tag = 'red' WHERE tag = 'red-again'`);
    } finally {
      await runner.release();
    }
    await expectExact(db);
    expect((await countsAndRecounts(db)).tags.length).toBeGreaterThan(before.tags.length);
    const pending: { n: number }[] = await db.query(
      `SELECT (SELECT count(*) FROM tag_usage_pending) + (SELECT count(*) FROM discovered_property_values_pending)
            + (SELECT count(*) FROM usage_count_flushes) AS n`,
    );
    expect(Number(pending[0].n)).toBe(0);
  });
});
