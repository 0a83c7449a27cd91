import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from 'cors';
import { addVary, HttpError } from './router';
import { isListedOrigin } from './origins';

/**
 * CORS for `/graphql` (the `cors` package, used as plain `(req, res, next)` middleware): a page of an origin in
 * CORS_ORIGINS gets `Access-Control-Allow-Origin` with its own origin (`Vary: Origin`), credentials allowed
 * (except for an origin matched only by `*`), the headers Apollo Client, Relay and OpenStack clients send, and
 * the response headers it may read. A page of any other origin gets no CORS header (its browser keeps the answer
 * from it), and its preflight is refused with 403. The origin rule is the WebSocket's (origins.ts).
 */

/** The request headers a page may send: content and identity, Apollo's CSRF and client headers, tracing. */
export const CORS_ALLOWED_HEADERS = [
  'content-type',
  'accept',
  'authorization',
  'x-auth-token',
  'x-service-token',
  'x-project-id',
  'x-user-id',
  'x-roles',
  'apollo-require-preflight',
  'x-apollo-operation-name',
  'apollographql-client-name',
  'apollographql-client-version',
  'x-request-id',
  'x-openstack-request-id',
  'traceparent',
  'tracestate',
  'baggage',
  'if-none-match',
];

/** The response headers a page may read besides the CORS-safelisted ones. */
export const CORS_EXPOSED_HEADERS = [
  'x-request-id',
  'x-openstack-request-id',
  'www-authenticate',
  'etag',
  'retry-after',
  'traceparent',
];

/** How long a browser may reuse a preflight's answer (Chromium caps it at 2 hours). */
export const CORS_MAX_AGE_SECONDS = 600;

export const CORS_METHODS = ['GET', 'POST', 'OPTIONS'];

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

export interface Cors {
  /** Headers for an actual (non-preflight) request: the allow-origin headers for a listed origin, else none. */
  actual(req: IncomingMessage, res: ServerResponse): void;
  /** Answers `OPTIONS`: a listed origin's preflight (204), a refused one (403), or a plain OPTIONS (204, Allow). */
  preflight(req: IncomingMessage, res: ServerResponse): void;
}

export function createCors(allowed: readonly string[]): Cors {
  const options = {
    origin: true, // reflect the request's origin: only called for listed ones
    methods: CORS_METHODS,
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: CORS_MAX_AGE_SECONDS,
    optionsSuccessStatus: 204,
  };
  const withCredentials = cors({ ...options, credentials: true }) as Middleware;
  // `*` lets any page call; it does not also let any page send the user's cookies or HTTP authentication.
  const withoutCredentials = cors({ ...options, credentials: false }) as Middleware;
  const specific = allowed.filter((entry) => entry !== '*');

  /** The middleware for this request's origin, or undefined when it is not listed. */
  const middlewareFor = (origin: string | undefined): Middleware | undefined => {
    if (origin === undefined || !isListedOrigin(origin, allowed)) return undefined;
    return isListedOrigin(origin, specific) ? withCredentials : withoutCredentials;
  };

  return {
    actual(req, res) {
      if (!allowed.length) return;
      // The answer depends on the Origin header (caches must not hand one origin's answer to another).
      addVary(res, 'Origin');
      middlewareFor(req.headers.origin)?.(req, res, () => undefined);
    },
    preflight(req, res) {
      const origin = req.headers.origin;
      if (origin === undefined) {
        // Not a browser's preflight: what the resource allows.
        res.writeHead(204, { allow: CORS_METHODS.join(', ') });
        res.end();
        return;
      }
      const middleware = middlewareFor(origin);
      if (!middleware) {
        addVary(res, 'Origin');
        throw new HttpError(
          403,
          'FORBIDDEN',
          allowed.length
            ? `Pages of ${origin.slice(0, 200)} may not call this service: it is not in CORS_ORIGINS`
            : `Pages of other origins may not call this service: CORS_ORIGINS is empty (${origin.slice(0, 200)} refused)`,
        );
      }
      middleware(req, res, () => undefined);
    },
  };
}
