/**
 * The REST routes of the OpenStack APIs the catalog also answers (Placement's traits and providers, …), as a
 * module declares them in its manifest (`rest`). A route is no handler: it names one GraphQL operation, how the
 * request becomes its variables and how its data becomes the upstream answer. The HTTP layer (http/rest.ts) runs
 * the operation through the one GraphQL pipeline (identity, policy, limits, metrics, the change log's actor
 * `via: rest`), so a rule holds the same over REST and GraphQL.
 */
import type { ErrorCode } from './errors';

/** The OpenStack APIs served, each under its own prefix (PLACEMENT_PREFIX, …). */
export type RestApiName = 'placement' | 'compute' | 'blazar' | 'glance';

export type RestMethod = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';

/** A microversion, `[major, minor]`. */
export type Microversion = readonly [number, number];

/** What a route knows of its request. */
export interface RestRequest {
  /** The path's `{name}` parts, decoded. */
  params: Readonly<Record<string, string>>;
  /** The query string's parameters (a name may repeat). */
  query: URLSearchParams;
  /** The JSON body, parsed (undefined without one). */
  body: unknown;
  /** The request's headers, by lower-case name (a repeated one joined by ", "): Glance's X-Openstack-Append. */
  headers: Readonly<Record<string, string>>;
  /** The microversion the request asked for (or the API's default). */
  version: Microversion;
  /** Where the API is mounted (the prefix, no trailing `/`), for the links of an answer. */
  base: string;
  /**
   * The absolute URL of a path below the prefix, for a `Location` header: absolute, as webob makes it upstream
   * (keystoneauth joins a relative one to the endpoint, which already ends in the prefix).
   */
  absolute(path: string): string;
}

/** What a route answers: a status, and a JSON body unless it has none (204). */
export interface RestAnswer {
  status: number;
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
}

/** How the operation's error codes become the upstream status and error code (by default: API.md's map). */
export type RestErrorMap = Partial<Record<ErrorCode, { status?: number; code?: string }>>;

/** The request is wrong before any operation runs (a parameter, the body): 400 unless told, naming the field. */
export class RestInputError extends Error {
  constructor(
    message: string,
    readonly status = 400,
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface RestRoute {
  api: RestApiName;
  method: RestMethod;
  /** The path below the API's prefix, with `{name}` parts: `/traits/{name}`. */
  path: string;
  /** The first microversion that has the route; below it the path answers as unknown (404). */
  since?: Microversion;
  /** One GraphQL operation (named: its name is the operation's metric and log name). */
  operation: string;
  /** The operation's variables from the request; throws RestInputError for a wrong request. */
  variables(request: RestRequest): Record<string, unknown>;
  /**
   * A connection to read whole: its path in `data` (`traits`); the operation takes `$after` and is run again with
   * the page's `endCursor` while `hasNextPage`, and `answer` gets every page's nodes in the first page's data.
   */
  allPages?: string;
  /** With `allPages`: stop reading pages once this many nodes are read (Glance's `limit`); undefined: every page. */
  pagesUpTo?(request: RestRequest): number | undefined;
  /**
   * A read that must hold before the operation runs (its own GraphQL operation, with the same variables): e.g. that
   * a resource is a server before its tags change. `holds` throws RestInputError when it does not; what it returns
   * is merged into the operation's variables (a cursor made of what it read, an unchanged field left out).
   */
  precondition?: {
    operation: string;
    holds(
      data: Record<string, unknown>,
      request: RestRequest,
      variables: Record<string, unknown>,
    ): void | Record<string, unknown>;
  };
  /** The answer from the operation's data. */
  answer(data: Record<string, unknown>, request: RestRequest): RestAnswer;
  /** Error codes of the operation answered otherwise than by default (a CONFLICT's upstream code, …). */
  errors?: RestErrorMap;
}

/** A route, checked as written (its api and method literal). */
export const defineRestRoutes = (routes: readonly RestRoute[]): readonly RestRoute[] => routes;

/** Refuses query parameters the route does not take (as the upstream services' query schemas do). */
export function onlyParameters(request: RestRequest, allowed: readonly string[]): void {
  const unknown = [...new Set(request.query.keys())].filter((name) => !allowed.includes(name));
  if (unknown.length) {
    throw new RestInputError(`Invalid query string parameters: unknown ${unknown.join(', ')}`);
  }
}

/** The one value of a query parameter; 400 when it is given more than once. */
export function oneParameter(request: RestRequest, name: string): string | undefined {
  const values = request.query.getAll(name);
  if (values.length > 1)
    throw new RestInputError(`Invalid query string parameters: ${name} given more than once`);
  return values[0];
}

/** The body, when it is a JSON object of only these keys, each of the expected type; 400 naming the key otherwise. */
export function bodyObject(
  request: RestRequest,
  keys: Readonly<Record<string, 'string' | 'integer' | 'string[]' | 'string?' | 'boolean'>>,
  required: readonly string[],
): Record<string, unknown> {
  const { body } = request;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new RestInputError('JSON does not validate: the body must be a JSON object');
  }
  const object = body as Record<string, unknown>;
  for (const key of Object.keys(object)) {
    if (!(key in keys)) throw new RestInputError(`JSON does not validate: additional property "${key}"`);
  }
  for (const key of required) {
    if (!(key in object)) throw new RestInputError(`JSON does not validate: "${key}" is a required property`);
  }
  for (const [key, type] of Object.entries(keys)) {
    if (!(key in object)) continue;
    const value = object[key];
    const fits =
      type === 'string'
        ? typeof value === 'string'
        : type === 'string?'
          ? typeof value === 'string' || value === null
          : type === 'integer'
            ? Number.isInteger(value)
            : type === 'boolean'
              ? typeof value === 'boolean'
              : Array.isArray(value) && value.every((item) => typeof item === 'string');
    if (!fits)
      throw new RestInputError(`JSON does not validate: "${key}" must be ${type.replace('?', ' or null')}`);
  }
  return object;
}

const UUID_PATTERN = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** A uuid as a path or body gives it (with or without dashes), in its canonical form; undefined when it is none. */
export function canonicalUuid(value: string): string | undefined {
  if (!UUID_PATTERN.test(value)) return undefined;
  const hex = value.replace(/-/g, '').toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
