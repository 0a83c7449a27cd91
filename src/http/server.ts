import { readFileSync, readlinkSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { ConfigError } from '../config';

/**
 * The node HTTP server that takes the router's listener (router.ts), answers bytes that are not HTTP, and shuts
 * down without dropping a connection.
 */

/** What node's parser gives up on, by its error code: status, reason phrase, message. */
const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive'],
};

/** The answer to bytes that are not (acceptable) HTTP: JSON like every other refusal. */
function clientErrorResponse(error: NodeJS.ErrnoException): string {
  const [status, reason, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'Bad Request',
    'Malformed HTTP request',
  ];
  const body = JSON.stringify({ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] });
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/** How long a connection accepted just before the listener closed may take to send its first request. */
export const FIRST_REQUEST_GRACE_MS = 1000;

/**
 * How many connections the kernel has queued for `server` that node has not accepted yet (Linux: the listen
 * socket's line in /proc/net/tcp{,6}, whose rx_queue is its accept queue); undefined where that cannot be
 * read (another OS, a Unix socket).
 */
export function acceptQueueLength(server: net.Server): number | undefined {
  try {
    const fd = (server as unknown as { _handle?: { fd?: number } })._handle?.fd;
    if (typeof fd !== 'number' || fd < 0) return undefined;
    const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`))?.[1];
    if (!inode) return undefined;
    for (const table of ['/proc/self/net/tcp', '/proc/self/net/tcp6']) {
      for (const line of readFileSync(table, 'utf8').split('\n')) {
        // sl local rem st tx_queue:rx_queue tr:when retrnsmt uid timeout inode …; st 0A is LISTEN
        const fields = line.trim().split(/\s+/);
        if (fields[9] === inode && fields[3] === '0A') return parseInt(fields[4].split(':')[1], 16);
      }
    }
    return undefined;
  } catch {
    return undefined;
  }
}

/**
 * Lets node accept every connection the kernel has queued for `server`, resolving in the check phase of the
 * event loop that finds the queue empty, so that the caller closes the listener in that same tick. Closing a
 * listen socket resets the connections still in its queue, whose clients already believe they are connected;
 * and node accepts one queued connection per turn of its event loop (in the poll phase), so a busy server can
 * have hundreds queued. Where the queue cannot be read, a turn in which nothing was accepted means it was
 * empty. Gives up at `deadline` (clients that never stop connecting keep it from ever being empty).
 */
function acceptQueued(server: net.Server, accepted: () => number, deadline: number): Promise<void> {
  return new Promise((resolve) => {
    let before = accepted();
    const check = () => {
      const queued = acceptQueueLength(server) ?? accepted() - before;
      before = accepted();
      if (queued === 0 || Date.now() >= deadline) resolve();
      else setImmediate(check);
    };
    // From here, the next check phase comes after a poll phase.
    setImmediate(() => setImmediate(check));
  });
}

interface Connection {
  /** Requests received on it so far. */
  requests: number;
  /** Responses not finished yet. */
  answering: number;
}

/**
 * A node HTTP server for `listener` that can shut down without dropping a connection:
 * - `closeAfterEachResponse()`: every response says `Connection: close` (a keep-alive client takes its next
 *   request elsewhere), while the listener still accepts (SHUTDOWN_DELAY_MS);
 * - `drain(timeoutMs)`: accepts what the kernel has queued, stops listening, answers the requests it is working
 *   on (and the first request of a connection accepted last, for up to FIRST_REQUEST_GRACE_MS) with
 *   `Connection: close`, closes idle keep-alive connections, and reports when the last one is gone. A connection
 *   is never closed under a request it is answering (its client would see a reset after the request's write
 *   committed) unless the timeout runs out; it resolves with the count of requests then cut off.
 */
export interface HttpTransport {
  server: http.Server;
  closeAfterEachResponse(): void;
  drain(timeoutMs: number): Promise<number>;
}

export function createHttpServer(
  listener: (req: IncomingMessage, res: ServerResponse) => unknown,
  logger: Logger,
): HttpTransport {
  let closeAfterResponse = false;
  let draining = false;
  const connections = new Map<net.Socket, Connection>();
  const answering = new Set<ServerResponse>();
  const server = http.createServer((req, res) => {
    const connection = connections.get(req.socket);
    if (connection) {
      connection.requests += 1;
      connection.answering += 1;
    }
    answering.add(res);
    res.once('close', () => {
      answering.delete(res);
      if (connection) connection.answering -= 1;
      // A response sent keep-alive before the drain began leaves its connection idle: close it (one that
      // said Connection: close is closed by node once it is written).
      const keptAlive = String(res.getHeader('connection')).toLowerCase() !== 'close';
      if (draining && keptAlive && connection?.answering === 0) req.socket.destroy();
    });
    if (closeAfterResponse) res.setHeader('connection', 'close');
    void listener(req, res);
  });
  let accepted = 0;
  server.on('connection', (socket: net.Socket) => {
    accepted += 1;
    connections.set(socket, { requests: 0, answering: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    logger.info(
      { code: 'BAD_REQUEST', reason: error.code ?? error.message },
      'malformed HTTP request refused',
    );
    socket.end(clientErrorResponse(error));
  });
  const closeAfterEachResponse = () => {
    closeAfterResponse = true;
    for (const res of answering) if (!res.headersSent) res.setHeader('connection', 'close');
  };
  return {
    server,
    closeAfterEachResponse,
    async drain(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      closeAfterEachResponse();
      // Half the timeout at most goes to taking queued connections; the rest is for the requests in flight.
      await acceptQueued(server, () => accepted, Date.now() + timeoutMs / 2);
      draining = true;
      // Stops listening, in the tick that found the accept queue empty. net.Server's close, not http.Server's:
      // that one would also close every connection without a request in progress, resetting one accepted a
      // moment ago whose request is already on its way.
      const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      for (const [socket, connection] of connections) {
        if (connection.requests > 0 && connection.answering === 0) socket.destroy();
      }
      const fresh = setTimeout(
        () => {
          for (const [socket, connection] of connections) if (connection.requests === 0) socket.destroy();
        },
        Math.min(FIRST_REQUEST_GRACE_MS, Math.max(0, deadline - Date.now())),
      );
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<number>((resolve) => {
        timer = setTimeout(
          () => {
            const cut = answering.size;
            for (const socket of connections.keys()) socket.destroy();
            server.closeAllConnections();
            resolve(cut);
          },
          Math.max(0, deadline - Date.now()),
        );
      });
      try {
        return await Promise.race([closed.then(() => 0), timedOut]);
      } finally {
        clearTimeout(fresh);
        clearTimeout(timer);
      }
    },
  };
}

/** A listen failure in the words of the setting to change. */
function listenError(error: NodeJS.ErrnoException, port: number, host: string): Error {
  switch (error.code) {
    case 'EADDRINUSE':
      return new ConfigError(`PORT ${port} is already in use on HOST ${host}`);
    case 'EACCES':
      return new ConfigError(`PORT ${port} on HOST ${host} needs privileges this process lacks`);
    case 'EADDRNOTAVAIL':
      return new ConfigError(`HOST ${host} is not an address of this machine (cannot listen on it)`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
      return new ConfigError(`HOST ${host} does not resolve to an address`);
    default:
      return error;
  }
}

/** Starts listening; resolves with the GraphQL endpoint's URL, or rejects in the words of PORT and HOST. */
export function listen(server: http.Server, port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', (error) => reject(listenError(error, port, host)));
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve(`http://${shownHost}:${address.port}/graphql`);
    });
  });
}
