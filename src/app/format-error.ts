import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, parse, visit, type GraphQLFormattedError } from 'graphql';
import type { Logger } from 'pino';
import { AppError, type ErrorCode } from '../common/errors';
import { codedErrorMessage, errorCode } from '../db/error-code';

/** Codes that graphql-js and Apollo produce for a malformed request: the caller's fault, passed through. */
const REQUEST_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);

/** Connection-level failures of the pg driver (Node error codes): the database is unreachable, not our bug. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
  'ENOENT', // Unix socket of the embedded database gone
]);

/**
 * SQLSTATEs (and classes of them) of a server that cannot serve right now, whatever was asked: connection
 * exceptions (08), the database gone or its login refused (3D000, 28xxx), insufficient resources (53: too many
 * connections, out of memory, disk full), operator intervention (57: shutdown, cannot connect now, cancelled,
 * database dropped) and system I/O errors (58).
 */
const UNAVAILABLE_SQLSTATE = /^(08|28|53|57|58)|^3D000$/;

/** 55000 is "object not in prerequisite state" in general; at connect it is `ALLOW_CONNECTIONS false`. */
const NOT_ACCEPTING_CONNECTIONS = /is not accepting connections|is not currently accepting connections/;

/** SQLSTATEs that can only come from input we failed to check: reported as BAD_USER_INPUT, without SQL. */
const INPUT_SQLSTATES: Record<string, string> = {
  '22001': 'a value is too long',
  '22003': 'a number is out of range',
  '22P02': 'a value has the wrong format',
  '23502': 'a required value is missing',
  '23514': 'a value violates a constraint',
};

export function isDatabaseUnavailable(error: unknown): boolean {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : '';
  if (
    code &&
    (UNAVAILABLE_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_SQLSTATE.test(code)))
  )
    return true;
  if (code === '55000' && NOT_ACCEPTING_CONNECTIONS.test(codedErrorMessage(error))) return true;
  // pg's client giving up connecting after DATABASE_CONNECT_TIMEOUT_MS (src/db/database.ts).
  if (message === 'timeout expired') return true;
  return /Connection terminated|Client has encountered a connection error|connection is closed|Connection refused/i.test(
    message,
  );
}

/**
 * pg-pool's error when a wait for a free connection (every one busy) passed DATABASE_POOL_WAIT_MS: the service
 * is overloaded, not the database unreachable (a connection attempt gives up with "timeout expired" instead).
 */
function isPoolWaitTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === 'timeout exceeded when trying to connect';
}

/** Finds the argument path (`input.visibility`) of the value an error points at, from the request text. */
function argumentPathOf(error: GraphQLError): string | undefined {
  const node = error.nodes?.[0];
  const body = error.source?.body;
  if (!node?.loc || !body) return undefined;
  const target = node.loc;
  const stack: string[] = [];
  let found: string | undefined;
  try {
    visit(parse(body, { noLocation: false }), {
      Argument: { enter: (arg) => void stack.push(arg.name.value), leave: () => void stack.pop() },
      ObjectField: { enter: (field) => void stack.push(field.name.value), leave: () => void stack.pop() },
      enter(visited) {
        if (
          !found &&
          visited.loc &&
          visited.loc.start === target.start &&
          visited.loc.end === target.end &&
          stack.length
        ) {
          found = stack.join('.');
        }
      },
    });
  } catch {
    return undefined;
  }
  return found;
}

/** Names the input field of a request-level error: a variable path, an argument, or a value in the query. */
function requestErrorField(message: string, original: unknown): string | undefined {
  const variable = message.match(/^Variable "\$([^"]+)" got invalid value .*? at "([^"]+)"/s);
  if (variable) return variable[2];
  const bareVariable = message.match(/^Variable "\$([^"]+)"/);
  if (bareVariable) return bareVariable[1];
  const argument = message.match(/Argument "([^"]+)"/);
  if (original instanceof GraphQLError) {
    const path = argumentPathOf(original);
    if (path) return path;
  }
  return argument?.[1];
}

/** graphql-js's message when a document exceeds `parseOptions.maxTokens` (GRAPHQL_MAX_TOKENS). */
const TOKEN_LIMIT = /^Syntax Error: Document contains more tha[nt] (\d+) tokens/;

/** graphql-js gives up after 50 variable errors (the 50 before it name their fields). */
const TOO_MANY_VARIABLE_ERRORS = /^Too many errors processing variables/;

const VALUE_ERROR =
  /Expected value of type|cannot represent|does not exist in ".*" enum|got invalid value|has invalid value|of required type .* was not provided|is not a valid|Expected type/;

/** The HTTP status Apollo answers an error with (its `extensions.http.status`), if it set one. */
function httpStatusOf(error: GraphQLError): number | undefined {
  const status = (error.extensions.http as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}

function stripped(
  formatted: GraphQLFormattedError,
  code: ErrorCode | string,
  extra: Record<string, unknown> = {},
) {
  return {
    message: formatted.message,
    locations: formatted.locations,
    path: formatted.path,
    extensions: { ...extra, code },
  };
}

/**
 * One place maps every error to the contract: our own errors pass through, a malformed request keeps its
 * code (values of the wrong type become BAD_USER_INPUT naming the field), database outages become
 * SERVICE_UNAVAILABLE, and anything else is a bug: logged with the request id, masked in the response.
 */
/**
 * Our own error inside wrappers: Apollo unwraps a resolver's error (unwrapResolverError), but graphql-ws wraps
 * what a subscription's event stream throws in a GraphQLError of its own, without a path, which that leaves.
 */
function ownError(error: unknown): unknown {
  let inner = error;
  while (inner instanceof GraphQLError && !(inner instanceof AppError) && inner.originalError) {
    inner = inner.originalError;
  }
  return inner instanceof AppError ? inner : error;
}

export function createFormatError(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = ownError(unwrapResolverError(error));
    if (original instanceof AppError) {
      // extensions.http sets the response's status (Apollo reads it before formatting); it is not for the body.
      const { http: _http, ...extensions } = original.extensions;
      return { message: original.message, locations: formatted.locations, path: formatted.path, extensions };
    }
    const code = formatted.extensions?.code;
    if (code === 'UNAUTHORIZED') return stripped(formatted, 'FORBIDDEN');
    if (code === 'UNAUTHENTICATED' || code === 'FORBIDDEN') return stripped(formatted, code);
    if (typeof code === 'string' && REQUEST_CODES.has(code)) {
      const tokenLimit = code === 'GRAPHQL_PARSE_FAILED' && formatted.message.match(TOKEN_LIMIT);
      if (tokenLimit) {
        return stripped(
          { ...formatted, message: `Syntax Error: Token limit of ${tokenLimit[1]} exceeded.` },
          code,
        );
      }
      if (code === 'GRAPHQL_VALIDATION_FAILED' && !VALUE_ERROR.test(formatted.message))
        return stripped(formatted, code);
      if (code === 'GRAPHQL_VALIDATION_FAILED' || code === 'BAD_USER_INPUT') {
        const field = requestErrorField(formatted.message, original);
        return stripped(formatted, 'BAD_USER_INPUT', field ? { field } : {});
      }
      return stripped(formatted, code);
    }
    if (
      original instanceof GraphQLError &&
      !original.path &&
      TOO_MANY_VARIABLE_ERRORS.test(original.message)
    ) {
      return stripped(formatted, 'BAD_USER_INPUT', { field: 'variables' });
    }
    const httpStatus = original instanceof GraphQLError ? httpStatusOf(original) : undefined;
    if (httpStatus !== undefined && httpStatus >= 400 && httpStatus < 500) {
      // Apollo's own refusals of a request (e.g. "provided sha does not match query" for a persisted query).
      return stripped(formatted, 'BAD_REQUEST');
    }
    const sqlState = errorCode(original);
    if (sqlState === '53100') {
      logger.warn({ err: original, path: formatted.path }, 'database disk full');
      return stripped(
        {
          ...formatted,
          message: "The database's disk is full: changes are refused until space is freed; try again later",
        },
        'SERVICE_UNAVAILABLE',
      );
    }
    if (isPoolWaitTimeout(original)) {
      logger.warn(
        { err: original, path: formatted.path },
        'no pooled database connection became free in time',
      );
      return stripped(
        {
          ...formatted,
          message: 'The service is busy (every database connection in use); try again shortly',
        },
        'SERVICE_UNAVAILABLE',
      );
    }
    if (isDatabaseUnavailable(original)) {
      logger.warn({ err: original, path: formatted.path }, 'database unavailable');
      return stripped(
        { ...formatted, message: 'The database is unavailable; try again shortly' },
        'SERVICE_UNAVAILABLE',
      );
    }
    if (sqlState === '23505') {
      return stripped(
        { ...formatted, message: 'It already exists (a concurrent request created it)' },
        'CONFLICT',
      );
    }
    if (sqlState && INPUT_SQLSTATES[sqlState]) {
      logger.warn({ err: original, path: formatted.path }, 'input rejected by the database');
      return stripped(
        { ...formatted, message: `Invalid input: ${INPUT_SQLSTATES[sqlState]}` },
        'BAD_USER_INPUT',
        {
          field: formatted.path?.join('.') ?? 'input',
        },
      );
    }
    logger.error({ err: original, path: formatted.path }, 'unexpected error');
    return {
      message: 'Internal server error',
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    };
  };
}
