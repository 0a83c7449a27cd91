import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyPreparedFolder } from './support/prepared-database';
import { runMetacatalog, startMetacatalogServer, type ServerProcess } from './support/processes';

/**
 * One process owns an embedded data folder (issue 8, point 1). Real processes: `metacatalog serve` and the CLI
 * on one DATA_DIR. Before the lock, `traits add` beside a running server wrote into the same files and a trait
 * created through GraphQL afterwards was gone after a restart.
 */
// Real processes booting PGlite, several times over: minutes on a loaded machine.
jest.setTimeout(300_000);

describe('one process owns an embedded data folder', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'metacatalog-owner-'));
  const folder = join(dataDir, 'pgdata');
  const env = { DATA_DIR: dataDir };
  /** The CLI's own output only (its logs stay quiet). */
  const cli = { env: { ...env, LOG_LEVEL: 'warn' } };
  let server: ServerProcess | undefined;
  // A folder some earlier `serve` migrated and seeded (what a fresh one does: embedded-persistence.test.ts).
  beforeAll(() => copyPreparedFolder(folder));
  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  const customTraits = async (via: ServerProcess) => {
    const result = await via.gql<{ traits: { nodes: { name: string }[] } }>(
      '{ traits(first: 50, filter: { startsWith: "CUSTOM_" }) { nodes { name } } }',
    );
    expect(result.errors).toBeUndefined();
    return result.data!.traits.nodes.map((trait) => trait.name);
  };

  it('refuses writing commands and a second server while a server owns the folder; after kill -9 the CLI works and nothing is lost', async () => {
    server = await startMetacatalogServer({ env });

    // Commands that write are refused at once, naming the folder, the owner and where to go instead (those
    // that only read go through the server: test/backup-processes.test.ts).
    for (const args of [['traits', 'add', 'CUSTOM_BESIDE'], ['migrate']]) {
      const refused = await runMetacatalog(args, cli);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`The data folder ${folder} is in use by another metacatalog process`);
      expect(refused.stderr).toContain(`pid ${server.pid}, \`metacatalog serve\``);
      expect(refused.stderr).toContain(`serving ${server.url}`);
      expect(refused.stderr).toContain(
        `stop that server first, or make the change through its GraphQL API at ${server.url}`,
      );
      expect(refused.stdout).not.toMatch(/created|CUSTOM_/);
    }
    const second = await startMetacatalogServer({ env }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(second).toMatch(/^metacatalog serve exited \(1\)/);
    expect(second).toContain(
      `The data folder ${folder} is in use by another metacatalog process (pid ${server.pid}`,
    );

    // The earlier reproduction: the server goes on owning its files, and what it acknowledges is kept.
    const created = await server.gql<{ createTrait: { created: boolean } }>(
      'mutation { createTrait(name: "CUSTOM_VIA_API") { created } }',
    );
    expect(created.data?.createTrait.created).toBe(true);
    expect(await customTraits(server)).toEqual(['CUSTOM_VIA_API']);

    // A crash leaves the lock's socket file behind: it must not block the next process.
    const killed = await server.stop('SIGKILL');
    expect(killed.signal).toBe('SIGKILL');
    const listed = await runMetacatalog(['traits', 'list', '--starts-with', 'CUSTOM_'], cli);
    expect(listed).toMatchObject({ code: 0, stdout: 'CUSTOM_VIA_API\n' });
    expect(await runMetacatalog(['traits', 'add', 'CUSTOM_AFTER'], cli)).toMatchObject({
      code: 0,
      stdout: 'created CUSTOM_AFTER\n',
    });

    server = await startMetacatalogServer({ env });
    expect(await customTraits(server)).toEqual(['CUSTOM_AFTER', 'CUSTOM_VIA_API']);
  });
});
