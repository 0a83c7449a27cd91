import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statfsSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real, small file system (tmpfs) that the test can fill and free: mounted in a private user and mount
 * namespace (`unshare -rm`), so it works for root and, where the kernel allows unprivileged user namespaces, for
 * any user, and never touches the machine's own mounts. A holder process keeps the namespace alive; commands
 * run inside it through nsenter, and this process reaches its files through /proc/<holder>/root.
 */
export interface SmallDisk {
  /** The mount point, as processes inside the namespace see it. */
  dir: string;
  /** Prepended to a command to run it inside the namespace. */
  prefix: string[];
  /** Where this process reaches a file of the disk. */
  hostPath(...parts: string[]): string;
  /** Writes a file until only `leaveBytes` are free. */
  fill(leaveBytes?: number): void;
  /** Deletes what fill() wrote. */
  free(): void;
  remount(mode: 'ro' | 'rw'): void;
  close(): Promise<void>;
}

const FILLER = 'filler';

export async function mountSmallDisk(sizeMb: number): Promise<SmallDisk> {
  const dir = mkdtempSync(join(tmpdir(), 'metacatalog-disk-'));
  const holder: ChildProcess = spawn(
    'unshare',
    [
      '-rm',
      'sh',
      '-c',
      `mount -t tmpfs -o size=${sizeMb}m tmpfs "$0" && echo mounted && exec sleep infinity`,
      dir,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  holder.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  await new Promise<void>((resolve, reject) => {
    holder.stdout!.setEncoding('utf8').on('data', (chunk: string) => chunk.includes('mounted') && resolve());
    holder.on('error', reject);
    holder.on('close', (code) =>
      reject(
        new Error(
          `The small-disk tests need a private tmpfs, mounted with \`unshare -rm\` (user and mount namespaces), which failed (exit ${code}): ${stderr.trim()}. ` +
            'Run them as root, or where the kernel allows unprivileged user namespaces.',
        ),
      ),
    );
  });
  const prefix = ['nsenter', '-t', String(holder.pid), '-U', '-m', '--preserve-credentials'];
  const hostPath = (...parts: string[]) => join(`/proc/${holder.pid}/root`, dir, ...parts);
  const run = (...command: string[]) => {
    const result = spawnSync(prefix[0], [...prefix.slice(1), ...command], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command.join(' ')} failed: ${result.stderr}`);
  };
  return {
    dir,
    prefix,
    hostPath,
    fill(leaveBytes = 0) {
      const stats = statfsSync(hostPath());
      let left = stats.bavail * stats.bsize - leaveBytes;
      const chunk = Buffer.alloc(1024 * 1024, 1);
      const fd = openSync(hostPath(FILLER), 'a');
      try {
        while (left > 0) left -= writeSync(fd, chunk, 0, Math.min(left, chunk.length));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        // tmpfs frees a deleted file's space only once nothing holds it open.
        closeSync(fd);
      }
    },
    free() {
      unlinkSync(hostPath(FILLER));
    },
    remount(mode) {
      run('mount', '-t', 'tmpfs', '-o', `remount,${mode}`, 'tmpfs', dir);
    },
    async close() {
      holder.kill('SIGKILL');
      const running = holder.exitCode === null && holder.signalCode === null;
      if (running) await new Promise((resolve) => holder.once('close', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
