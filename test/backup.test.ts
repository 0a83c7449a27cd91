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
  DATA_VERSIONS_TABLE,
  VERSION_TABLE,
  checkBackup,
  restoreBackup,
  writeBackup,
} from '../src/db/backup';
import { buildProgram } from '../src/main';
import {
  countsOf,
  fillEveryTable,
  fixedAnswers,
  tableContents,
  tableNames,
  type Ok,
} from './support/backup-fixtures';
import { copyPreparedFolder } from './support/prepared-database';
import { ADMIN, headersOf, startTestApp, type TestApp } from './support/test-app';
import { createTestDatabaseUrl } from './support/test-database';

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
  close(): Promise<void>;
}

/** The service started on a database as `serve` starts it (migrations, seeds), asked questions as an admin. */
async function serveOn(url: string): Promise<Served> {
  const runtime = await boot({ config: configFor(url), logger: silent });
  const app = await createApp(runtime);
  const ok: Ok = async (query, variables) => {
    const contextValue = await app.contextFor(headersOf(ADMIN));
    const response = await app.apollo.executeOperation({ query, variables }, { contextValue });
    if (response.body.kind !== 'single') throw new Error('unexpected incremental response');
    const result = JSON.parse(JSON.stringify(response.body.singleResult)) as {
      data?: Record<string, unknown>;
      errors?: unknown[];
    };
    if (result.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(result.errors)}`);
    return result.data!;
  };
  return { runtime, app, ok, close: () => app.stop() };
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

const okOf =
  (t: TestApp): Ok =>
  (query, variables) =>
    t.ok(query, variables);

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
  const {
    [VERSION_TABLE]: _version,
    [DATA_VERSIONS_TABLE]: _dataVersions,
    [CHANGE_LOG_HEAD_TABLE]: _changeHead,
    ...rest
  } = contents;
  return rest;
};

/** The change log's highest seq. */
const changeHeadOf = (contents: Record<string, string[]>) =>
  Number((JSON.parse(contents[CHANGE_LOG_HEAD_TABLE][0]) as { last_seq: number }).last_seq);

describe('backup and restore', () => {
  let source: TestApp;
  let contents: Record<string, string[]>;
  let answers: Record<string, unknown>;
  let file: string;

  beforeAll(async () => {
    source = await startTestApp();
    await fillEveryTable(okOf(source));
    contents = await tableContents(source.app.database.dataSource);
    answers = await fixedAnswers(okOf(source));
    file = aFile();
    await writeBackup(source.app.database, file, { metacatalog: 'test' });
  });
  afterAll(() => source?.close());

  it('covers every table: the fixture puts rows in each, and the backup holds them all', async () => {
    // A new table fails here until test/support/backup-fixtures.ts fills it, and the round trip below checks it.
    const tables = await tableNames(source.app.database.dataSource);
    expect(tables.length).toBeGreaterThanOrEqual(17);
    expect(tables.filter((table) => !contents[table].length)).toEqual([]);
    const backup = await checkBackup(file);
    expect(backup.sections.map((section) => section.table).sort()).toEqual(tables);
    expect(Object.fromEntries(backup.sections.map((section) => [section.table, section.rows]))).toEqual(
      countsOf(contents),
    );
    expect(backup.header).toMatchObject({
      format: 'metacatalog-backup',
      version: 1,
      database: source.app.database.kind,
      migrations: source.app.database.dataSource.migrations.map((migration) => migration.name),
    });
  });

  it('says why it cannot write a backup file, and leaves nothing behind', async () => {
    for (const [path, reason] of [
      [join(work, 'no-such-folder', 'b.jsonl.gz'), 'its folder does not exist'],
      [work, 'it is a folder'],
    ]) {
      const failed = await writeBackup(source.app.database, path, { metacatalog: 'test' }).catch(
        (error: Error) => error,
      );
      expect(failed).toBeInstanceOf(BackupFileError);
      expect((failed as Error).message).toBe(`Cannot write the backup to ${path}: ${reason}`);
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
        // Equal rows in every table, the computed counts included.
        expect(withoutVersion(restored)).toEqual(withoutVersion(contents));
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
        // Started as `serve` starts (its seeds find everything there): the same answers.
        expect(countsOf(await tableContents(served.runtime.database.dataSource))).toEqual(countsOf(contents));
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
        /^The database is not empty \(.*namespaces: \d+.*resources: 4, .*\): a restore replaces everything in it\. Restore into an empty database, or add --force to replace its contents\.$/,
      );

      const summary = await restoreInto(target.url, file, { force: true });
      expect(summary.warnings).toEqual([]);
      const runtime = await openBare(target.url);
      try {
        const restored = await tableContents(runtime.database.dataSource);
        expect(withoutVersion(restored)).toEqual(withoutVersion(contents));
        expect(versionOf(restored)).toBeGreaterThan(Math.max(versionOf(before), versionOf(contents)));
        // The change log goes on above both databases' numbers; every cursor of either has expired.
        const [{ pruned }] = (await runtime.database.dataSource.query(
          `SELECT pruned_through::int AS pruned FROM change_log_retention`,
        )) as { pruned: number }[];
        expect(pruned).toBeGreaterThanOrEqual(Math.max(changeHeadOf(before), changeHeadOf(contents)));
        expect(changeHeadOf(restored)).toBeGreaterThan(pruned);
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
            lines.map((line, i) => (i ? line : line.replace('"version":1', '"version":2'))).join('\n'),
          ),
        ),
        /was written by a newer metacatalog \(backup format 2; this one reads up to 1\)$/,
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
      await checkBackup(badValue);
      const failed = await restoreInto(target.url, badValue).catch((error: Error) => error);
      expect((failed as Error).message).toMatch(/invalid input syntax for type integer: "one"/);
      const runtime = await openBare(target.url);
      try {
        expect(await tableNames(runtime.database.dataSource)).toEqual([]);
      } finally {
        await runtime.database.close();
      }
    } finally {
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
      await target.drop();
    }
  });
});

describe('a backup taken while writes go on', () => {
  it('holds one point in time: every resource with all its tags and properties, counts that agree', async () => {
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
      // Until at least one write committed while the backup ran (else this would test nothing).
      let file = '';
      for (let attempt = 1; ; attempt += 1) {
        while (written < attempt * 10) await new Promise((resolve) => setImmediate(resolve));
        const before = await count();
        file = aFile('busy');
        await writeBackup(t.app.database, file, { metacatalog: 'test' });
        const after = await count();
        if (after > before || attempt >= 20) {
          expect(after).toBeGreaterThan(before);
          break;
        }
      }
      writing = false;
      await Promise.all(writers);

      const backup = await checkBackup(file);
      const rows = Object.fromEntries(backup.sections.map((section) => [section.table, section.rows]));
      expect(rows.resources).toBeGreaterThan(0);
      expect(rows.resource_tags).toBe(2 * rows.resources);
      expect(rows.resource_properties).toBe(rows.resources);
      // The counts the triggers computed at that point are those computed again from its rows.
      const summary = await restoreInto(target.url, file);
      expect(summary.warnings).toEqual([]);
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
