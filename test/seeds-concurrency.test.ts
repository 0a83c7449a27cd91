import { readFileSync, readdirSync } from 'node:fs';
import pino from 'pino';
import { boot, type Runtime } from '../src/app/runtime';
import { seeders } from '../src/app/seeds';
import { seedsPath } from '../src/common/paths';
import { loadConfig } from '../src/config';
import { runSeeds } from '../src/db/seed';
import { readStandardTraits } from '../src/modules/traits/trait.service';
import { startMetacatalogServer, type ServerProcess } from './support/processes';
import { createTestDatabaseUrl } from './support/test-database';

/**
 * Replicas of a first rollout start together on an empty database: migrations take turns under an advisory
 * lock, and so must seeds (a replica died on `namespaces_name_key` when two loaded the default definitions at
 * once). Every replica must start, and every seed must exist exactly once.
 */
const onServer = !!process.env.TEST_DATABASE_URL;
const silent = pino({ level: 'silent' });

const namespacesOf = (folder: string) =>
  readdirSync(seedsPath(folder))
    .filter((file) => file.endsWith('.json'))
    .map(
      (file) =>
        (JSON.parse(readFileSync(seedsPath(`${folder}/${file}`), 'utf8')) as { namespace: string }).namespace,
    );
/** The default definitions and Nova's (seeds/metadefs, seeds/nova), by name. */
const defaultNamespaces = [...namespacesOf('metadefs'), ...namespacesOf('nova')].sort();
const resourceTypeNames = JSON.parse(readFileSync(seedsPath('resource-types.json'), 'utf8')) as string[];
const standardTraitCount = readStandardTraits().length;

/** What the seeds left in the database: each must be there exactly once. */
async function seeded(runtime: Runtime) {
  const query = <T>(sql: string) => runtime.database.dataSource.query(sql) as Promise<T>;
  const namespaces = await query<{ name: string }[]>('SELECT name FROM namespaces ORDER BY name');
  const [counts] = await query<{ types: number; traits: number; seeds: number }[]>(
    `SELECT (SELECT count(*)::int FROM resource_types WHERE name = ANY(ARRAY[${resourceTypeNames
      .map((name) => `'${name}'`)
      .join(',')}])) AS types,
            (SELECT count(*)::int FROM traits WHERE standard) AS traits,
            (SELECT count(*)::int FROM seed_state WHERE name = 'default-metadefs') AS seeds`,
  );
  return { namespaces: namespaces.map((row) => row.name), ...counts };
}

const expected = () => ({
  namespaces: defaultNamespaces,
  types: resourceTypeNames.length,
  traits: standardTraitCount,
  seeds: 1,
});

// Several processes on one database need a PostgreSQL server: the embedded database belongs to one process
// (the in-process test below covers it). CI runs this file on both.
if (onServer)
  describe('replicas starting together on an empty PostgreSQL database', () => {
    it('all start (boot in-process, 4 pools), and every seed exists exactly once, round after round', async () => {
      for (let round = 0; round < 6; round += 1) {
        const database = await createTestDatabaseUrl();
        const runtimes: Runtime[] = [];
        try {
          const config = loadConfig({
            DATABASE_URL: database.url,
            LOG_LEVEL: 'silent',
            DATABASE_POOL_SIZE: '4',
          });
          const outcomes = await Promise.allSettled(
            Array.from({ length: 4 }, () => boot({ config, logger: silent })),
          );
          for (const outcome of outcomes) if (outcome.status === 'fulfilled') runtimes.push(outcome.value);
          const failures = outcomes.flatMap((outcome) =>
            outcome.status === 'rejected' ? [String(outcome.reason)] : [],
          );
          expect({ round, failures }).toEqual({ round, failures: [] });
          expect(await seeded(runtimes[0])).toEqual(expected());
        } finally {
          await Promise.all(runtimes.map((runtime) => runtime.database.close()));
          await database.drop();
        }
      }
    }, 300_000);

    it('all start as real `metacatalog serve` processes (3 at once)', async () => {
      const database = await createTestDatabaseUrl();
      const servers: ServerProcess[] = [];
      try {
        const outcomes = await Promise.allSettled(
          Array.from({ length: 3 }, () =>
            startMetacatalogServer({ env: { DATABASE_URL: database.url, DATABASE_POOL_SIZE: '3' } }),
          ),
        );
        for (const outcome of outcomes) if (outcome.status === 'fulfilled') servers.push(outcome.value);
        const failures = outcomes.flatMap((outcome) =>
          outcome.status === 'rejected' ? [String(outcome.reason).slice(0, 2000)] : [],
        );
        expect(failures).toEqual([]);
        for (const server of servers) {
          expect((await server.ready()).status).toBe(200);
          const answer = await server.gql<{ namespaces: { totalCount: number } }>(
            '{ namespaces { totalCount } }',
          );
          expect(answer.data?.namespaces.totalCount).toBe(defaultNamespaces.length);
        }
        const check = await boot({
          config: loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' }),
          logger: silent,
          seed: false,
        });
        try {
          expect(await seeded(check)).toEqual(expected());
        } finally {
          await check.database.close();
        }
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
        await database.drop();
      }
    }, 180_000);
  });

describe('seeding in one process (PGlite: one process owns the data; PostgreSQL alike)', () => {
  let runtime: Runtime;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestDatabaseUrl();
    drop = database.drop;
    runtime = await boot({
      config: loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' }),
      logger: silent,
      seed: false,
    });
  });
  afterAll(async () => {
    await runtime.database.close();
    await drop();
  });

  it('three runs at once: each seeder applies once, the one-time seed is done by exactly one run', async () => {
    expect((await seeded(runtime)).namespaces).toEqual([]);
    const reports = await Promise.all(
      Array.from({ length: 3 }, () => runSeeds(runtime.adminContext(), seeders)),
    );
    const metadefLines = reports.map((report) => report.find((line) => line.startsWith('default-metadefs:')));
    expect(metadefLines.filter((line) => /default namespaces created/.test(line ?? ''))).toEqual([
      `default-metadefs: ${namespacesOf('metadefs').length} default namespaces created, 0 already present`,
    ]);
    const novaLines = reports.map((report) => report.find((line) => line.startsWith('nova-definitions:')));
    expect(novaLines.filter((line) => /Nova namespaces created/.test(line ?? ''))).toEqual([
      `nova-definitions: ${namespacesOf('nova').length} Nova namespaces created, 0 already present`,
    ]);
    expect(metadefLines.filter((line) => line === 'default-metadefs: already applied')).toHaveLength(2);
    expect(await seeded(runtime)).toEqual(expected());
  });

  it('running them again changes nothing (and a deleted default namespace stays deleted)', async () => {
    await runtime.database.dataSource.query('DELETE FROM namespaces WHERE name = $1', [defaultNamespaces[0]]);
    const report = await runSeeds(runtime.adminContext(), seeders);
    expect(report).toContain('default-metadefs: already applied');
    expect(await seeded(runtime)).toEqual({ ...expected(), namespaces: defaultNamespaces.slice(1) });
  });
});
