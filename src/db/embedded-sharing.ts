import { chmodSync, lstatSync, mkdirSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { DataFolderError, unixSocketPath } from './data-folder-lock';

/**
 * Commands beside the owner of an embedded data folder. PGlite is a single PostgreSQL session inside the process
 * that owns the folder (`serve`): no other process can open its files. So the owner lends its connection. A
 * command that only reads (`backup`, `traits list`, `metadefs export`) connects to the owner's socket in the
 * folder; the owner takes the only connection of its own pool (its requests wait meanwhile, as they wait behind
 * a transaction), makes the session read-only, and relays the command's PostgreSQL protocol to PGlite until the
 * command disconnects (an open transaction is then rolled back); it makes the session writable again and takes
 * its connection back.
 *
 * Who may connect: the socket lives in `<folder>/metacatalog-commands/`, created mode 0700 and required to belong
 * to the owner's user, so only that user (and root) can connect: those who can read and write the folder's files
 * anyway. It is a Unix socket, unreachable from the network. Read-only guards against mistakes; it is not a
 * security boundary.
 */

const DIR_NAME = 'metacatalog-commands';
const SOCKET_NAME = 'sql.sock';
/** A lent connection nobody uses for this long goes back to the owner (a stopped or hung command). */
const IDLE_MS = 60_000;

/** Where a command finds the owner's lent connection. */
export function lendingSocketPath(folder: string): string {
  return unixSocketPath(join(folder, DIR_NAME), SOCKET_NAME);
}

/** What the owner lends. */
export interface Lender {
  /** PGlite's own socket (the private one the owner's pool connects to). */
  upstream: string;
  /** Takes the owner's connection and makes the session read-only; resolves with how to give it back. */
  borrow(): Promise<() => Promise<void>>;
  logger: Pick<Logger, 'info' | 'warn'>;
}

export interface Lending {
  close(): Promise<void>;
}

/** A PostgreSQL ErrorResponse (FATAL, 57P03 "cannot connect now"): the command's `pg` reports `message`. */
function errorResponse(message: string): Buffer {
  const field = (code: string, value: string) => Buffer.from(`${code}${value}\0`, 'utf8');
  const body = Buffer.concat([
    field('S', 'FATAL'),
    field('V', 'FATAL'),
    field('C', '57P03'),
    field('M', message),
    Buffer.from([0]),
  ]);
  const head = Buffer.alloc(5);
  head.write('E', 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/** The folder of the socket: mode 0700, this user's. */
function privateFolder(folder: string): string {
  const dir = join(folder, DIR_NAME);
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stat = lstatSync(dir);
  if (!stat.isDirectory() || (process.getuid && stat.uid !== process.getuid())) {
    throw new DataFolderError(
      `${dir} is not a folder of this user: commands cannot run beside this process. Remove it and restart.`,
    );
  }
  if ((stat.mode & 0o077) !== 0) chmodSync(dir, 0o700);
  return dir;
}

/**
 * Starts lending (the owner of the folder calls it once its database is open). Commands connecting while another
 * one holds the connection wait for it like any request does (up to DATABASE_POOL_WAIT_MS).
 */
export async function lendToCommands(folder: string, lender: Lender): Promise<Lending> {
  privateFolder(folder);
  const path = lendingSocketPath(folder);
  // We own the folder: a socket file left here is a dead owner's.
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  /** Every command connected, and each one's relay until it has given the connection back. */
  const sockets = new Set<net.Socket>();
  const relays = new Set<Promise<void>>();
  let closing = false;

  const relay = async (client: net.Socket): Promise<void> => {
    client.on('error', () => client.destroy());
    let giveBack: () => Promise<void>;
    try {
      giveBack = await lender.borrow();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      client.end(
        errorResponse(
          `The process owning this data folder did not free its database connection in time (${reason}): ` +
            'another command may be reading through it, or a long transaction running; try again.',
        ),
        () => client.destroy(),
      );
      return;
    }
    try {
      if (closing || client.destroyed) return;
      const upstream = net.connect(lender.upstream);
      let connected = false;
      const ended = new Promise<void>((resolve) => {
        let pending = 2;
        const done = () => {
          pending -= 1;
          if (pending === 0) resolve();
        };
        client.once('close', () => {
          upstream.destroy();
          done();
        });
        // The embedded database went away (stopped, restarting): the command is told, then disconnected.
        upstream.once('close', () => {
          client.end();
          done();
        });
      });
      upstream.on('error', (error) => {
        if (!connected) {
          client.end(errorResponse(`The embedded database is unavailable: ${error.message}`), () =>
            client.destroy(),
          );
        }
      });
      client.setTimeout(IDLE_MS, () => client.destroy());
      upstream.once('connect', () => {
        connected = true;
        client.pipe(upstream);
        upstream.pipe(client);
      });
      await ended;
    } finally {
      await giveBack();
    }
  };

  const server = net.createServer((client) => {
    if (closing) {
      client.destroy();
      return;
    }
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    const done = relay(client).catch((error: unknown) => {
      client.destroy();
      lender.logger.warn({ err: error }, 'a command beside this process failed');
    });
    relays.add(done);
    void done.finally(() => relays.delete(done));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      // A command beside us must never keep this process alive.
      server.unref();
      resolve();
    });
  });
  return {
    async close() {
      closing = true;
      // The server closes once its connections have: end them (each gives the connection back) first.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await Promise.all(relays);
      await closed;
    },
  };
}
