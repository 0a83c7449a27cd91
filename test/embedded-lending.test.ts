import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { boot, type Runtime } from '../src/app/runtime';
import { loadConfig } from '../src/config';
import { DataFolderError } from '../src/db/data-folder-lock';
import { copyPreparedFolder } from './support/prepared-database';

/**
 * Read-only commands beside the process that owns an embedded data folder (issue 19, point 3): they read through
 * the connection it lends (src/db/embedded-sharing.ts). In one process here (the owner is this process; a
 * command finds the folder taken and borrows), so that what happens on each side can be watched; with real
 * processes in test/backup-processes.test.ts.
 */
jest.setTimeout(300_000);

describe('commands beside the owner of an embedded data folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'metacatalog-lending-'));
  const url = `pglite://${dir}`;
  const silent = pino({ level: 'silent' });
  /** The owner waits this long for its own connection before telling a command it is busy. */
  const env = {
    DATABASE_URL: url,
    AUTH_MODE: 'headers',
    LOG_LEVEL: 'silent',
    DATABASE_CONNECT_TIMEOUT_MS: '1000',
    DATABASE_POOL_WAIT_MS: '1000',
  };
  let owner: Runtime;
  const command = () => boot({ config: loadConfig(env), logger: silent, readOnly: true });
  const ownerQuery = (sql: string) => owner.database.dataSource.query(sql) as Promise<{ n: number }[]>;

  beforeAll(async () => {
    // A folder some earlier `serve` migrated and seeded.
    await copyPreparedFolder(dir);
    owner = await boot({ config: loadConfig(env), logger: silent });
  });
  afterAll(async () => {
    await owner?.database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads through the owner, which waits meanwhile; cannot write; the owner gets its connection back writable', async () => {
    const reader = await command();
    expect(reader.database.borrowedFrom).toMatchObject({ pid: process.pid });
    expect(reader.database.describe).toBe(`embedded PGlite in ${dir}, read through pid ${process.pid}`);
    const traits = 'SELECT count(*)::int AS n FROM traits';
    expect(await reader.database.dataSource.query(traits)).toEqual([{ n: 345 }]);

    // The owner's own queries wait while the command holds its connection.
    let ownerAnswered = false;
    const waiting = ownerQuery('SELECT 1 AS n').then(() => (ownerAnswered = true));
    for (let i = 0; i < 5; i += 1) await reader.database.dataSource.query('SELECT pg_sleep(0.05)');
    expect(ownerAnswered).toBe(false);

    const write = await reader.database.dataSource
      .query(`INSERT INTO traits (name) VALUES ('CUSTOM_FROM_COMMAND')`)
      .catch((error: Error) => error);
    expect((write as Error).message).toBe('cannot execute INSERT in a read-only transaction');
    // A command that goes away in the middle of a transaction: it is rolled back.
    await reader.database.dataSource.query('BEGIN');
    await reader.database.dataSource.query('SELECT 1');
    await reader.database.close();

    await waiting;
    expect(ownerAnswered).toBe(true);
    await ownerQuery(`INSERT INTO traits (name) VALUES ('CUSTOM_FROM_OWNER')`);
    expect(await ownerQuery(`SELECT count(*)::int AS n FROM traits WHERE name LIKE 'CUSTOM_%'`)).toEqual([
      { n: 1 },
    ]);
    expect(await ownerQuery(`SELECT current_setting('default_transaction_read_only') = 'off' AS n`)).toEqual([
      { n: true },
    ]);
  });

  it('a command that waits longer than the owner waits for its own connection is told so', async () => {
    const first = await command();
    await first.database.dataSource.query('SELECT 1');
    const second = await command().catch((error: unknown) => error);
    expect(second).toBeInstanceOf(DataFolderError);
    expect((second as Error).message).toBe(
      'The process owning this data folder did not free its database connection in time (timeout exceeded when ' +
        'trying to connect): another command may be reading through it, or a long transaction running; try again.',
    );
    await first.database.close();
    const third = await command();
    await third.database.close();
  });

  it("lends through a socket that only the owner's user can reach", () => {
    const folder = statSync(join(dir, 'metacatalog-commands'));
    expect(folder.mode & 0o777).toBe(0o700);
    expect(folder.uid).toBe(process.getuid!());
    expect(statSync(join(dir, 'metacatalog-commands', 'sql.sock')).isSocket()).toBe(true);
  });

  it('refuses a command of another schema version than the owner’s', async () => {
    await ownerQuery(
      `INSERT INTO migrations (timestamp, name) VALUES (1900000000000, 'Future1900000000000')`,
    );
    try {
      const refused = await command().catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DataFolderError);
      expect((refused as Error).message).toMatch(
        /Its database is at another schema version \(Future1900000000000\) than this metacatalog's \(\w+\): run this command with the same version as that process\.$/,
      );
    } finally {
      await ownerQuery(`DELETE FROM migrations WHERE name = 'Future1900000000000'`);
    }
  });

  it('an owner that stops while a command reads ends the command’s connection and stops', async () => {
    const reader = await command();
    await reader.database.dataSource.query('SELECT 1');
    await owner.database.close();
    const after = await reader.database.dataSource.query('SELECT 1').catch((error: Error) => error);
    expect((after as Error).message).toEqual(expect.any(String));
    await reader.database.close();
  });
});
