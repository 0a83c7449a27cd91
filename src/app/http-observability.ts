import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Route } from './http';
import type { Metrics } from './observability';

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
 * route and status once it is done (`aborted` when the client left before it was complete). WebSocket upgrades
 * do not pass here (subscriptions.ts has its own gauges).
 */
export function observeRequests(
  listener: (req: IncomingMessage, res: ServerResponse) => unknown,
  {
    metrics,
    route,
  }: { metrics: Pick<Metrics, 'httpRequests'>; route: (method: string | undefined, path: string) => string },
): (req: IncomingMessage, res: ServerResponse) => unknown {
  return (req, res) => {
    res.once('close', () => {
      metrics.httpRequests.inc({
        method: methodLabel(req.method),
        route: route(req.method, pathOf(req)),
        status: res.writableFinished ? String(res.statusCode) : 'aborted',
      });
    });
    return listener(req, res);
  };
}
