import { rmSync } from 'node:fs';
import type { QueryRunner } from 'typeorm';
import { foldedMigrations, migrations } from '../migrations';
import { entities } from '../src/app/entities';
import { changeLogTables } from '../src/app/modules';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/database';
import { migrate, undoLastMigration } from '../src/db/migrate';
import {
  functionFiles,
  installedDefinition,
  refreshFunctions,
  triggerNames,
  triggerStatements,
} from '../src/db/sql-definitions';
import { previousRelease } from './support/previous-release';
import { runMetacatalog } from './support/processes';
import { createProcessDatabase, createTestDatabaseUrl } from './support/test-database';

/**
 * One current text per database object (docs/development.md, "Database functions"): the functions and triggers
 * the migrations install are those of the .sql files (SQL_FOLDERS), every one of them has a file, and each is
 * compared by PostgreSQL itself (the definition it prints before and after the file's text is installed again); a
 * file changed since is installed again by the runner; the tables the modules declare (`changeLogTables`) are those
 * with the change log's triggers; and a database the previous release migrated (with migrations folded since) ends
 * with the schema of a fresh one, and is undone migration by migration.
 */

async function open(url: string): Promise<Database> {
  return openDatabase(loadConfig({ DATABASE_URL: url }), { entities });
}

/** What the schema is: tables and columns, constraints, indexes, sequences, functions and triggers. */
async function schemaOf(database: Database): Promise<Record<string, unknown[]>> {
  const q = (sql: string) => database.dataSource.query(sql) as Promise<unknown[]>;
  return {
    columns: await q(
      `SELECT table_name, ordinal_position, column_name, data_type, character_maximum_length, datetime_precision,
              is_nullable, column_default
         FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY 1, 2`,
    ),
    constraints: await q(
      `SELECT conrelid::regclass::text AS table, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
        WHERE connamespace = current_schema()::regnamespace ORDER BY 1, 2`,
    ),
    indexes: await q(
      `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1, 2`,
    ),
    sequences: await q(
      `SELECT sequence_name, data_type FROM information_schema.sequences WHERE sequence_schema = current_schema()
        ORDER BY 1`,
    ),
    functions: await q(
      `SELECT p.proname, pg_get_functiondef(p.oid) AS def FROM pg_proc p
        WHERE p.pronamespace = current_schema()::regnamespace AND p.prokind = 'f' ORDER BY 1`,
    ),
    triggers: await q(
      `SELECT tgrelid::regclass::text AS table, tgname, pg_get_triggerdef(oid) AS def FROM pg_trigger
        WHERE NOT tgisinternal ORDER BY 1, 2`,
    ),
  };
}

/** The definition of trigger `name` on `table` as PostgreSQL prints it; undefined when none. */
async function triggerDefinition(
  runner: QueryRunner,
  name: string,
  table: string,
): Promise<string | undefined> {
  const rows = (await runner.query(
    `SELECT pg_get_triggerdef(oid) AS def FROM pg_trigger WHERE tgname = $1 AND tgrelid = $2::regclass`,
    [name, table],
  )) as { def: string }[];
  return rows[0]?.def;
}

describe('the database functions and triggers', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const test = await createTestDatabaseUrl();
    drop = test.drop;
    database = await open(test.url);
    await migrate(database);
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('are, on a migrated database, those of the .sql files, every one of them', async () => {
    const runner = database.dataSource.createQueryRunner();
    try {
      const files = functionFiles();
      // Each file's function is there, and installing the file's text again leaves its definition as it was.
      const missing = [];
      for (const file of files) if (!(await installedDefinition(runner, file.name))) missing.push(file.name);
      expect(missing).toEqual([]);
      expect(await refreshFunctions(runner, { apply: false })).toEqual([]);
      // Every function of the schema has its file.
      const installed = (
        (await runner.query(
          `SELECT p.proname FROM pg_proc p WHERE p.pronamespace = current_schema()::regnamespace
              AND p.prokind = 'f'
              AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e') ORDER BY 1`,
        )) as { proname: string }[]
      ).map((row) => row.proname);
      expect(installed).toEqual(files.map((file) => file.name).sort());

      // Each trigger of the files is there, and creating it again from its statement leaves it as it was.
      const statements = triggerStatements();
      const names = triggerNames();
      await runner.startTransaction();
      try {
        for (const [i, { name, table }] of names.entries()) {
          const before = await triggerDefinition(runner, name, table);
          expect([name, before]).toEqual([
            name,
            expect.stringMatching(`^CREATE (CONSTRAINT )?TRIGGER ${name} `),
          ]);
          await runner.query(`DROP TRIGGER ${name} ON ${table}`);
          await runner.query(statements[i]);
          expect([name, await triggerDefinition(runner, name, table)]).toEqual([name, before]);
        }
      } finally {
        await runner.rollbackTransaction();
      }
      // Every trigger of the schema is one of the files'.
      const triggers = (await runner.query(
        `SELECT c.relname || ' ' || t.tgname AS trigger FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
          WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace`,
      )) as { trigger: string }[];
      expect(triggers.map((row) => row.trigger).sort()).toEqual(
        names.map(({ name, table }) => `${table} ${name}`).sort(),
      );
    } finally {
      await runner.release();
    }
  });

  it("record the changes of the tables the modules declare, and no other table's", async () => {
    const rows = (await database.dataSource.query(
      `SELECT DISTINCT t.tgrelid::regclass::text AS table FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE NOT t.tgisinternal AND p.proname LIKE 'change_log\\_%' ORDER BY 1`,
    )) as { table: string }[];
    expect(rows.map((row) => row.table)).toEqual([...changeLogTables].sort());
  });

  it('a function whose file changed is installed again from it by the runner, once (of every folder)', async () => {
    // As an older text of each function would be (its file changed since the migration installed it).
    await database.dataSource.query(
      `CREATE OR REPLACE FUNCTION change_log_resource_data(r_uuid uuid, r_project character varying, r_type integer)
       RETURNS jsonb LANGUAGE sql STABLE AS $fn$ SELECT jsonb_build_object('uuid', r_uuid) $fn$`,
    );
    for (const name of ['data_version_bump', 'usage_counts_flush']) {
      await database.dataSource.query(
        `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$ BEGIN RETURN NULL; END $fn$`,
      );
    }
    const changed = ['data_version_bump', 'usage_counts_flush', 'change_log_resource_data'];
    // One runner at a time: PGlite has one connection, which the runner's migrate() needs too.
    const withRunner = async <T>(work: (runner: QueryRunner) => Promise<T>): Promise<T> => {
      const runner = database.dataSource.createQueryRunner();
      try {
        return await work(runner);
      } finally {
        await runner.release();
      }
    };
    const differing = () => withRunner((runner) => refreshFunctions(runner, { apply: false }));
    expect(await differing()).toEqual(changed);
    expect(await differing()).toEqual(changed);
    const refreshed: string[][] = [];
    expect(await migrate(database, { onRefreshed: (names) => refreshed.push(names) })).toEqual([]);
    expect(refreshed).toEqual([changed]);
    expect(await differing()).toEqual([]);
    expect(await withRunner((runner) => installedDefinition(runner, 'change_log_resource_data'))).toContain(
      'LANGUAGE plpgsql',
    );
    expect(await withRunner((runner) => installedDefinition(runner, 'usage_counts_flush'))).toContain(
      'INSERT INTO tag_usage',
    );
  });
});

/** The tables of the migrations folded since the previous release (migrations/index.ts, foldedMigrations). */
const FOLDED_TABLES =
  /^(change_log|tag_usage|discovered_property_values|usage_count_flushes|catalog_version$|data_versions$)/;

/** The rows of `migrations`, a folded migration's under the name of the one it was folded into, in row order. */
async function appliedAs(database: Database): Promise<string[]> {
  const rows = (await database.dataSource.query(`SELECT name FROM migrations ORDER BY id`)) as {
    name: string;
  }[];
  return [...new Set(rows.map(({ name }) => foldedMigrations[name] ?? name))];
}

describe('a database the previous release migrated (with the migrations folded since: the change log’s six, the usage counts’ and the versions’)', () => {
  it('is recognized, ends with the schema of a fresh one, and is undone migration by migration', async () => {
    const tree = previousRelease();
    const old = await createProcessDatabase();
    const fresh = await createTestDatabaseUrl();
    try {
      const { code, stderr } = await runMetacatalog(['migrate'], {
        root: tree,
        env: { DATABASE_URL: old.url, LOG_LEVEL: 'warn' },
      });
      expect([code, stderr]).toEqual([0, '']);
      let upgraded = await open(old.url);
      let before: Record<string, unknown[]>;
      try {
        // What the previous release left: the folded migrations' functions, as they wrote them, and their rows.
        before = await schemaOf(upgraded);
        const oldRows = (await upgraded.dataSource.query(`SELECT name FROM migrations`)) as {
          name: string;
        }[];
        expect(oldRows.map(({ name }) => name)).toEqual(
          expect.arrayContaining(['UsageCountsAtCommit1763700700000', 'DataVersions1763700900000']),
        );
        const refreshed: string[][] = [];
        const applied = await migrate(upgraded, { onRefreshed: (names) => refreshed.push(names) });
        for (const folded of new Set(Object.values(foldedMigrations))) expect(applied).not.toContain(folded);
        expect(refreshed).toHaveLength(1);
        const after = await schemaOf(upgraded);
        const freshDatabase = await open(fresh.url);
        try {
          await migrate(freshDatabase);
          expect(after).toEqual(await schemaOf(freshDatabase));
        } finally {
          await freshDatabase.close();
        }
        // The tables as the folded migrations left them are the folds': only functions, and later tables, differ.
        const foldedColumns = (schema: Record<string, unknown[]>) =>
          (schema.columns as { table_name: string }[]).filter((c) => FOLDED_TABLES.test(c.table_name));
        expect(foldedColumns(after).length).toBeGreaterThan(30);
        expect(foldedColumns(before)).toEqual(foldedColumns(after));

        // Undone one by one (`migrate --undo`; the newest rows are folded migrations' after the first two), the
        // newest of the list each time, with the rows folded into it: `migrations` names the list's first ones.
        const names = migrations.map((migration) => new migration().name);
        const undone: string[] = [];
        const env = { DATABASE_URL: old.url, LOG_LEVEL: 'warn' };
        for (let i = 0; i < 3; i += 1) {
          await upgraded.close();
          const run = await runMetacatalog(['migrate', '--undo'], { env });
          upgraded = await open(old.url);
          expect([run.code, run.stderr]).toEqual([0, '']);
          undone.push(run.stdout.trim().replace(/^reverted /, ''));
          expect(await appliedAs(upgraded)).toEqual(names.slice(0, names.length - undone.length));
        }
        for (let name = await undoLastMigration(upgraded); name; name = await undoLastMigration(upgraded)) {
          undone.push(name);
          expect(await appliedAs(upgraded)).toEqual(names.slice(0, names.length - undone.length));
        }
        expect(undone).toEqual([...names].reverse());
        expect(await upgraded.dataSource.query(`SELECT name FROM migrations`)).toEqual([]);
        const left = (await schemaOf(upgraded)).columns as { table_name: string }[];
        expect([...new Set(left.map((column) => column.table_name))]).toEqual(['migrations']);
      } finally {
        await upgraded.close();
      }
    } finally {
      await old.drop();
      await fresh.drop();
      rmSync(tree, { recursive: true, force: true });
    }
  }, 300_000);
});
