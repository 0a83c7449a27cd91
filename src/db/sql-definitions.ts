import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { QueryRunner } from 'typeorm';
import { sqlStatements, triggersOf } from '../../migrations/sql-files';

/**
 * The folders of .sql files that define the database's functions and triggers (docs/development.md, "Database
 * functions"): each function in a file of its own, `<function>.sql`, one CREATE OR REPLACE FUNCTION statement;
 * `triggers.sql`, the CREATE TRIGGER statements. Migrations install their text (they read them by path); the runner
 * installs a function's text again when its file changed (refreshFunctions). scripts/build.mjs copies them to dist/.
 */
export const SQL_FOLDERS: readonly string[] = [
  join(__dirname, 'versions', 'sql'),
  join(__dirname, 'usage-counts', 'sql'),
  join(__dirname, 'change-log', 'sql'),
];

/** A function's file: its name (one per name: no overloads) and its text. */
export interface FunctionFile {
  path: string;
  name: string;
  text: string;
}

/** Every function file of SQL_FOLDERS. */
export function functionFiles(): FunctionFile[] {
  return SQL_FOLDERS.flatMap((folder) =>
    readdirSync(folder)
      .filter((entry) => entry.endsWith('.sql') && entry !== 'triggers.sql')
      .sort()
      .map((entry) => {
        const path = join(folder, entry);
        const text = readFileSync(path, 'utf8');
        const name = /^CREATE OR REPLACE FUNCTION (\w+)\(/m.exec(text)?.[1];
        if (name !== entry.slice(0, -'.sql'.length)) {
          throw new Error(`${path}: not one CREATE OR REPLACE FUNCTION ${entry.slice(0, -4)}(…) statement`);
        }
        return { path, name, text };
      }),
  );
}

/** Every `triggers.sql` of SQL_FOLDERS, each statement apart (each ends with a semicolon at the end of a line). */
export function triggerStatements(): string[] {
  return SQL_FOLDERS.flatMap((folder) => {
    let text: string;
    try {
      text = readFileSync(join(folder, 'triggers.sql'), 'utf8');
    } catch {
      return [];
    }
    return sqlStatements(text);
  });
}

/** The definition of the function `name` in the current schema as PostgreSQL prints it; undefined when none. */
export async function installedDefinition(runner: QueryRunner, name: string): Promise<string | undefined> {
  const rows = (await runner.query(
    `SELECT pg_get_functiondef(p.oid) AS def FROM pg_proc p
      WHERE p.proname = $1 AND p.pronamespace = current_schema()::regnamespace`,
    [name],
  )) as { def: string }[];
  if (rows.length > 1) throw new Error(`function ${name} is overloaded: one definition per name`);
  return rows[0]?.def;
}

/**
 * The functions whose definition in the database differs from their file's (a file changed since the migration
 * that installed it), installed again from the file (CREATE OR REPLACE) when `apply`, in one transaction. Whether
 * they differ, PostgreSQL says: the file's text is installed under a savepoint and the two definitions compared
 * (pg_get_functiondef), rolled back when equal (or when not `apply`). A function the database lacks is left out:
 * the migration that creates it has not run, or a later one dropped it. Returns their names.
 */
export async function refreshFunctions(runner: QueryRunner, { apply = true } = {}): Promise<string[]> {
  const changed: string[] = [];
  await runner.startTransaction();
  try {
    for (const file of functionFiles()) {
      const before = await installedDefinition(runner, file.name);
      if (before === undefined) continue;
      await runner.query('SAVEPOINT refresh_function');
      await runner.query(file.text);
      const same = (await installedDefinition(runner, file.name)) === before;
      if (!same) changed.push(file.name);
      await runner.query(
        same || !apply ? 'ROLLBACK TO SAVEPOINT refresh_function' : 'RELEASE SAVEPOINT refresh_function',
      );
    }
    await runner.commitTransaction();
  } catch (error) {
    await runner.rollbackTransaction();
    throw error;
  }
  return changed;
}

/** The name and table of each trigger triggerStatements() creates. */
export function triggerNames(): { name: string; table: string }[] {
  return triggersOf(triggerStatements());
}
