import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { boot } from '../src/app/runtime';
import { createApp } from '../src/app/server';
import { loadConfig } from '../src/config';
import { copyPreparedFolder } from './support/prepared-database';
import { headersOf, ADMIN } from './support/test-app';

/** The default for `npm start`: embedded PostgreSQL on disk, kept across restarts. */
describe('embedded database on disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'metacatalog-data-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function start(env: Record<string, string>) {
    const config = loadConfig({ AUTH_MODE: 'headers', ...env });
    const runtime = await boot({ config, logger: pino({ level: 'silent' }) });
    return createApp(runtime);
  }

  async function run(app: Awaited<ReturnType<typeof start>>, query: string) {
    const response = await app.apollo.executeOperation(
      { query },
      { contextValue: await app.contextFor(headersOf(ADMIN)) },
    );
    return response.body.kind === 'single' ? response.body.singleResult : undefined;
  }

  // The first starts on an empty folder (initdb, every migration and seed, as a new installation); the second on
  // a folder some earlier `serve` migrated and seeded (the prepared database).
  it.each([
    ['DATA_DIR (DATABASE_URL unset)', { DATA_DIR: join(dir, 'default') }, undefined],
    ['pglite:///absolute/dir', { DATABASE_URL: `pglite://${join(dir, 'explicit')}` }, join(dir, 'explicit')],
  ])('keeps data across restarts with %s', async (_how, env, prepared) => {
    if (prepared) await copyPreparedFolder(prepared);
    const first = await start(env);
    expect(first.database.kind).toBe('pglite');
    // A folder built by this start (every migration applied): the instance that built it gave way to a new one,
    // which gives back the memory building took (about 780 → 350–400 MB of RSS idle).
    expect(first.database.embedded?.instances).toBe(prepared ? 1 : 2);
    const created = await run(
      first,
      'mutation { createNamespace(input: { name: "Kept::Across" }) { name } }',
    );
    expect(created?.errors).toBeUndefined();
    await first.stop();

    const second = await start(env);
    expect(second.database.embedded?.instances).toBe(1);
    const found = await run(second, '{ namespace(name: "Kept::Across") { name } resourceTypes { name } }');
    expect(found?.data).toMatchObject({ namespace: { name: 'Kept::Across' } });
    await second.stop();
  });
});
