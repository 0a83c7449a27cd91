import { mkdirSync, rmdirSync, statSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import { join, relative } from 'node:path';

/** Who owns a data folder, as its owner answers on the folder's socket. */
export interface FolderOwner {
  pid: number;
  /** The command line after `metacatalog`, e.g. `serve` or `traits add CUSTOM_X`. */
  command: string;
  /** The GraphQL URL, once the owner serves one. */
  url?: string;
  since: string;
}

/** A problem with the data folder itself: in use, read-only, full. The message says what to do. */
export class DataFolderError extends Error {}

export class DataFolderInUseError extends DataFolderError {
  constructor(
    readonly folder: string,
    readonly owner: FolderOwner | undefined,
  ) {
    super(inUseMessage(folder, owner));
  }
}

function inUseMessage(folder: string, owner: FolderOwner | undefined): string {
  const intro = `The data folder ${folder} is in use by another metacatalog process`;
  if (!owner) {
    return `${intro} (it did not say which: another user's, or busy). One process owns an embedded data folder: stop that process first.`;
  }
  const who = `pid ${owner.pid}, \`metacatalog ${owner.command}\`, since ${owner.since}`;
  if (owner.url) {
    return (
      `${intro} (${who}, serving ${owner.url}). One process owns an embedded data folder: stop that server ` +
      `first, or make the change through its GraphQL API at ${owner.url}.`
    );
  }
  return `${intro} (${who}). One process owns an embedded data folder: wait for that command to finish or stop it, then try again.`;
}

export interface DataFolderLock {
  readonly folder: string;
  /** Adds to what the owner tells others (the URL once the server listens). */
  announce(update: Partial<FolderOwner>): void;
  release(): Promise<void>;
}

/** Unix socket paths are limited to about 100 bytes: use the relative path when the absolute one is too long. */
const MAX_SOCKET_PATH = 100;
const SOCKET_NAME = 'metacatalog-owner.sock';
const ASK_TIMEOUT_MS = 2000;
/** A takeover guard older than this was left by a process that died during the few milliseconds it lasts. */
const STALE_GUARD_MS = 10_000;
const ATTEMPTS = 40;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The path of a Unix socket `name` inside `folder`: relative to the working folder when the absolute one is too long. */
export function unixSocketPath(folder: string, name: string): string {
  const absolute = join(folder, name);
  if (Buffer.byteLength(absolute) <= MAX_SOCKET_PATH) return absolute;
  const shorter = relative(process.cwd(), absolute);
  if (Buffer.byteLength(shorter) <= MAX_SOCKET_PATH) return shorter;
  throw new DataFolderError(
    `The data folder path ${folder} is too long for its lock (a Unix socket path of at most ${MAX_SOCKET_PATH} bytes): use a shorter DATA_DIR, or run from a folder closer to it.`,
  );
}

const socketPathIn = (folder: string) => unixSocketPath(folder, SOCKET_NAME);

function listen(path: string, answer: () => string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => {
      socket.on('error', () => socket.destroy());
      socket.end(answer());
    });
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      // The lock must never keep a finished CLI command alive.
      server.unref();
      resolve(server);
    });
  });
}

type Answer = { alive: false } | { alive: true; owner?: FolderOwner };

/** Asks the process listening on the folder's socket who it is. Nobody listening: the socket is stale. */
function ask(path: string): Promise<Answer> {
  return new Promise((resolve) => {
    let text = '';
    let connected = false;
    const socket = net.connect(path);
    const done = (answer: Answer) => {
      socket.destroy();
      clearTimeout(timer);
      resolve(answer);
    };
    // A live owner busy in a long synchronous query answers late: it still holds the folder.
    const timer = setTimeout(() => done({ alive: true }), ASK_TIMEOUT_MS);
    socket.setEncoding('utf8');
    socket.on('connect', () => (connected = true));
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => done({ alive: true, owner: parseOwner(text) }));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (connected) return done({ alive: true, owner: parseOwner(text) });
      // ECONNREFUSED: a socket file nobody listens on (its owner died); ENOENT: it just went away.
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') return done({ alive: false });
      // EACCES and the like: another user's live socket we may not talk to.
      done({ alive: true });
    });
  });
}

function parseOwner(text: string): FolderOwner | undefined {
  try {
    const value = JSON.parse(text) as FolderOwner;
    return typeof value.pid === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

function errnoOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

/** Removes a stale socket file, one process at a time, checking again under the guard that it is still stale. */
async function removeStale(path: string): Promise<void> {
  const guard = `${path}.takeover`;
  try {
    mkdirSync(guard);
  } catch (error) {
    if (errnoOf(error) !== 'EEXIST') throw error;
    try {
      if (Date.now() - statSync(guard).mtimeMs > STALE_GUARD_MS) rmdirSync(guard);
    } catch {
      // Another process removed it meanwhile.
    }
    return;
  }
  try {
    if (!(await ask(path)).alive) unlinkSync(path);
  } catch (error) {
    if (errnoOf(error) !== 'ENOENT') throw error;
  } finally {
    rmdirSync(guard);
  }
}

/**
 * Makes this process the only one using `folder`, until `release()` or its exit (even by kill -9): it listens
 * on a Unix socket in the folder. The kernel closes a dead process's socket, so a second process can tell a
 * live owner (it answers with its pid, command and URL) from a stale socket file (connection refused), which
 * it takes over. Unlike a pid file this also holds across containers sharing the folder (pid namespaces), and
 * unlike a lock refreshed on a timer it cannot expire while the owner's event loop is busy in a long query.
 */
export async function lockDataFolder(folder: string, command: string): Promise<DataFolderLock> {
  const path = socketPathIn(folder);
  const owner: FolderOwner = { pid: process.pid, command, since: new Date().toISOString() };
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    let server: net.Server;
    try {
      server = await listen(path, () => JSON.stringify(owner));
    } catch (error) {
      if (errnoOf(error) !== 'EADDRINUSE') throw error;
      const answer = await ask(path);
      if (answer.alive) throw new DataFolderInUseError(folder, answer.owner);
      await removeStale(path);
      await sleep(attempt * 5);
      continue;
    }
    return {
      folder,
      announce: (update) => Object.assign(owner, update),
      // Closing the server also removes the socket file.
      release: () => new Promise((resolve) => server.close(() => resolve())),
    };
  }
  throw new DataFolderError(
    `Could not take the lock of the data folder ${folder}: other processes keep racing for it.`,
  );
}
