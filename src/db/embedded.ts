import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { lockDataFolder, type DataFolderLock } from './data-folder-lock';

export interface EmbeddedOptions {
  /** Where PGlite keeps its files; undefined: in memory. */
  dir: string | undefined;
  /** The command line after `metacatalog`, told to a second process that finds the folder in use. */
  command: string;
}

/**
 * The embedded PostgreSQL (PGlite) of this process, behind a Unix socket that only this process uses, with
 * the `pg` driver on the other side. On disk it owns its folder: a second process is refused.
 */
export class EmbeddedPostgres {
  readonly url: string;
  readonly describe: string;
  private readonly socketDir: string;
  private readonly socketPath: string;
  private db!: PGlite;
  private server: PGLiteSocketServer | undefined;

  private constructor(
    options: EmbeddedOptions,
    private readonly lock: DataFolderLock | undefined,
  ) {
    // A private folder for the socket: short path (Unix socket paths are limited to ~100 bytes), mode 0700.
    this.socketDir = mkdtempSync(join(tmpdir(), 'metacatalog-'));
    this.socketPath = join(this.socketDir, '.s.PGSQL.5432');
    this.url = `postgres://postgres@localhost/postgres?host=${encodeURIComponent(this.socketDir)}`;
    this.describe = options.dir ? `embedded PGlite in ${options.dir}` : 'embedded PGlite in memory';
  }

  static async open(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
    const { dir } = options;
    let lock: DataFolderLock | undefined;
    if (dir) {
      mkdirSync(dir, { recursive: true });
      lock = await lockDataFolder(dir, options.command);
    }
    const embedded = new EmbeddedPostgres(options, lock);
    try {
      embedded.db = await PGlite.create(dir ? { dataDir: dir } : {});
      await embedded.startSocket();
      return embedded;
    } catch (error) {
      await embedded.close();
      throw error;
    }
  }

  async startSocket(): Promise<void> {
    if (this.server) return;
    this.server = new PGLiteSocketServer({ db: this.db, path: this.socketPath });
    await this.server.start();
  }

  /** Stops accepting connections and drops the open one (also how tests simulate an outage). */
  async stopSocket(): Promise<void> {
    const running = this.server;
    this.server = undefined;
    await running?.stop();
  }

  /** Tells a process that finds the folder in use where to go instead. */
  announce(url: string): void {
    this.lock?.announce({ url });
  }

  async close(): Promise<void> {
    await this.stopSocket();
    if (this.db && !this.db.closed) await this.db.close();
    await this.lock?.release();
    rmSync(this.socketDir, { recursive: true, force: true });
  }
}
