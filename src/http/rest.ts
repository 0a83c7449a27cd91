import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { HeaderMap, type ApolloServer, type HTTPGraphQLRequest } from '@apollo/server';
import type { Logger } from 'pino';
import type { Context } from '../common/context';
import {
  RestInputError,
  type Microversion,
  type RestAnswer,
  type RestApiName,
  type RestErrorMap,
  type RestRequest,
  type RestRoute,
} from '../common/rest';
import { openstackRequestIdOf } from './request-id';
import { compress, logRefused, readBody, sendJson, type RequestMeta, type Route } from './router';

/**
 * The OpenStack REST APIs (docs/openstack.md): every module's route table (`rest` in its manifest), mounted under
 * each API's prefix. A request is matched to its route, its microversion negotiated as the API does it, and its
 * route's GraphQL operation run through Apollo's HTTP entry point (`executeHTTPGraphQLRequest`), as /graphql runs
 * a POST: the same plugins (identity, limits, input guard, metrics, tracing, the answer cache) and the context of a
 * `via: rest` request. Its errors become the API's error body.
 */

/** How one OpenStack API negotiates versions and words its errors (http/placement.ts, …). */
export interface RestApi {
  name: RestApiName;
  /** Where it is mounted: `/placement` (no trailing `/`). */
  prefix: string;
  /** The version a request asks for; throws RestInputError (400 malformed, 406 unsupported). */
  negotiate(headers: IncomingHttpHeaders): Microversion;
  /** Headers on every answer of that version (the version said back, Vary). */
  headers(version: Microversion): Record<string, string>;
  /** The API's error body: JSON, or a RawBody (webob's HTML or plain text, as the request's Accept asks). */
  errorBody(error: {
    status: number;
    message: string;
    code: string | undefined;
    requestId: string;
    version: Microversion;
    /** The request's Accept header (undefined: none). */
    accept: string | undefined;
  }): unknown;
  /**
   * The answer to GET of the prefix itself (the version document), when the API has one; `absolute` makes the URL
   * of a path below the prefix (for links).
   */
  root?(absolute: (path: string) => string): RestAnswer;
  /** Other fixed GET documents below the prefix, by path (Glance's `/versions`), answered before any route. */
  documents?: Readonly<Record<string, (absolute: (path: string) => string) => RestAnswer>>;
}

/** A body that is no JSON (an error page as webob renders it): its content type and text. */
export class RawBody {
  constructor(
    readonly contentType: string,
    readonly text: string,
  ) {}
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Request Entity Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};
export const statusTitle = (status: number): string => TITLES[status] ?? 'Error';

/** The HTTP status of an operation's error code (API.md's map), unless the route says otherwise. */
const DEFAULT_STATUS: Record<string, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  LIMIT_EXCEEDED: 403,
  SERVICE_UNAVAILABLE: 503,
  GRAPHQL_PARSE_FAILED: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
};

const MAX_BODY_BYTES = 2 * 1024 * 1024;

interface GraphqlError {
  message?: string;
  extensions?: { code?: string };
}
interface GraphqlResult {
  data?: Record<string, unknown> | null;
  errors?: GraphqlError[];
}

/** A refusal on the way: its status, message and the API's code for it. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

interface Template {
  route: RestRoute;
  /** The path's segments; `{name}` ones are parameters. */
  segments: string[];
}

function match(template: Template, segments: string[]): Record<string, string> | undefined {
  if (template.segments.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let index = 0; index < segments.length; index += 1) {
    const want = template.segments[index];
    const have = segments[index];
    if (want.startsWith('{') && want.endsWith('}')) {
      if (!have) return undefined;
      try {
        params[want.slice(1, -1)] = decodeURIComponent(have);
      } catch {
        return undefined;
      }
    } else if (want !== have) return undefined;
  }
  return params;
}

const atLeast = (version: Microversion, since: Microversion | undefined): boolean =>
  !since || version[0] > since[0] || (version[0] === since[0] && version[1] >= since[1]);

async function readJson(req: IncomingMessage): Promise<unknown> {
  const body = await readBody(req, MAX_BODY_BYTES);
  if (body.length === 0) return undefined;
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') {
    throw new Refusal(415, `The request body must be application/json, not "${type.slice(0, 100)}"`);
  }
  try {
    return JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new Refusal(400, `The request body is not valid JSON: ${(error as Error).message.slice(0, 200)}`);
  }
}

/** The value at `path` (dot-separated) of `data`. */
const at = (data: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | null)?.[key], data);

export interface RestRoutesOptions {
  apis: readonly RestApi[];
  routes: readonly RestRoute[];
  apollo: ApolloServer<Context>;
  /** The context of one REST request (its identity from the headers; the change log's actor `via: rest`). */
  context(req: IncomingMessage, requestId: string): Promise<Context>;
  logger: Logger;
}

/** One prefix route per API, answering its route table. */
export function restRoutes({ apis, routes, apollo, context, logger }: RestRoutesOptions): Route[] {
  return apis.map((api) => {
    const templates: Template[] = routes
      .filter((route) => route.api === api.name)
      .map((route) => ({ route, segments: route.path.split('/').slice(1) }));

    /** Runs the route's operation; the data, or a Refusal from its first error. */
    const run = async (
      req: IncomingMessage,
      info: RequestMeta,
      route: RestRoute,
      variables: Record<string, unknown>,
      operation: string = route.operation,
    ): Promise<Record<string, unknown>> => {
      const headers = new HeaderMap();
      for (const name in req.headers) {
        const value = req.headers[name];
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      // The operation is ours, not the client's body: it goes as the JSON POST /graphql takes.
      headers.set('content-type', 'application/json');
      headers.delete('content-length');
      headers.delete('content-encoding');
      const httpGraphQLRequest: HTTPGraphQLRequest = {
        method: 'POST',
        headers,
        search: '',
        body: { query: operation, variables },
      };
      const response = await apollo.executeHTTPGraphQLRequest({
        httpGraphQLRequest,
        context: () => context(req, info.requestId),
      });
      if (response.body.kind !== 'complete') throw new Refusal(500, 'An operation answered in parts');
      const result = JSON.parse(response.body.string) as GraphqlResult;
      const error = result.errors?.[0];
      if (error) throw refusalOf(error, route.errors);
      return result.data ?? {};
    };

    const handle = async (req: IncomingMessage, res: ServerResponse, info: RequestMeta) => {
      compress(req, res);
      let version: Microversion = [1, 0];
      const fail = (refusal: Refusal) => {
        logRefused(
          logger,
          req,
          info,
          refusal.status,
          refusal.code ?? String(refusal.status),
          refusal.message,
        );
        const body = api.errorBody({
          status: refusal.status,
          message: refusal.message,
          code: refusal.code,
          requestId: openstackRequestIdOf(info.requestId),
          version,
          accept: [req.headers.accept].flat().join(', ') || undefined,
        });
        const headers = { ...api.headers(version), ...refusal.headers };
        if (body instanceof RawBody) {
          const bytes = Buffer.from(body.text);
          res.writeHead(refusal.status, {
            ...headers,
            'content-type': body.contentType,
            'content-length': String(bytes.length),
          });
          res.end(req.method === 'HEAD' ? undefined : bytes);
          return;
        }
        sendJson(res, refusal.status, body, headers);
      };
      try {
        version = api.negotiate(req.headers);
        const rest = info.path.slice(api.prefix.length);
        const base = api.prefix;
        if (rest !== '' && !rest.startsWith('/'))
          throw new Refusal(404, `Nothing is served at ${info.path.slice(0, 200)}`);
        const absolute = (path: string) => `${originOf(req)}${base}${path}`;
        const document = rest === '' || rest === '/' ? api.root : api.documents?.[rest.replace(/\/$/, '')];
        if (document) {
          if (req.method !== 'GET' && req.method !== 'HEAD') {
            throw new Refusal(405, `${req.method} is not allowed on ${rest || '/'}`, undefined, {
              allow: 'GET',
            });
          }
          const answer = document(absolute);
          sendJson(res, answer.status, answer.body, { ...api.headers(version), ...answer.headers });
          return;
        }
        const segments = rest.split('/').slice(1);
        const candidates = templates
          .filter((template) => atLeast(version, template.route.since))
          .map((template) => ({ template, params: match(template, segments) }))
          .filter((found) => found.params !== undefined);
        if (!candidates.length) {
          throw new Refusal(404, `The resource could not be found: ${info.path.slice(0, 200)}`);
        }
        const method = req.method === 'HEAD' ? 'GET' : req.method;
        const found = candidates.find((candidate) => candidate.template.route.method === method);
        if (!found) {
          const allow = [...new Set(candidates.map((candidate) => candidate.template.route.method))].join(
            ', ',
          );
          throw new Refusal(405, `The method ${req.method} is not allowed for this resource`, undefined, {
            allow,
          });
        }
        const { route } = found.template;
        const body = method === 'GET' || method === 'DELETE' ? undefined : await readJson(req);
        const request: RestRequest = {
          params: found.params!,
          query: new URLSearchParams(info.search),
          body,
          headers: Object.fromEntries(
            Object.entries(req.headers).map(([name, value]) => [name, [value].flat().join(', ')]),
          ),
          version,
          base,
          absolute,
        };
        let variables = route.variables(request);
        if (route.precondition) {
          const { operation, holds } = route.precondition;
          const more = holds(await run(req, info, route, variables, operation), request, variables);
          if (more) variables = { ...variables, ...more };
        }
        const data = await run(req, info, route, variables);
        if (route.allPages) {
          const pages = [data];
          const upTo = route.pagesUpTo?.(request);
          let read = 0;
          for (;;) {
            const page = at(pages[pages.length - 1], route.allPages) as {
              nodes: unknown[];
              pageInfo: { hasNextPage: boolean; endCursor: string | null };
            };
            read += page.nodes.length;
            if (!page.pageInfo.hasNextPage || (upTo !== undefined && read >= upTo)) break;
            pages.push(await run(req, info, route, { ...variables, after: page.pageInfo.endCursor }));
          }
          (at(data, route.allPages) as { nodes: unknown[] }).nodes = pages.flatMap(
            (page) => (at(page, route.allPages!) as { nodes: unknown[] }).nodes,
          );
        }
        const answer = route.answer(data, request);
        const headers = { ...api.headers(version), ...answer.headers };
        if (answer.body === undefined) {
          res.writeHead(answer.status, headers);
          res.end();
          return;
        }
        sendJson(res, answer.status, answer.body, headers);
      } catch (error) {
        if (error instanceof Refusal) fail(error);
        else if (error instanceof RestInputError) fail(new Refusal(error.status, error.message, error.code));
        else if (isHttpError(error)) fail(new Refusal(error.status, error.message, undefined, error.headers));
        else throw error;
      }
    };

    return {
      path: api.prefix,
      prefix: true,
      compression: 'handler',
      methods: { GET: handle, PUT: handle, POST: handle, DELETE: handle, PATCH: handle },
    } satisfies Route;
  });
}

/** The scheme and host the client used (a TLS-terminating proxy's `X-Forwarded-Proto` counts). */
function originOf(req: IncomingMessage): string {
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    .trim();
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : 'http';
  return `${scheme}://${req.headers.host ?? 'localhost'}`;
}

function isHttpError(
  error: unknown,
): error is { status: number; message: string; headers: Record<string, string> } {
  return error instanceof Error && typeof (error as { status?: unknown }).status === 'number';
}

function refusalOf(error: GraphqlError, errors: RestErrorMap = {}): Refusal {
  const code = error.extensions?.code ?? 'INTERNAL_SERVER_ERROR';
  const mapped = errors[code as keyof RestErrorMap];
  const status = mapped?.status ?? DEFAULT_STATUS[code] ?? 500;
  const message = status === 500 ? 'An unexpected error prevented the server from answering' : error.message;
  return new Refusal(status, message ?? 'Error', mapped?.code);
}
