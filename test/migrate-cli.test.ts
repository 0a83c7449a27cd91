import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrations } from '../migrations';
import { runMetacatalog } from './support/processes';
import { createTestDatabaseUrl } from './support/test-database';

/** `metacatalog migrate --status` as an operator runs it (a real process), before and after migrating. */
describe('metacatalog migrate --status', () => {
  const dir = mkdtempSync(join(tmpdir(), 'metacatalog-migrate-'));
  let database: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
  let env: Record<string, string>;
  beforeAll(async () => {
    database = await createTestDatabaseUrl();
    env = { DATABASE_URL: database.shared ? database.url : `pglite://${join(dir, 'db')}` };
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const status = async () => {
    const run = await runMetacatalog(['migrate', '--status'], { env });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    return run.stdout.split('\n').filter(Boolean);
  };

  it('lists every migration pending on a new database, applied after migrate, and the newest pending after --undo', async () => {
    const names = migrations.map((migration) => migration.name);
    expect(names.length).toBeGreaterThan(1);

    expect(await status()).toEqual([
      ...names.map((name) => `pending  ${name}`),
      `0 applied, ${names.length} pending`,
    ]);
    // --status changed nothing: migrate still has everything to apply.
    expect(await runMetacatalog(['migrate'], { env })).toMatchObject({ code: 0 });
    expect(await status()).toEqual([
      ...names.map((name) => `applied  ${name}`),
      `${names.length} applied, 0 pending`,
    ]);

    expect(await runMetacatalog(['migrate', '--undo'], { env })).toMatchObject({
      code: 0,
      stdout: `reverted ${names[names.length - 1]}\n`,
    });
    expect(await status()).toEqual([
      ...names.slice(0, -1).map((name) => `applied  ${name}`),
      `pending  ${names[names.length - 1]}`,
      `${names.length - 1} applied, 1 pending`,
    ]);

    const both = await runMetacatalog(['migrate', '--status', '--undo'], { env });
    expect(both.code).toBe(1);
    expect(both.stderr).toMatch(
      /--undo.*cannot be used with.*--status|--status.*cannot be used with.*--undo/,
    );
  }, 300_000);
});
