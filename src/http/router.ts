import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import type { Logger } from 'pino';
import { openstackRequestIdOf, requestIdOf } from './request-id';

/**
 * The route table of the HTTP layer (node's own `http` module, server.ts): routes, body reading with a limit,
 * compression, and errors shaped like GraphQL's (`{"errors":[{"message","extensions":{"code"}}]}`) for requests
 * that never reach GraphQL.
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
  /**
   * `handler`: the handlers call `compress` themselves, for the answers worth it (what they refuse by throwing
   * is compressed as on every route). By default every answer goes through `compress`.
   */
  compression?: 'handler';
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

const compression_ = compression({ threshold: COMPRESSION_THRESHOLD_BYTES }) as unknown as Middleware;
const compressing = new WeakSet<ServerResponse>();

/**
 * gzip or brotli (`compression`, node's zlib) for the answer of `res` when it is of a compressible type (JSON,
 * HTML, JS, CSS, text) and at least COMPRESSION_THRESHOLD_BYTES, as the client's Accept-Encoding allows (brotli
 * preferred), with `Vary: Accept-Encoding`. Called before the answer's headers are written; once per response.
 */
export function compress(req: IncomingMessage, res: ServerResponse): void {
  if (compressing.has(res)) return;
  compressing.add(res);
  compression_(req, res, () => undefined);
}

/** Adds `value` to the response's Vary header unless already there. */
export function addVary(res: ServerResponse, value: string): void {
  const header = res.getHeader('vary');
  // The usual case (nothing varies yet): nothing to split.
  if (header === undefined) {
    res.setHeader('vary', value);
    return;
  }
  const current = String(header);
  const names = current.split(',').map((name) => name.trim().toLowerCase());
  if (names.includes('*') || names.includes(value.toLowerCase())) return;
  res.setHeader('vary', current ? `${current}, ${value}` : value);
}

/**
 * The request listener of the server: finds the route, gives every response an `X-Request-Id` (the client's
 * when valid, else a new one) and `X-Content-Type-Options: nosniff`, compresses what is worth it (`compress`;
 * a route with `compression: 'handler'` decides itself), and turns what a handler throws into a JSON error
 * (HttpError: its status; anything else: a logged 500 with the request id). A GET or HEAD that no route takes goes to `fallback`
 * when there is one (the web app's files), else is 404.
 */
export function createRouter(routes: readonly Route[], logger: Logger, fallback?: Handler) {
  const exact = new Map(routes.filter((route) => !route.prefix).map((route) => [route.path, route]));
  const prefixed = routes.filter((route) => route.prefix);

  const refuse = (req: IncomingMessage, res: ServerResponse, info: RequestMeta, error: HttpError) => {
    compress(req, res);
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
    const route = exact.get(info.path) ?? prefixed.find((candidate) => info.path.startsWith(candidate.path));
    if (route?.compression !== 'handler') compress(req, res);
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
        compress(req, res);
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
