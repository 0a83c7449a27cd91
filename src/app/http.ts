import { readFileSync, readlinkSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import compression from 'compression';
import type { Logger } from 'pino';
import { openstackRequestIdOf, requestIdOf } from './context';

/**
 * The HTTP layer on node's own `http` module: a route table, body reading with a limit, and errors shaped
 * like GraphQL's (`{"errors":[{"message","extensions":{"code"}}]}`) for requests that never reach GraphQL.
 */

/** What a handler knows of its request besides node's objects. */
export interface RequestMeta {
  requestId: string;
  path: string;
  /** The query string with its `?`, or ''. */
  search: string;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, info: RequestMeta) => unknown;

export interface Route {
  /** An exact path, or with `prefix` every path starting with it. */
  path: string;
  prefix?: boolean;
  /** Handlers by method; a GET handler also answers HEAD. */
  methods: Partial<Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS', Handler>>;
}

/** A request the client got wrong (or a path that does not exist): answered with `status` and `code`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const bytes = Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(bytes.length),
  });
  res.end(bytes);
}

function sendError(res: ServerResponse, error: HttpError): void {
  sendJson(
    res,
    error.status,
    { errors: [{ message: error.message, extensions: { code: error.code } }] },
    error.headers,
  );
}

/** The one log line of a request refused before (or by) GraphQL: never a stack trace. */
export function logRefused(
  logger: Logger,
  req: IncomingMessage,
  info: RequestMeta,
  status: number,
  code: string,
  reason: string,
): void {
  logger.info(
    { requestId: info.requestId, method: req.method, path: info.path.slice(0, 200), status, code, reason },
    'request refused',
  );
}

/** Reads the whole body, refusing more than `limit` bytes (HTTP 413) without buffering them. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = () =>
    new HttpError(413, 'BAD_REQUEST', `The request body is larger than ${limit / (1024 * 1024)} MB`, {
      // The rest of the body is not read: the connection cannot carry another request.
      connection: 'close',
    });
  if (Number(req.headers['content-length']) > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData).pause();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size)));
    // The client closed the connection mid-body: nothing to answer, one line to log.
    req.once('error', () => reject(new HttpError(400, 'BAD_REQUEST', 'The request body was cut off')));
  });
}

/** The 404 of a path nothing answers. */
export const notServed = (path: string) =>
  new HttpError(404, 'NOT_FOUND', `Nothing is served at ${path.slice(0, 200)}`);

const METHODS_ALLOWED = (methods: Route['methods']) => Object.keys(methods).join(', ');

/** Answers smaller than this are sent as they are (compressing them would save little and cost a round of zlib). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * gzip or brotli (`compression`, node's zlib) for every answer of a compressible type (JSON, HTML, JS, CSS, text)
 * of at least COMPRESSION_THRESHOLD_BYTES, as the client's Accept-Encoding allows (brotli preferred), with
 * `Vary: Accept-Encoding`.
 */
const compress = compression({ threshold: COMPRESSION_THRESHOLD_BYTES }) as unknown as Middleware;

/**
 * The request listener of the server: finds the route, gives every response an `X-Request-Id` (the client's
 * when valid, else a new one) and `X-Content-Type-Options: nosniff`, compresses what is worth it, and turns what a handler throws into a JSON error (HttpError: its status;
 * anything else: a logged 500 with the request id). A GET or HEAD that no route takes goes to `fallback`
 * when there is one (the web app's files), else is 404.
 */
export function createRouter(routes: readonly Route[], logger: Logger, fallback?: Handler) {
  const exact = new Map(routes.filter((route) => !route.prefix).map((route) => [route.path, route]));
  const prefixed = routes.filter((route) => route.prefix);

  const refuse = (req: IncomingMessage, res: ServerResponse, info: RequestMeta, error: HttpError) => {
    logRefused(logger, req, info, error.status, error.code, error.message);
    sendError(res, error);
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const info: RequestMeta = {
      requestId: requestIdOf(req.headers),
      path: query === -1 ? url : url.slice(0, query),
      search: query === -1 ? '' : url.slice(query),
    };
    res.setHeader('x-request-id', info.requestId);
    res.setHeader('x-openstack-request-id', openstackRequestIdOf(info.requestId));
    // No answer is to be read as another type than it says (JSON as HTML, say).
    res.setHeader('x-content-type-options', 'nosniff');
    compress(req, res, () => undefined);
    const route = exact.get(info.path) ?? prefixed.find((candidate) => info.path.startsWith(candidate.path));
    const method = (req.method === 'HEAD' ? 'GET' : req.method) as keyof Route['methods'];
    if (!route && !(fallback && method === 'GET')) {
      refuse(req, res, info, notServed(info.path));
      return;
    }
    const handler = route ? route.methods[method] : fallback;
    if (!handler) {
      const allow = route ? METHODS_ALLOWED(route.methods) : 'GET';
      refuse(
        req,
        res,
        info,
        new HttpError(405, 'BAD_REQUEST', `${req.method} is not allowed here (allowed: ${allow})`, { allow }),
      );
      return;
    }
    try {
      await handler(req, res, info);
    } catch (error) {
      if (res.headersSent) {
        logger.error({ requestId: info.requestId, err: error }, 'error while answering');
        res.destroy();
      } else if (error instanceof HttpError) {
        refuse(req, res, info, error);
      } else {
        logger.error({ requestId: info.requestId, err: error }, 'unexpected error');
        sendJson(res, 500, {
          errors: [
            {
              message: 'Internal server error',
              extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: info.requestId },
            },
          ],
        });
      }
    }
  };
}

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
export function createHttpServer(
  listener: (req: IncomingMessage, res: ServerResponse) => unknown,
  logger: Logger,
): {
  server: http.Server;
  closeAfterEachResponse(): void;
  drain(timeoutMs: number): Promise<number>;
} {
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
