import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { prepareTestDatabase } from './prepared-database';

const ROOT = join(__dirname, '..', '..');

/**
 * jest's globalSetup, once per run before the workers start:
 * - GraphiQL's build (dist/graphiql) when it is missing or older than web/: test/server.test.ts serves the real
 *   one. After `npm start` (or `npm run build`) it is there and this builds nothing; in a fresh clone that runs
 *   `npm test` first, it is built here, once, not by two workers at a time. (test/process.test.ts builds what it
 *   runs itself: `scripts/build.mjs --changed`, as `npm start` does.)
 * - the database every test server starts from, prepared once per run (prepared-database.ts).
 */
export default async function globalSetup(): Promise<void> {
  // Its "up to date" / "building" line on stderr: jest's own output stays readable, --json's stdout clean.
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs'), '--changed', 'graphiql'], {
    cwd: ROOT,
    stdio: ['ignore', 2, 2],
  });
  await prepareTestDatabase();
}
