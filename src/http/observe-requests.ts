import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import {
  context,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context as TraceContext,
  type Tracer,
} from '@opentelemetry/api';
import type { Counter } from 'prom-client';
import type { Route } from './router';

/** What request observation needs of the instance's tracing (app/tracing.ts), when it is on. */
export interface RequestTracing {
  tracer: Tracer;
  /** The trace a request's caller is in (W3C `traceparent`), or none. */
  callerContext(headers: IncomingHttpHeaders): TraceContext;
}

/** Probes and scrapes, every few seconds from every replica: no trace of their own. */
const UNTRACED_ROUTES = new Set(['/health/live', '/health/ready', '/metrics']);

/** The methods labelled by name; anything else a client sends is `other` (the label set stays bounded). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The `route` label of a request path: the path of the route that takes it (a prefix route's path with `*`),
 * `explorer` for a GET or HEAD the explorer web app takes, `other` for anything else. Never the raw path, which
 * a client chooses: the label set is the route table's.
 */
export function routeLabeller(
  routes: readonly Route[],
  explorer: boolean,
): (method: string | undefined, path: string) => string {
  const exact = new Set(routes.filter((route) => !route.prefix).map((route) => route.path));
  const prefixed = routes.filter((route) => route.prefix).map((route) => route.path);
  return (method, path) => {
    if (exact.has(path)) return path;
    const prefix = prefixed.find((candidate) => path.startsWith(candidate));
    if (prefix !== undefined) return `${prefix}*`;
    return explorer && (method === 'GET' || method === 'HEAD') ? 'explorer' : 'other';
  };
}

/** The request's path without its query string. */
export function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

export const methodLabel = (method: string | undefined): string =>
  method && METHODS.has(method) ? method : 'other';

/**
 * Wraps the server's request listener: counts every response in `metacatalog_http_requests_total` by method,
 * route and status once it is done (`aborted` when the client left before it was complete). With tracing, runs
 * the request in a server span (a child of the caller's when it sends a W3C `traceparent`), so that the
 * GraphQL operation's and the database's spans are its children. WebSocket upgrades do not pass here
 * (app/subscriptions.ts has its own gauges).
 */
export function observeRequests(
  listener: (req: IncomingMessage, res: ServerResponse) => unknown,
  {
    metrics,
    route: routeOf,
    tracing,
  }: {
    metrics: { httpRequests: Counter<'method' | 'route' | 'status'> };
    route: (method: string | undefined, path: string) => string;
    tracing?: RequestTracing;
  },
): (req: IncomingMessage, res: ServerResponse) => unknown {
  return (req, res) => {
    const path = pathOf(req);
    const method = methodLabel(req.method);
    const route = routeOf(req.method, path);
    res.once('close', () => {
      metrics.httpRequests.inc({
        method,
        route,
        status: res.writableFinished ? String(res.statusCode) : 'aborted',
      });
    });
    if (!tracing || UNTRACED_ROUTES.has(route)) return listener(req, res);
    const caller = tracing.callerContext(req.headers);
    // OpenTelemetry's HTTP conventions: "METHOD route" when the route is known, else the method alone.
    const routed = route !== 'other' && route !== 'explorer';
    const verb = method === 'other' ? 'HTTP' : method;
    const span = tracing.tracer.startSpan(
      routed ? `${verb} ${route}` : verb,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': method === 'other' ? '_OTHER' : method,
          'url.path': path.slice(0, 200),
          'url.scheme': 'http',
          ...(routed ? { 'http.route': route } : {}),
          ...(req.socket.remoteAddress ? { 'network.peer.address': req.socket.remoteAddress } : {}),
          ...(req.headers['user-agent']
            ? { 'user_agent.original': req.headers['user-agent'].slice(0, 200) }
            : {}),
        },
      },
      caller,
    );
    res.once('close', () => {
      span.setAttribute('http.response.status_code', res.statusCode);
      if (!res.writableFinished) span.setAttribute('error.type', 'aborted');
      else if (res.statusCode >= 500) span.setAttribute('error.type', String(res.statusCode));
      if (!res.writableFinished || res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    return context.with(trace.setSpan(caller, span), () => listener(req, res));
  };
}
