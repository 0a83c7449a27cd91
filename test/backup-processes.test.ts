import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import { boot } from '../src/app/runtime';
import { loadConfig } from '../src/config';
import { checkBackup } from '../src/db/backup';
import { pruneChanges, sequenceChanges } from '../src/db/change-log';
import {
  allChanges,
  cursorOf,
  fillEveryTable,
  fixedAnswers,
  historiesOf,
  seqOf,
  type Change,
  type Ok,
} from './support/backup-fixtures';
import { copyPreparedFolder } from './support/prepared-database';
import { runMetacatalog, startMetacatalogServer, type ServerProcess } from './support/processes';
import { createTestDatabaseUrl } from './support/test-database';
import { waitUntil } from './support/wait';

/**
 * The move off the embedded database (issue 19, point 3), with real processes: `serve` on an embedded data
 * folder; beside it, read-only commands and `metacatalog backup` work (through the server, which lends its
 * connection) while it takes writes; then `metacatalog restore` into a fresh PostgreSQL database (the server of
 * TEST_DATABASE_URL; without it, a fresh embedded folder) and `serve` there gives the same answers, and the same
 * change log.
 */
// Real processes booting PGlite, several times over: minutes on a loaded machine.
jest.setTimeout(600_000);

/** Runs `use` on the database of `env`, opened in this process (no server may be on it), then closes it. */
async function inThisProcess<T>(
  env: Record<string, string>,
  use: (db: DataSource) => Promise<T>,
): Promise<T> {
  const runtime = await boot({
    config: loadConfig({ ...env, LOG_LEVEL: 'silent' }),
    logger: pino({ level: 'silent' }),
    migrate: false,
    seed: false,
  });
  try {
    return await use(runtime.database.dataSource);
  } finally {
    await runtime.database.close();
  }
}

/** The change log's head and pruning point. */
const changeLogOf = (env: Record<string, string>) =>
  inThisProcess(env, async (db) => {
    const [row] = (await db.query(
      `SELECT (SELECT last_seq::int FROM change_log_head) AS head,
              (SELECT pruned_through::int FROM change_log_retention) AS pruned`,
    )) as { head: number; pruned: number }[];
    return row;
  });

/** The nodes a list of changes names more than once, and one of every ten others (their histories are compared). */
function someNodesOf(changes: Change[]): string[] {
  const counts = new Map<string, number>();
  for (const { nodeId } of changes) counts.set(nodeId, (counts.get(nodeId) ?? 0) + 1);
  return [...counts].filter(([, count], i) => count > 1 || i % 10 === 0).map(([id]) => id);
}

const okOf =
  (server: ServerProcess): Ok =>
  async (query, variables) => {
    const result = await server.gql(query, variables);
    if (result.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(result.errors)}`);
    return result.data!;
  };

describe('moving from the embedded database to PostgreSQL', () => {
  const work = mkdtempSync(join(tmpdir(), 'metacatalog-move-'));
  const source = { DATA_DIR: join(work, 'data') };
  const folder = join(work, 'data', 'pgdata');
  /**
   * The CLI's own output only: its logs (on stderr) at error level alone, so that an empty stderr means no error
   * (a "slow query" warning on a loaded machine is not one).
   */
  const cli = (env: Record<string, string>) => ({ env: { ...env, LOG_LEVEL: 'error' } });
  let server: ServerProcess | undefined;
  let drop: () => Promise<void> = async () => undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('reads and backs up beside the running server, then a restore on PostgreSQL serves the same answers', async () => {
    // The source: a folder some earlier `serve` migrated and seeded, the seeds' records pruned since (as a database
    // in service for longer than CHANGE_RETENTION). The target of the restore stays empty.
    await copyPreparedFolder(folder);
    await inThisProcess(source, async (db) => {
      await sequenceChanges(db);
      expect(await pruneChanges(db, new Date())).toBeGreaterThan(0);
    });
    server = await startMetacatalogServer({ env: source });
    const ok = okOf(server);
    await fillEveryTable(ok);

    // Read-only commands work beside the server: they read through it.
    const listed = await runMetacatalog(['traits', 'list', '--starts-with', 'CUSTOM_'], cli(source));
    expect(listed).toMatchObject({ code: 0, stdout: 'CUSTOM_BACKUP\n', stderr: '' });
    const exportDir = join(work, 'export');
    const exported = await runMetacatalog(['metadefs', 'export', exportDir], cli(source));
    expect(exported.stderr).toBe('');
    expect(exported.stdout).toMatch(/^exported \d+ namespaces to /);
    expect(readdirSync(exportDir)).toEqual(
      expect.arrayContaining(['backup-compute.json', 'backup-private.json']),
    );
    const status = await runMetacatalog(['migrate', '--status'], cli(source));
    expect(status).toMatchObject({ code: 0, stderr: '' });
    expect(status.stdout).toMatch(/^\d+ applied, 0 pending$/m);
    // Commands that write are refused, naming the server, as before.
    const refused = await runMetacatalog(['traits', 'add', 'CUSTOM_BESIDE'], cli(source));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`The data folder ${folder} is in use by another metacatalog process`);
    expect(refused.stderr).toContain(`make the change through its GraphQL API at ${server.url}`);
    // The server got its connection back writable.
    expect(
      (await ok('mutation { createTrait(name: "CUSTOM_AFTER_READS") { created } }')).createTrait,
    ).toEqual({
      created: true,
    });

    // A backup while the server takes writes: each write is a resource with two tags, in one transaction.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      for (let i = 0; writing; i += 1) {
        await ok(`mutation ($input: CreateResourceInput!) { createResource(input: $input) { uuid } }`, {
          input: { resourceType: 'OS::Glance::Image', name: `image-${i}`, tags: ['image', `i${i}`] },
        });
        written += 1;
      }
    })();
    await waitUntil(
      () => `5 writes (${written} so far)`,
      () => written >= 5,
      { everyMs: 20 },
    );
    const busyFile = join(work, 'busy.jsonl.gz');
    const busy = await runMetacatalog(['backup', busyFile], cli(source));
    const writtenDuring = written;
    // The server goes on writing after the backup: a write that completes after it.
    await waitUntil('a write after the backup', () => written > writtenDuring, { everyMs: 20 });
    writing = false;
    await writer;
    expect(busy).toMatchObject({ code: 0, stderr: '' });
    expect(busy.stdout).toMatch(
      /^backed up \d+ rows of \d+ tables \(schema \w+\) to .*busy\.jsonl\.gz: \d+ KB in /,
    );
    expect(written).toBeGreaterThan(writtenDuring); // the server went on writing after it
    const during = Object.fromEntries(
      (await checkBackup(busyFile)).sections.map((section) => [section.table, section.rows]),
    );
    // One point in time: the fixture's 4 resources with their 10 tags, then images with 2 tags each.
    expect(during.resources).toBeGreaterThan(4);
    expect(during.resource_tags).toBe(10 + 2 * (during.resources - 4));
    expect((await checkBackup(busyFile)).header).toMatchObject({ database: 'pglite' });
    // A restore writes: refused beside the server, even forced.
    const restoreBeside = await runMetacatalog(['restore', '--force', busyFile], cli(source));
    expect(restoreBeside.code).toBe(1);
    expect(restoreBeside.stderr).toContain(
      `The data folder ${folder} is in use by another metacatalog process`,
    );

    // The move: a backup of the final state, the server stopped, a restore on PostgreSQL, `serve` there.
    const answers = await fixedAnswers(ok);
    // The change log as the API tells it (which numbers what is pending first), every page; some nodes' history.
    const { changes } = await allChanges(ok, { first: 100 });
    expect(changes.length).toBeGreaterThan(20);
    const histories = await historiesOf(ok, someNodesOf(changes));
    expect(Object.values(histories).filter((history) => (history?.length ?? 0) > 1).length).toBeGreaterThan(
      0,
    );
    const file = join(work, 'move.jsonl.gz');
    const backedUp = await runMetacatalog(['backup', file], cli(source));
    expect(backedUp.code).toBe(0);
    const rows = /^backed up (\d+) rows/.exec(backedUp.stdout)![1];
    expect((await server.stop()).code).toBe(0);
    server = undefined;
    const log = await changeLogOf(source);
    expect(log.head).toBe(seqOf(changes.at(-1)!.cursor));
    expect(log.pruned).toBe(seqOf(changes[0].cursor) - 1);

    let target: Record<string, string>;
    if (process.env.TEST_DATABASE_URL) {
      const database = await createTestDatabaseUrl();
      drop = database.drop;
      target = { DATABASE_URL: database.url };
    } else {
      target = { DATA_DIR: join(work, 'target') };
    }
    const restored = await runMetacatalog(['restore', file], cli(target));
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    expect(restored.stdout).toMatch(
      new RegExp(`^restored ${rows} rows of \\d+ tables from a backup of .* \\(pglite, `),
    );
    // Once is enough: the database is no longer empty.
    const again = await runMetacatalog(['restore', file], cli(target));
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /^The database is not empty \(.*\): a restore replaces everything in it\. .*--force to replace its contents\. Nothing was restored\.\n$/,
    );

    // The change log's head and pruning point came along exactly.
    expect(await changeLogOf(target)).toEqual(log);

    server = await startMetacatalogServer({ env: target });
    const onTarget = okOf(server);
    expect(await fixedAnswers(onTarget)).toEqual(answers);
    // Every change (every page), each with its cursor, kind, actor and time; the nodes' history.
    expect((await allChanges(onTarget, { first: 100 })).changes).toEqual(changes);
    expect(await historiesOf(onTarget, Object.keys(histories))).toEqual(histories);
    // A cursor the pruning expired is expired here too; the next write is numbered after the head.
    const expired = await server.gql(
      `query ($after: String) { changes(after: $after) { nodes { cursor } } }`,
      {
        after: cursorOf(log.pruned - 1),
      },
    );
    expect(expired.errors?.map((error) => error.extensions)).toEqual([
      { code: 'CURSOR_EXPIRED', field: 'after' },
    ]);
    const created = await onTarget(
      `mutation { createTrait(name: "CUSTOM_MOVED") { trait { history { nodes { cursor } } } } }`,
    );
    expect(created.createTrait).toEqual({
      trait: { history: { nodes: [{ cursor: cursorOf(log.head + 1) }] } },
    });
    expect(existsSync(join(work, 'target', 'pgdata')) === !process.env.TEST_DATABASE_URL).toBe(true);
  });
});
