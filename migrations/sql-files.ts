import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { QueryRunner } from 'typeorm';

/**
 * The text of one of the service's .sql files (the current definition of a database function, or a file of
 * triggers), `path` from the project's root: `src/db/change-log/sql/change_log_sequence.sql`. Read by path, as
 * migrations import nothing of the service; from the sources (migrations/) and from the build (dist/migrations/:
 * scripts/build.mjs copies the .sql files into dist/ beside the compiled code) alike.
 */
export function sqlFile(path: string): string {
  return readFileSync(join(__dirname, '..', path), 'utf8');
}

// How a .sql file is read, in one place: the service's src/db/sql-definitions.ts imports these too (a migration
// imports nothing of the service, so the shared part lives here, with no dependency but node's).

/** The statements of a file of several, each ending with a semicolon at the end of a line (its comments kept). */
export function sqlStatements(text: string): string[] {
  return text
    .split(/;[ \t]*$/m)
    .map((statement) => statement.trim())
    .filter((statement) => statement.replace(/^--.*$/gm, '').trim() !== '');
}

/** The name and table of each `CREATE TRIGGER name … ON table` of `statements`. */
export function triggersOf(statements: readonly string[]): { name: string; table: string }[] {
  return statements.map((statement) => {
    const match = /CREATE (?:CONSTRAINT )?TRIGGER (\w+)\b[\s\S]*?\bON (\w+)/.exec(statement);
    if (!match) throw new Error(`not a CREATE TRIGGER statement: ${statement.slice(0, 80)}`);
    return { name: match[1], table: match[2] };
  });
}

/** Creates the triggers of `folder`'s triggers.sql (`folder` from the project's root), in the file's order. */
export async function createTriggers(queryRunner: QueryRunner, folder: string): Promise<void> {
  for (const statement of sqlStatements(sqlFile(`${folder}/triggers.sql`)))
    await queryRunner.query(statement);
}

/** Drops the triggers of `folder`'s triggers.sql. */
export async function dropTriggers(queryRunner: QueryRunner, folder: string): Promise<void> {
  for (const { name, table } of triggersOf(sqlStatements(sqlFile(`${folder}/triggers.sql`)))) {
    await queryRunner.query(`DROP TRIGGER ${name} ON ${table}`);
  }
}
