import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pino from 'pino';
import { boot, type Runtime } from '../src/app/runtime';
import { createApp, type App } from '../src/app/server';
import { loadConfig } from '../src/config';
import {
  BackupFileError,
  RestoreRefusedError,
  CHANGE_LOG_HEAD_TABLE,
  CHANGE_LOG_PENDING_TABLE,
  CHANGE_LOG_RETENTION_TABLE,
  CHANGE_LOG_TABLE,
  DATA_VERSIONS_TABLE,
  VERSION_TABLE,
  checkBackup,
  restoreBackup,
  writeBackup,
} from '../src/db/backup';
import { lastSeq, pruneChanges, sequenceChanges } from '../src/db/change-log';
import { migrations } from '../migrations';
import { buildProgram } from '../src/main';
import {
  allChanges,
  backupRows,
  countsOf,
  cursorOf,
  fillEveryTable,
  fixedAnswers,
  historiesOf,
  seqOf,
  tableContents,
  tableNames,
  writePending,
  type Change,
  type Ok,
} from './support/backup-fixtures';
import { copyPreparedFolder } from './support/prepared-database';
import { ADMIN, headersOf, numberChanges, startTestApp } from './support/test-app';
import { createTestDatabaseUrl } from './support/test-database';
import { waitUntil } from './support/wait';

/**
 * `metacatalog backup` / `restore` (issue 19, point 3) on the database under test: PGlite, or with
 * TEST_DATABASE_URL a PostgreSQL server (the source and every restore target are fresh databases there).
 * The move between the two, with real processes, is test/backup-processes.test.ts.
 */
jest.setTimeout(300_000);

const silent = pino({ level: 'silent' });
const configFor = (url: string) =>
  loadConfig({ DATABASE_URL: url, AUTH_MODE: 'headers', LOG_LEVEL: 'silent' });

const work = mkdtempSync(join(tmpdir(), 'metacatalog-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let files = 0;
const aFile = (name = 'backup') => join(work, `${name}-${(files += 1)}.jsonl.gz`);

interface Target {
  url: string;
  drop(): Promise<void>;
}

/** A database to restore into: a fresh one on the server of TEST_DATABASE_URL, else an embedded folder. */
async function freshTarget(): Promise<Target> {
  if (process.env.TEST_DATABASE_URL) return createTestDatabaseUrl();
  const dir = mkdtempSync(join(work, 'pgdata-'));
  return { url: `pglite://${dir}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** A database some earlier `serve` migrated and seeded (a copy of the run's prepared one), to fill and serve. */
async function servedTarget(): Promise<Target> {
  if (process.env.TEST_DATABASE_URL) return createTestDatabaseUrl({ prepared: true });
  const dir = mkdtempSync(join(work, 'pgdata-'));
  await copyPreparedFolder(dir);
  return { url: `pglite://${dir}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** The database as `restore` opens it: neither migrated nor seeded. */
const openBare = (url: string) =>
  boot({ config: configFor(url), logger: silent, migrate: false, seed: false });

interface Served {
  runtime: Runtime;
  app: App;
  ok: Ok;
  /** The errors' codes and fields of an operation expected to fail. */
  failure(query: string, variables?: Record<string, unknown>): Promise<unknown[]>;
  close(): Promise<void>;
}

/** The service started on a database as `serve` starts it (migrations, seeds), asked questions as an admin. */
async function serveOn(url: string): Promise<Served> {
  const runtime = await boot({ config: configFor(url), logger: silent });
  const app = await createApp(runtime);
  const run = async (query: string, variables?: Record<string, unknown>) => {
    const contextValue = await app.contextFor(headersOf(ADMIN));
    const response = await app.apollo.executeOperation({ query, variables }, { contextValue });
    if (response.body.kind !== 'single') throw new Error('unexpected incremental response');
    return JSON.parse(JSON.stringify(response.body.singleResult)) as {
      data?: Record<string, unknown>;
      errors?: { extensions?: { code?: string; field?: string } }[];
    };
  };
  const ok: Ok = async (query, variables) => {
    const result = await run(query, variables);
    if (result.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(result.errors)}`);
    return result.data!;
  };
  const failure = async (query: string, variables?: Record<string, unknown>) =>
    ((await run(query, variables)).errors ?? []).map((error) => error.extensions);
  return { runtime, app, ok, failure, close: () => app.stop() };
}

/** Restores `file` into the database at `url` as `metacatalog restore` does. */
async function restoreInto(url: string, file: string, options: { force?: boolean } = {}) {
  const runtime = await openBare(url);
  try {
    return await restoreBackup(runtime.database, await checkBackup(file), options);
  } finally {
    await runtime.database.close();
  }
}

const CHANGES_AFTER = `query ($after: String) { changes(first: 5, after: $after) { nodes { cursor } } }`;

const versionOf = (contents: Record<string, string[]>) =>
  Number((JSON.parse(contents[VERSION_TABLE][0]) as { version: number }).version);

/** Each data group's version (traits, providers), by name. */
const dataVersionsOf = (contents: Record<string, string[]>) =>
  Object.fromEntries(
    contents[DATA_VERSIONS_TABLE].map((line) => {
      const row = JSON.parse(line) as { name: string; version: number };
      return [row.name, row.version];
    }),
  );

const withoutVersion = (contents: Record<string, string[]>) => {
  const { [VERSION_TABLE]: _version, [DATA_VERSIONS_TABLE]: _dataVersions, ...rest } = contents;
  return rest;
};

/** The change log's highest seq. */
const changeHeadOf = (contents: Record<string, string[]>) =>
  Number((JSON.parse(contents[CHANGE_LOG_HEAD_TABLE][0]) as { last_seq: number }).last_seq);

/** The change log's pruning point: cursors below it are expired. */
const prunedThroughOf = (contents: Record<string, string[]>) =>
  Number((JSON.parse(contents[CHANGE_LOG_RETENTION_TABLE][0]) as { pruned_through: number }).pruned_through);

/** The nodes a list of changes names, each once. */
const nodeIdsOf = (changes: Change[]) => [...new Set(changes.map((change) => change.nodeId))];

describe('backup and restore', () => {
  /** The database backed up: one a `serve` filled through the API, then left with changes pending. */
  let source: Target;
  /** Its rows when the backup was taken, and once the changes pending then were numbered (by its next step). */
  let contents: Record<string, string[]>;
  let numbered: Record<string, string[]>;
  let answers: Record<string, unknown>;
  /** The change log as the API told it before the backup (every page, `first: 7`). */
  let before: Change[];
  /** The same once the changes pending at the backup were numbered; and each of its nodes' history then. */
  let after: Change[];
  let histories: Record<string, Change[] | null>;
  /** A cursor the pruning before the backup expired. */
  let expired: string;
  let file: string;

  beforeAll(async () => {
    source = await servedTarget();
    let served = await serveOn(source.url);
    const db = served.runtime.database.dataSource;
    try {
      // The seeds' records, then the fixture's; those of the seeds are pruned before the backup.
      await sequenceChanges(db);
      const seeded = Number(await lastSeq(db));
      expect(seeded).toBeGreaterThan(1);
      expired = cursorOf(seeded - 1);
      await fillEveryTable(served.ok);
      // Numbered now, not when the server's next step comes (on a loaded machine it may not have come yet).
      await sequenceChanges(db);
      const [{ at }] = (await db.query(`SELECT min(committed_at) AS at FROM change_log WHERE seq > $1`, [
        seeded,
      ])) as { at: Date }[];
      await pruneChanges(db, at);
      before = (await allChanges(served.ok)).changes;
    } finally {
      await served.close();
    }
    // No service runs now: what is written stays pending, as between a commit and its step.
    const bare = await openBare(source.url);
    try {
      await writePending(bare.database.dataSource);
      contents = await tableContents(bare.database.dataSource);
      file = aFile();
      await writeBackup(bare.database, file, { metacatalog: 'test' });
      await sequenceChanges(bare.database.dataSource);
      numbered = await tableContents(bare.database.dataSource);
    } finally {
      await bare.database.close();
    }
    served = await serveOn(source.url);
    try {
      answers = await fixedAnswers(served.ok);
      after = (await allChanges(served.ok)).changes;
      histories = await historiesOf(served.ok, nodeIdsOf(after));
    } finally {
      await served.close();
    }
  });
  afterAll(() => source?.drop());

  it('covers every table: the fixture puts rows in each, and the backup holds them all', async () => {
    // A new table fails here until test/support/backup-fixtures.ts fills it, and the round trip below checks it.
    const runtime = await openBare(source.url);
    let tables: string[];
    try {
      tables = await tableNames(runtime.database.dataSource);
    } finally {
      await runtime.database.close();
    }
    expect(tables.length).toBeGreaterThanOrEqual(21);
    expect(tables).toEqual(
      expect.arrayContaining([
        CHANGE_LOG_TABLE,
        CHANGE_LOG_PENDING_TABLE,
        CHANGE_LOG_HEAD_TABLE,
        CHANGE_LOG_RETENTION_TABLE,
      ]),
    );
    expect(tables.filter((table) => !contents[table].length)).toEqual([]);
    const backup = await checkBackup(file);
    expect(backup.sections.map((section) => section.table).sort()).toEqual(tables);
    expect(Object.fromEntries(backup.sections.map((section) => [section.table, section.rows]))).toEqual(
      countsOf(contents),
    );
    expect(backup.header).toMatchObject({
      format: 'metacatalog-backup',
      version: 2,
      database: source.url.startsWith('pglite:') ? 'pglite' : 'postgres',
      migrations: migrations.map((migration) => migration.name),
    });
  });

  it('says why it cannot write a backup file, and leaves nothing behind', async () => {
    const runtime = await openBare(source.url);
    try {
      for (const [path, reason] of [
        [join(work, 'no-such-folder', 'b.jsonl.gz'), 'its folder does not exist'],
        [work, 'it is a folder'],
      ]) {
        const failed = await writeBackup(runtime.database, path, { metacatalog: 'test' }).catch(
          (error: Error) => error,
        );
        expect(failed).toBeInstanceOf(BackupFileError);
        expect((failed as Error).message).toBe(`Cannot write the backup to ${path}: ${reason}`);
      }
    } finally {
      await runtime.database.close();
    }
    expect(readdirSync(work).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it('round trip: a restored database started as `serve` holds the same rows and gives the same answers', async () => {
    const target = await freshTarget();
    try {
      const summary = await restoreInto(target.url, file);
      expect(summary.warnings).toEqual([]);
      expect(summary.rows).toEqual(countsOf(contents));
      const runtime = await openBare(target.url);
      try {
        const restored = await tableContents(runtime.database.dataSource);
        // Equal rows in every table, the computed counts included; the change log's records, head and pruning
        // point too, the changes pending at the backup numbered as the source numbered them (none is left).
        expect(withoutVersion(restored)).toEqual(withoutVersion(numbered));
        expect(restored[CHANGE_LOG_PENDING_TABLE]).toEqual([]);
        // The catalog version only grows: no cache can hold an answer under the number it ends with.
        expect(versionOf(restored)).toBeGreaterThan(versionOf(contents));
        // So do the other groups' (the restore's inserts bump them at commit, above the backup's).
        const backedUp = dataVersionsOf(contents);
        for (const [group, version] of Object.entries(dataVersionsOf(restored))) {
          expect(version).toBeGreaterThan(backedUp[group]);
        }
      } finally {
        await runtime.database.close();
      }
      const served = await serveOn(target.url);
      try {
        // Started as `serve` starts (its seeds find everything there, and record nothing): the same answers.
        expect(countsOf(await tableContents(served.runtime.database.dataSource))).toEqual(countsOf(numbered));
        expect(await fixedAnswers(served.ok)).toEqual(answers);
        // New rows get new ids (the sequences came along): a created resource is not given an old one's id.
        const created = await served.ok(
          `mutation { createResource(input: { resourceType: "OS::Nova::Server", name: "new" }) { id } }`,
        );
        const ids = (answers.resources as { resources: { nodes: { id: string }[] } }).resources.nodes.map(
          (node) => node.id,
        );
        expect(ids).not.toContain((created.createResource as { id: string }).id);
      } finally {
        await served.close();
      }
    } finally {
      await target.drop();
    }
  });

  it('keeps the change log: every change with its cursor, kind, actor and time, each node its history; the next write is numbered next', async () => {
    const head = changeHeadOf(numbered);
    const pruned = prunedThroughOf(contents);
    // What the backup holds: records up to its head, changes not numbered yet, a pruning point.
    expect(changeHeadOf(contents)).toBe(seqOf(before.at(-1)!.cursor));
    expect(contents[CHANGE_LOG_PENDING_TABLE].length).toBeGreaterThan(0);
    expect(pruned).toBe(seqOf(expired) + 1);
    expect(prunedThroughOf(numbered)).toBe(pruned);
    // The source told the changes pending at the backup after those before it, with the numbers that followed.
    expect(after.slice(0, before.length)).toEqual(before);
    const pending = after.slice(before.length);
    expect(pending.map((change) => [change.kind, change.nodeType, change.actor.via])).toEqual([
      ['UPDATED', 'Namespace', 'GRAPHQL'],
      ['CREATED', 'Trait', 'SQL'],
      ['UPDATED', 'ResourceProvider', 'SQL'],
      ['DELETED', 'Resource', 'CLI'],
    ]);
    expect(pending.map((change) => seqOf(change.cursor))).toEqual([
      changeHeadOf(contents) + 1,
      changeHeadOf(contents) + 2,
      changeHeadOf(contents) + 3,
      head,
    ]);

    const target = await freshTarget();
    try {
      await restoreInto(target.url, file);
      const served = await serveOn(target.url);
      try {
        // Every page of `changes`: the same records, in the same order, with the same cursors and everything else.
        const restored = await allChanges(served.ok);
        expect(restored.pages).toBeGreaterThan(2);
        expect(restored.changes).toEqual(after);
        // A poller resuming with the last cursor it had before the backup gets what followed, numbered alike.
        expect((await allChanges(served.ok, { after: before.at(-1)!.cursor })).changes).toEqual(pending);
        // Each node's history: the same (the namespace's holds its creation and the update pending at the backup).
        expect(await historiesOf(served.ok, Object.keys(histories))).toEqual(histories);
        const namespace = before.find((change) => change.nodeType === 'Namespace')!.nodeId;
        expect(histories[namespace]!.map((change) => [change.kind, change.actor.via])).toEqual([
          ['CREATED', 'GRAPHQL'],
          ['UPDATED', 'GRAPHQL'],
        ]);
        expect(
          Object.values(histories).filter((history) => (history?.length ?? 0) > 1).length,
        ).toBeGreaterThan(2);
        // The pruning point came along: a cursor before it is expired here too; one at it is not.
        expect(await served.failure(CHANGES_AFTER, { after: expired })).toEqual([
          { code: 'CURSOR_EXPIRED', field: 'after' },
        ]);
        expect((await served.ok(CHANGES_AFTER, { after: cursorOf(pruned) })).changes).toEqual({
          nodes: before.slice(0, 5).map(({ cursor }) => ({ cursor })),
        });
        // The next write is numbered after the restored head.
        const created = await served.ok(
          `mutation { createTrait(name: "CUSTOM_AFTER_RESTORE") { trait { history { nodes { cursor kind } } } } }`,
        );
        expect(
          (created.createTrait as { trait: { history: { nodes: { cursor: string; kind: string }[] } } }).trait
            .history.nodes,
        ).toEqual([{ cursor: cursorOf(head + 1), kind: 'CREATED' }]);
      } finally {
        await served.close();
      }
    } finally {
      await target.drop();
    }
  });

  it('refuses a database that is not empty (or that servers use), unless forced: then it replaces everything', async () => {
    const target = await servedTarget();
    try {
      let served = await serveOn(target.url);
      await fillEveryTable(served.ok, '-other');
      if (process.env.TEST_DATABASE_URL) {
        // A server on it would keep serving what it cached: refused, even forced.
        const refused = await restoreInto(target.url, file, { force: true }).catch((error: Error) => error);
        expect(refused).toBeInstanceOf(RestoreRefusedError);
        expect((refused as Error).message).toMatch(
          /^1 metacatalog server\(s\) are connected to this database: stop them/,
        );
      }
      const before = await tableContents(served.runtime.database.dataSource);
      await served.close();

      const refused = await restoreInto(target.url, file).catch((error: Error) => error);
      expect(refused).toBeInstanceOf(RestoreRefusedError);
      expect((refused as Error).message).toMatch(
        /^The database is not empty \(change_log: \d+, .*namespaces: \d+.*resources: 4, .*\): a restore replaces everything in it\. Restore into an empty database, or add --force to replace its contents\.$/,
      );

      const summary = await restoreInto(target.url, file, { force: true });
      expect(summary.warnings).toEqual([]);
      const runtime = await openBare(target.url);
      try {
        const restored = await tableContents(runtime.database.dataSource);
        // Everything is the backup's, the change log too (the replaced database's history is gone).
        expect(withoutVersion(restored)).toEqual(withoutVersion(numbered));
        expect(versionOf(restored)).toBeGreaterThan(Math.max(versionOf(before), versionOf(contents)));
      } finally {
        await runtime.database.close();
      }
      served = await serveOn(target.url);
      try {
        expect(await fixedAnswers(served.ok)).toEqual(answers);
      } finally {
        await served.close();
      }
    } finally {
      await target.drop();
    }
  });

  it('refuses a damaged file with a clear message and writes nothing', async () => {
    const bytes = readFileSync(file);
    const text = gunzipSync(bytes).toString('utf8');
    const lines = text.split('\n');
    const damaged = (name: string, content: Buffer | string) => {
      const path = aFile(name);
      writeFileSync(path, content);
      return path;
    };
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)] ^= 0xff;
    const rowIndex = lines.findIndex((line) => line.startsWith('{"table":"namespaces"')) + 1;
    const cases: [string, string, RegExp][] = [
      [
        'truncated',
        damaged('truncated', bytes.subarray(0, Math.floor(bytes.length / 2))),
        /is truncated: it ends in the middle/,
      ],
      ['corrupted', damaged('corrupted', flipped), /is (corrupt|truncated)/],
      ['not gzip', damaged('plain', text), /is not a metacatalog backup \(not a gzip file\)$/],
      ['empty', damaged('empty', ''), /is empty: not a metacatalog backup$/],
      ['another gzip', damaged('other', gzipSync('{"hello":"world"}\n')), /is not a metacatalog backup$/],
      [
        'without its last line',
        damaged('cut', gzipSync(lines.slice(0, -2).join('\n') + '\n')),
        /is incomplete: its last line \(the count of each table\) is missing$/,
      ],
      [
        'a row missing',
        damaged('missing-row', gzipSync(lines.filter((_, i) => i !== rowIndex).join('\n'))),
        /is corrupt: it holds \d+ rows of namespaces, its last line says \d+$/,
      ],
      [
        'a line that is no row',
        damaged('garbage', gzipSync(lines.map((line, i) => (i === rowIndex ? 'garbage' : line)).join('\n'))),
        new RegExp(`is corrupt: line ${rowIndex + 1} is not what a backup holds there$`),
      ],
      [
        'a newer format',
        damaged(
          'newer',
          gzipSync(
            lines.map((line, i) => (i ? line : line.replace('"version":2', '"version":3'))).join('\n'),
          ),
        ),
        /was written by a newer metacatalog \(backup format 3; this one reads up to 2\)$/,
      ],
    ];
    const target = await freshTarget();
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = target.url;
    try {
      for (const [what, path, message] of cases) {
        const refused = await checkBackup(path).catch((error: Error) => error);
        expect({ what, error: refused }).toEqual({ what, error: expect.any(BackupFileError) });
        expect({ what, message: (refused as Error).message }).toEqual({
          what,
          message: expect.stringMatching(message),
        });
        // `metacatalog restore` reads the file through before it opens the database.
        const run = await buildProgram()
          .exitOverride()
          .parseAsync(['restore', path], { from: 'user' })
          .catch((error: Error) => error);
        expect({ what, message: (run as Error).message }).toEqual({
          what,
          message: expect.stringMatching(
            new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} .*\\. Nothing was restored\\.$`),
          ),
        });
      }
      // A file that reads well but holds a value its column refuses: the transaction keeps nothing.
      const badValue = damaged(
        'bad-value',
        gzipSync(
          lines.map((line, i) => (i === rowIndex ? line.replace(/"id":\d+/, '"id":"one"') : line)).join('\n'),
        ),
      );
      // The change log's records without its head (the file's counts agree): refused, nothing kept.
      const head = lines.findIndex((line) => line.startsWith(`{"table":"${CHANGE_LOG_HEAD_TABLE}"`));
      const end = JSON.parse(lines.at(-2)!) as { end: { rows: Record<string, number> } };
      delete end.end.rows[CHANGE_LOG_HEAD_TABLE];
      const headless = damaged(
        'headless',
        gzipSync([...lines.slice(0, head), ...lines.slice(head + 2, -2), JSON.stringify(end), ''].join('\n')),
      );
      for (const [path, message] of [
        [badValue, /invalid input syntax for type integer: "one"/],
        [headless, /is corrupt: it holds the change log's records without its pending changes, its head or/],
      ] as const) {
        await checkBackup(path);
        const failed = await restoreInto(target.url, path).catch((error: Error) => error);
        expect((failed as Error).message).toMatch(message);
        const runtime = await openBare(target.url);
        try {
          expect(await tableNames(runtime.database.dataSource)).toEqual([]);
        } finally {
          await runtime.database.close();
        }
      }
    } finally {
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
      await target.drop();
    }
  });
});

describe('a backup taken while writes go on', () => {
  it('holds one point in time: every resource with all its tags and properties, counts that agree, each change once', async () => {
    const t = await startTestApp();
    const target = await freshTarget();
    let writing = true;
    let written = 0;
    const writer = async (w: number) => {
      for (let i = 0; writing; i += 1) {
        // One transaction writes a resource, its two tags, its property and their counts.
        await t.ok(`mutation ($input: CreateResourceInput!) { createResource(input: $input) { uuid } }`, {
          input: {
            resourceType: 'OS::Nova::Server',
            name: `w${w}-${i}`,
            tags: ['a', `w${w}`],
            properties: { n: i },
          },
        });
        written += 1;
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    try {
      const count = async () =>
        Number(
          (
            (await t.app.database.dataSource.query('SELECT count(*)::int AS n FROM resources')) as {
              n: number;
            }[]
          )[0].n,
        );
      // Until at least one write committed while the backup ran, and the backup found changes not numbered yet
      // (committed since the instance's last step), else this would test nothing.
      let file = '';
      for (let attempt = 1; ; attempt += 1) {
        const wanted = attempt * 10;
        await waitUntil(
          () => `${wanted} writes committed (${written} so far)`,
          () => written >= wanted,
        );
        const before = await count();
        file = aFile('busy');
        await writeBackup(t.app.database, file, { metacatalog: 'test' });
        const after = await count();
        const pending = backupRows(file, CHANGE_LOG_PENDING_TABLE).length;
        if ((after > before && pending > 0) || attempt >= 20) {
          expect(after).toBeGreaterThan(before);
          expect(pending).toBeGreaterThan(0);
          break;
        }
      }
      writing = false;
      await Promise.all(writers);
      // The source's log once everything is numbered: each record as a row.
      await numberChanges(t);
      const logOf = async (db: { query(sql: string): Promise<unknown> }) =>
        (
          (await db.query(
            `SELECT seq::int AS seq, row_to_json(c)::jsonb - 'seq' AS rest FROM change_log c ORDER BY seq`,
          )) as {
            seq: number;
            rest: Record<string, unknown>;
          }[]
        ).map(({ seq, rest }) => ({ seq, rest: JSON.stringify(rest) }));
      const sourceLog = await logOf(t.app.database.dataSource);

      const backup = await checkBackup(file);
      const rows = Object.fromEntries(backup.sections.map((section) => [section.table, section.rows]));
      expect(rows.resources).toBeGreaterThan(0);
      expect(rows.resource_tags).toBe(2 * rows.resources);
      expect(rows.resource_properties).toBe(rows.resources);
      // The counts the triggers computed at that point are those computed again from its rows.
      const summary = await restoreInto(target.url, file);
      expect(summary.warnings).toEqual([]);
      // Each change committed before the snapshot is in the restored log once, none after it: numbered then, or
      // pending then and numbered by the restore.
      const backedUpHead = Number(
        (backupRows(file, CHANGE_LOG_HEAD_TABLE)[0] as { last_seq: number }).last_seq,
      );
      const runtime = await openBare(target.url);
      try {
        const db = runtime.database.dataSource;
        const restoredLog = await logOf(db);
        const [{ head, pruned }] = (await db.query(
          `SELECT (SELECT last_seq::int FROM change_log_head) AS head,
                  (SELECT pruned_through::int FROM change_log_retention) AS pruned`,
        )) as { head: number; pruned: number }[];
        expect(restoredLog.map((record) => record.seq)).toEqual(
          Array.from({ length: head - pruned }, (_, i) => pruned + 1 + i),
        );
        expect(head).toBeGreaterThan(backedUpHead);
        const [{ resources, unrecorded, unknown }] = (await db.query(
          `SELECT (SELECT count(*)::int FROM resources) AS resources,
                  (SELECT count(*)::int FROM resources r
                    WHERE (SELECT count(*) FROM change_log c WHERE c.node_type = 'Resource' AND c.kind = 'CREATED'
                             AND c.node_key = r.id::text) <> 1) AS unrecorded,
                  (SELECT count(*)::int FROM change_log c
                    WHERE c.node_type = 'Resource'
                      AND NOT EXISTS (SELECT FROM resources r WHERE r.id::text = c.node_key)) AS unknown`,
        )) as { resources: number; unrecorded: number; unknown: number }[];
        expect({ resources, unrecorded, unknown }).toEqual({
          resources: rows.resources,
          unrecorded: 0,
          unknown: 0,
        });
        // Numbered before the backup: the very records of the source. Pending then: records the source has too,
        // numbered alike unless a write committed after the backup was numbered among them there.
        expect(restoredLog.filter((record) => record.seq <= backedUpHead)).toEqual(
          sourceLog.filter((record) => record.seq <= backedUpHead),
        );
        const sourceRecords = new Set(sourceLog.map((record) => record.rest));
        expect(
          restoredLog.filter((record) => record.seq > backedUpHead && !sourceRecords.has(record.rest)),
        ).toEqual([]);
      } finally {
        await runtime.database.close();
      }
      const served = await serveOn(target.url);
      try {
        const usage = await served.ok(
          `{ resourceTagUsage(first: 50, filter: { startsWith: "a" }) { nodes { tag count } } }`,
        );
        expect(usage.resourceTagUsage).toEqual({ nodes: [{ tag: 'a', count: rows.resources }] });
      } finally {
        await served.close();
      }
    } finally {
      writing = false;
      await Promise.allSettled(writers);
      await t.close();
      await target.drop();
    }
  });
});

describe('a backup of format 1 (written before the change log was in it)', () => {
  it('still restores: every node history starts with the restore (CREATED, via the CLI), and every earlier cursor has expired', async () => {
    // Written by `metacatalog backup` of the code before format 2, after fillEveryTable and an update of the
    // namespace Backup::Compute (its history then: CREATED and UPDATED, through GraphQL).
    const file = join(__dirname, 'fixtures', 'backup-format-1.jsonl.gz');
    const backup = await checkBackup(file);
    expect(backup.header.version).toBe(1);
    expect(backup.sections.map((section) => section.table)).not.toContain(CHANGE_LOG_TABLE);
    const head = Number((backupRows(file, CHANGE_LOG_HEAD_TABLE)[0] as { last_seq: number }).last_seq);
    expect(head).toBeGreaterThan(1);
    const target = await freshTarget();
    try {
      const started = Date.now();
      const summary = await restoreInto(target.url, file);
      expect(summary.warnings).toEqual([
        `${file} holds no change log (backup format 1): every restored node's history starts with this restore, and every change cursor handed out before it has expired`,
      ]);
      const served = await serveOn(target.url);
      try {
        const { namespace } = (await served.ok(
          `{ namespace(name: "Backup::Compute") { description history { nodes { cursor kind committedAt actor { via projectId userId } } } } }`,
        )) as {
          namespace: { description: string; history: { nodes: Change[] } };
        };
        expect(namespace.description).toBe('changed before the backup');
        const [created, ...rest] = namespace.history.nodes;
        expect(rest).toEqual([]);
        expect(created).toMatchObject({
          kind: 'CREATED',
          actor: { via: 'CLI', projectId: null, userId: null },
        });
        expect(seqOf(created.cursor)).toBeGreaterThan(head);
        expect(Date.parse(created.committedAt)).toBeGreaterThanOrEqual(started - 1000);
        // A cursor of the backup's database is expired; its last one exactly resumes with the restore's records.
        expect(await served.failure(CHANGES_AFTER, { after: cursorOf(head - 1) })).toEqual([
          { code: 'CURSOR_EXPIRED', field: 'after' },
        ]);
        // The restore's records (its one transaction; the seeds of this version may follow them, by `serve`).
        const resumed = (await allChanges(served.ok, { after: cursorOf(head), first: 500 })).changes;
        const restored = resumed.filter((change) => change.transactionId === resumed[0].transactionId);
        expect(restored.length).toBeGreaterThan(300);
        expect(new Set(restored.map((change) => `${change.kind} ${change.actor.via}`))).toEqual(
          new Set(['CREATED CLI']),
        );
        expect(restored.map((change) => seqOf(change.cursor))).toEqual(
          Array.from({ length: restored.length }, (_, i) => head + 1 + i),
        );
      } finally {
        await served.close();
      }
    } finally {
      await target.drop();
    }
  });
});
