import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataFolderInUseError, lockDataFolder } from './data-folder-lock';

describe('lockDataFolder', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'metacatalog-lock-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  /** What a process killed with SIGKILL leaves: the socket file, with nobody listening. */
  function leaveStaleSocket() {
    const killed = spawnSync(process.execPath, [
      '-e',
      `require('net').createServer().listen(${JSON.stringify(join(folder, 'metacatalog-owner.sock'))}, () => process.kill(process.pid, 'SIGKILL'))`,
    ]);
    expect(killed.signal).toBe('SIGKILL');
    expect(existsSync(join(folder, 'metacatalog-owner.sock'))).toBe(true);
  }

  it('lets one owner in; the next is told its pid, command and URL, until it releases the folder', async () => {
    const lock = await lockDataFolder(folder, 'serve');
    lock.announce({ url: 'http://127.0.0.1:4000/graphql' });

    const refused = await lockDataFolder(folder, 'traits add CUSTOM_X').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataFolderInUseError);
    expect((refused as DataFolderInUseError).owner).toMatchObject({
      pid: process.pid,
      command: 'serve',
      url: 'http://127.0.0.1:4000/graphql',
    });
    expect((refused as Error).message).toContain(`The data folder ${folder} is in use`);

    await lock.release();
    expect(existsSync(join(folder, 'metacatalog-owner.sock'))).toBe(false);
    await (await lockDataFolder(folder, 'traits add CUSTOM_X')).release();
  });

  it('takes over the socket file of a process that was killed', async () => {
    leaveStaleSocket();
    const lock = await lockDataFolder(folder, 'serve');
    await expect(lockDataFolder(folder, 'serve')).rejects.toBeInstanceOf(DataFolderInUseError);
    await lock.release();
  });
});
