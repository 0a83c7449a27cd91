import { ApolloServerErrorCode, unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, Kind, type GraphQLFormattedError } from 'graphql';
import type { Logger } from 'pino';
import { AppError, type ErrorCode } from '../common/errors';
import { databaseFailureOf } from '../db/database-errors';
import { requestErrorKind } from './request-errors';

/**
 * Codes that Apollo's own error classes carry for a request it refused before running it (parse, validation,
 * variables, operation choice, persisted queries): the caller's fault, passed through.
 */
const REQUEST_CODES: ReadonlySet<unknown> = new Set([
  ApolloServerErrorCode.GRAPHQL_PARSE_FAILED,
  ApolloServerErrorCode.GRAPHQL_VALIDATION_FAILED,
  ApolloServerErrorCode.BAD_USER_INPUT,
  ApolloServerErrorCode.BAD_REQUEST,
  ApolloServerErrorCode.OPERATION_RESOLUTION_FAILURE,
  ApolloServerErrorCode.PERSISTED_QUERY_NOT_FOUND,
  ApolloServerErrorCode.PERSISTED_QUERY_NOT_SUPPORTED,
]);

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

/** A request error as the contract has it, by what it is: its code in Apollo's class, what request-errors.ts found. */
function requestError(formatted: GraphQLFormattedError, error: GraphQLError, code: string) {
  const kind = requestErrorKind(error);
  if (kind?.kind === 'tokenLimit') {
    return stripped(
      { ...formatted, message: `Syntax Error: Token limit of ${kind.maxTokens} exceeded.` },
      code,
    );
  }
  if (kind?.kind === 'badValue') {
    return stripped(formatted, 'BAD_USER_INPUT', kind.field ? { field: kind.field } : {});
  }
  if (code === ApolloServerErrorCode.BAD_USER_INPUT) {
    // A variable graphql-js refused (the input guard coerces them first, naming the path): its definition.
    const node = error.nodes?.[0];
    const field = node?.kind === Kind.VARIABLE_DEFINITION ? node.variable.name.value : undefined;
    return stripped(formatted, code, field ? { field } : {});
  }
  return stripped(formatted, code);
}

/**
 * One place maps every error to the contract, by what the error is, never by its wording: our own errors
 * (AppError) carry their code and pass through; Apollo's request errors keep theirs (a literal value of the
 * wrong type becomes BAD_USER_INPUT naming its path); the database's outages and refusals are classified beside
 * the driver (databaseFailureOf); anything else is a bug: logged with the request id, masked in the response.
 */
export function createFormatError(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = ownError(unwrapResolverError(error));
    if (original instanceof AppError) {
      // extensions.http sets the response's status (Apollo reads it before formatting); it is not for the body.
      const { http: _http, ...extensions } = original.extensions;
      return { message: original.message, locations: formatted.locations, path: formatted.path, extensions };
    }
    if (original instanceof GraphQLError) {
      const code = original.extensions.code;
      if (code === 'UNAUTHENTICATED' || code === 'FORBIDDEN') return stripped(formatted, code);
      if (REQUEST_CODES.has(code)) return requestError(formatted, original, code as string);
      const httpStatus = httpStatusOf(original);
      if (httpStatus !== undefined && httpStatus >= 400 && httpStatus < 500) {
        // Apollo's own refusals of a request (e.g. "provided sha does not match query" for a persisted query).
        return stripped(formatted, 'BAD_REQUEST');
      }
    }
    const failure = databaseFailureOf(original);
    if (failure) {
      logger.warn({ err: original, path: formatted.path }, failure.log);
      return stripped(
        { ...formatted, message: failure.message },
        failure.code,
        failure.code === 'BAD_USER_INPUT' ? { field: formatted.path?.join('.') ?? 'input' } : {},
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
