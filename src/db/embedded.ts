import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite, type Extension, type PGliteOptions } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { Logger } from 'pino';
import { ServiceUnavailableError } from '../common/errors';
import { DataFolderError, lockDataFolder, type DataFolderLock } from './data-folder-lock';

/** How the database is doing beyond answering queries, for /health/ready. */
export interface DatabaseStatus {
  /** What is wrong (changes refused, restarting), in words for an operator. */
  problem?: string;
}

export interface EmbeddedOptions {
  /** Where PGlite keeps its files; undefined: in memory. */
  dir: string | undefined;
  /** Changes are refused while the data folder's disk has less free space than this. */
  minFreeBytes: number;
  sharedBuffersMb: number;
  /** The command line after `metacatalog`, told to a second process that finds the folder in use. */
  command: string;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /**
   * In memory only: start from this data folder (a tarball from `dump()`) instead of an empty one, skipping
   * initdb. Tests start every server from one migrated and seeded database this way (test/support).
   */
  initialData?: Uint8Array;
}

const MB = 1024 * 1024;
const mb = (bytes: number) => `${Math.floor(bytes / MB)} MB`;
/** A restart replays the write-ahead log, then needs room for a new WAL segment (16 MB) and a checkpoint. */
const RESTART_MIN_FREE = 32 * MB;

function errnoOf(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The space available to this user on the disk holding `dir`. */
async function freeBytes(dir: string): Promise<number> {
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
}

function diskFullMessage(dir: string, free: number, min: number): string {
  return (
    `The disk holding the data folder ${dir} is full: ${mb(free)} free, and the embedded database needs at ` +
    `least ${mb(min)} to write safely. Free some space, or move DATA_DIR to a larger disk.`
  );
}

/** A plain explanation of why the data folder cannot be used, from the error the system gave. */
function folderProblem(dir: string, error: unknown): DataFolderError | undefined {
  switch (errnoOf(error)) {
    case 'EROFS':
      return new DataFolderError(
        `The data folder ${dir} is on a read-only file system: the embedded database must write there. Mount it read-write, or set DATA_DIR to a writable folder.`,
      );
    case 'EACCES':
    case 'EPERM':
      return new DataFolderError(
        `The data folder ${dir} is not writable by the user ${userInfo().username}: the embedded database must write there. Give that user write access, or set DATA_DIR to a writable folder.`,
      );
    case 'ENOSPC':
    case 'EDQUOT':
      return new DataFolderError(
        `The disk holding the data folder ${dir} is full (or the user's quota is used up): the embedded database cannot write there. Free some space, or move DATA_DIR to a larger disk.`,
      );
    default:
      return undefined;
  }
}

/** Checks that the folder takes a write and has room, before PostgreSQL finds out in the middle of its start. */
async function checkFolder(dir: string, minFreeBytes: number): Promise<void> {
  const probe = join(dir, `.metacatalog-write-test-${process.pid}`);
  try {
    writeFileSync(probe, Buffer.alloc(8192));
  } catch (error) {
    throw folderProblem(dir, error) ?? error;
  } finally {
    try {
      unlinkSync(probe);
    } catch {
      // It was never created.
    }
  }
  const free = await freeBytes(dir);
  if (free < minFreeBytes) {
    throw new DataFolderError(
      `${diskFullMessage(dir, free, minFreeBytes)} (The minimum is DATA_MIN_FREE_MB.)`,
    );
  }
}

/**
 * A PGlite extension that only hooks Emscripten's abort: a PostgreSQL PANIC (e.g. no space for a new WAL
 * segment) aborts the WebAssembly instance, and any later call into it spins forever on the event loop.
 */
function abortWatch(onAbort: () => void): Extension {
  return {
    name: 'metacatalog-abort-watch',
    setup: async (_pg, emscriptenOpts: object) => ({ emscriptenOpts: { ...emscriptenOpts, onAbort } }),
  };
}

/**
 * A data folder's tarball as PGlite's `loadDataDir` takes it. PGlite only calls arrayBuffer(), which on a real
 * Blob copies the ~40 MB in 64 KB chunks (about a second of CPU under Node 20): this hands over the bytes.
 */
function tarball(bytes: Uint8Array): Blob {
  const arrayBuffer = async () =>
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  return { type: 'application/x-tar', size: bytes.byteLength, arrayBuffer } as Blob;
}

/** One PGlite (WebAssembly) instance; a new one replaces it after it aborted. */
class Instance {
  readonly db: PGlite;
  aborted = false;
  /** The last PANIC or FATAL message PostgreSQL logged, to say why it stopped. */
  lastFatal: string | undefined;

  constructor(options: PGliteOptions, onAbort: (instance: Instance) => void) {
    this.db = new PGlite({
      ...options,
      extensions: { abortWatch: abortWatch(() => onAbort(this)) },
      onStderr: (line) => {
        const fatal = /\b(?:PANIC|FATAL): {2}(.*)$/.exec(line);
        if (fatal) this.lastFatal = fatal[1];
        return false;
      },
    });
  }
}

/**
 * The instance as the socket server sees it: once it aborted, nothing reaches it any more (each call fails
 * at once, and it is never in a transaction), so the server's connections close instead of hanging.
 */
function guarded(instance: Instance): PGlite {
  return new Proxy(instance.db, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property === 'isInTransaction') return () => !instance.aborted && target.isInTransaction();
      return (...args: unknown[]) => {
        if (instance.aborted) throw new Error('the embedded database stopped');
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** Gives back the instance's open files (JavaScript only: never calls into an aborted WebAssembly instance). */
function releaseFiles(db: PGlite): void {
  try {
    db.Module.FS.quit();
  } catch {
    // The instance never got as far as opening files.
  }
}

/**
 * The embedded PostgreSQL (PGlite) of this process, behind a Unix socket that only this process uses, with
 * the `pg` driver on the other side. On disk it owns its folder (a second process is refused), refuses
 * changes while the folder's disk is nearly full (reads go on), and when PostgreSQL aborts (a PANIC, such as
 * no space for its write-ahead log) it starts a new instance on the same folder once there is room again:
 * crash recovery replays the write-ahead log, so every acknowledged change is kept.
 */
export class EmbeddedPostgres {
  readonly url: string;
  readonly describe: string;
  private readonly socketDir: string;
  /** PGlite's socket: this process's pool, and commands it lends its connection to (embedded-sharing.ts). */
  readonly socketPath: string;
  private instance!: Instance;
  /** How many PGlite instances this process started on the folder (a renewal or a restart adds one). */
  instances = 0;
  private server: PGLiteSocketServer | undefined;
  private problem: { kind: 'disk-full' | 'restarting' | 'failed'; message: string } | undefined;
  private recovering: Promise<void> | undefined;
  private readonly closing = new AbortController();

  private constructor(
    private readonly options: EmbeddedOptions,
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
      try {
        mkdirSync(dir, { recursive: true });
        lock = await lockDataFolder(dir, options.command);
      } catch (error) {
        throw folderProblem(dir, error) ?? error;
      }
    }
    const embedded = new EmbeddedPostgres(options, lock);
    try {
      if (dir) await checkFolder(dir, options.minFreeBytes);
      embedded.instance = await embedded.start();
      await embedded.startSocket();
      return embedded;
    } catch (error) {
      await embedded.close();
      throw error;
    }
  }

  /** Starts a PGlite instance; a failure says what is wrong with the folder when that is the cause. */
  private async start(): Promise<Instance> {
    const { dir } = this.options;
    const instance = new Instance(
      {
        dataDir: dir,
        loadDataDir: dir || !this.options.initialData ? undefined : tarball(this.options.initialData),
        // A single-user backend needs little shared memory: PostgreSQL's default (128 MB) is most of the RSS.
        startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${this.options.sharedBuffersMb}MB`],
      },
      (aborted) => this.onAbort(aborted),
    );
    try {
      await instance.db.waitReady;
      this.instances += 1;
      return instance;
    } catch (error) {
      releaseFiles(instance.db);
      if (!dir) throw error;
      const cause = instance.lastFatal ?? (error instanceof Error ? error.message : String(error));
      const diagnosed =
        folderProblem(dir, error) ??
        (await checkFolder(dir, this.options.minFreeBytes).then(
          () => undefined,
          (problem: unknown) => problem,
        ));
      if (diagnosed) throw diagnosed;
      throw new DataFolderError(`The embedded database in ${dir} could not start: ${cause}`, {
        cause: error,
      });
    }
  }

  async startSocket(): Promise<void> {
    if (this.server) return;
    // Two: the pool's connection, and a command's while the pool lends it (embedded-sharing.ts). PGlite is one
    // session: the lender holds the pool's connection idle meanwhile, so the two never take turns mid-query.
    this.server = new PGLiteSocketServer({
      db: guarded(this.instance),
      path: this.socketPath,
      maxConnections: 2,
    });
    await this.server.start();
  }

  /**
   * The size of the instance's WebAssembly memory (bytes): PGlite starts it at 128 MB and PostgreSQL only ever
   * grows it. Only the pages PostgreSQL has touched count in the process's RSS (about 30 MB serving the bench).
   */
  get memoryBytes(): number {
    return this.instance.db.Module.HEAPU8.buffer.byteLength;
  }

  /**
   * The data folder as a tarball, after a checkpoint (nothing left to replay): what `initialData` takes. Call it
   * with no transaction open (after the pool is closed): it runs on PGlite's one session.
   */
  async dump(): Promise<Uint8Array> {
    await this.instance.db.exec('CHECKPOINT');
    return new Uint8Array(await (await this.instance.db.dumpDataDir('none')).arrayBuffer());
  }

  /**
   * Replaces the PGlite instance by a new one on the same folder, after a checkpoint (nothing to replay). A
   * WebAssembly instance's memory only grows: after building a new folder (initdb, every migration, the seeds) it
   * holds what that took, about three times what serving needs. Drops the open connection (the pool opens a new one).
   */
  async renew(): Promise<void> {
    if (!this.options.dir || this.instance.aborted) return;
    await this.stopSocket();
    await this.instance.db.exec('CHECKPOINT');
    await this.instance.db.close();
    this.instance = await this.start();
    await this.startSocket();
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

  async status(): Promise<DatabaseStatus> {
    if (!this.problem || this.problem.kind === 'disk-full') {
      try {
        await this.checkSpace();
      } catch (error) {
        if (!(error instanceof ServiceUnavailableError)) throw error;
      }
    }
    return this.problem ? { problem: this.problem.message } : {};
  }

  /** Called before every transaction: refuses changes, with the reason, while they could not be kept. */
  async assertWritable(): Promise<void> {
    if (this.problem && this.problem.kind !== 'disk-full') {
      throw new ServiceUnavailableError(this.problem.message);
    }
    await this.checkSpace();
  }

  private async checkSpace(): Promise<void> {
    const { dir, minFreeBytes, logger } = this.options;
    if (!dir) return;
    const free = await freeBytes(dir);
    if (free < minFreeBytes) {
      const message =
        `The disk holding the data folder ${dir} is full (${mb(free)} free, at least ${mb(minFreeBytes)} needed): ` +
        'changes are refused until space is freed; reads still work.';
      if (this.problem?.kind !== 'disk-full') logger.warn({ folder: dir, freeBytes: free }, message);
      this.problem = { kind: 'disk-full', message };
      throw new ServiceUnavailableError(message);
    }
    if (this.problem?.kind === 'disk-full') {
      this.problem = undefined;
      logger.info({ folder: dir, freeBytes: free }, 'disk space is back: changes are accepted again');
    }
  }

  /** Emscripten calls this synchronously from inside the aborting call: decide now, act once it has returned. */
  private onAbort(instance: Instance): void {
    instance.aborted = true;
    if (instance !== this.instance) return;
    this.problem = {
      kind: 'restarting',
      message: 'The embedded database stopped and is restarting; try again shortly.',
    };
    setImmediate(() => {
      this.recovering ??= this.recover(instance).finally(() => (this.recovering = undefined));
    });
  }

  private async recover(dead: Instance): Promise<void> {
    const { dir, minFreeBytes, logger } = this.options;
    const reason = dead.lastFatal ?? 'PostgreSQL aborted';
    logger.error({ folder: dir, reason }, `the embedded database stopped: ${reason}`);
    // Its connections close now, so requests fail at once instead of waiting for a dead instance.
    await this.stopSocket();
    releaseFiles(dead.db);
    if (!dir) {
      this.problem = {
        kind: 'failed',
        message: `The in-memory embedded database stopped (${reason}): restart the process.`,
      };
      return;
    }
    for (let attempt = 1; !this.closing.signal.aborted; attempt += 1) {
      try {
        const free = await freeBytes(dir);
        const needed = Math.max(minFreeBytes, RESTART_MIN_FREE);
        if (free < needed) {
          this.problem = {
            kind: 'restarting',
            message: `The embedded database stopped (${reason}); it restarts by itself once space is freed. ${diskFullMessage(dir, free, needed)}`,
          };
          await sleep(1000, undefined, { signal: this.closing.signal });
          continue;
        }
        const next = await this.start();
        if (this.closing.signal.aborted) {
          await next.db.close();
          return;
        }
        this.instance = next;
        await this.startSocket();
        this.problem = undefined;
        logger.info(
          { folder: dir },
          'the embedded database restarted (crash recovery replayed its write-ahead log)',
        );
        return;
      } catch (error) {
        if (this.closing.signal.aborted) return;
        logger.warn(
          { err: error, folder: dir, attempt },
          'the embedded database did not restart yet; retrying',
        );
        await sleep(Math.min(1000 * attempt, 10_000), undefined, { signal: this.closing.signal }).catch(
          () => undefined,
        );
      }
    }
  }

  async close(): Promise<void> {
    this.closing.abort();
    await this.recovering;
    await this.stopSocket();
    // An aborted instance is never called again; its files were released when it stopped.
    if (this.instance && !this.instance.aborted && !this.instance.db.closed) await this.instance.db.close();
    await this.lock?.release();
    rmSync(this.socketDir, { recursive: true, force: true });
  }
}
