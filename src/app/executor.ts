import type { ApolloServerOptionsWithGateway, BaseContext } from '@apollo/server';
import {
  execute,
  getNamedType,
  GraphQLError,
  isInputObjectType,
  isNonNullType,
  Kind,
  typeFromAST,
  type DocumentNode,
  type GraphQLInputObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

/** A document executed once already: the next execution compiles it. */
const SEEN = Symbol('seen');
/** A document graphql-jit could not compile: graphql-js executes it. */
const GRAPHQL_JS = Symbol('graphql-js');

type GatewayInterface = ApolloServerOptionsWithGateway<BaseContext>['gateway'];
type GatewayExecutor = NonNullable<Awaited<ReturnType<GatewayInterface['load']>>['executor']>;

/** What Apollo hands its executor: the parsed and validated document, the operation it resolved, the context. */
export type ExecutorRequest = Parameters<GatewayExecutor>[0];

/**
 * The executor for our one schema: an operation sent again is compiled by graphql-jit (a function per document
 * and operation, kept as long as Apollo keeps the parsed document in its document store), instead of graphql-js
 * walking every field of every row. The first execution of a document is graphql-js's: compiling costs about
 * three times what validating does (a full catalog query: 22 ms), which only an operation that comes back pays
 * off, and every service's operations do. On a list of hundreds of rows, graphql-js's per-field work (arguments
 * collected, paths and promises checked for each field of each row) was the largest part of what a computed
 * answer costs beyond its SQL (docs/benchmarks.md).
 *
 * Kept as graphql-js has it: results, errors (message, path, locations, the resolver's error as `originalError`:
 * formatError classifies by it), custom scalars' serialization, abstract types. An operation graphql-jit cannot
 * compile runs through graphql-js. One Apollo could not resolve (an `operationName` naming no operation, or none
 * given for several) is never executed: see `unresolved`.
 */
export function jitExecutor(schema: GraphQLSchema): GatewayExecutor {
  // Keyed by Apollo's parsed document (one object per query text while its document store keeps it), then
  // operation name ('' for the only one): SEEN after a first execution, then the compiled query (or GRAPHQL_JS).
  const compiled = new WeakMap<DocumentNode, Map<string, CompiledQuery | typeof SEEN | typeof GRAPHQL_JS>>();
  const entryOf = (request: ExecutorRequest, operation: OperationDefinitionNode) => {
    const { document, operationName } = request;
    let byName = compiled.get(document);
    if (!byName) compiled.set(document, (byName = new Map()));
    const key = operationName ?? '';
    const entry = byName.get(key);
    // The first execution is graphql-js's; the second compiles (or stays with graphql-js, see below).
    if (entry === undefined) byName.set(key, SEEN);
    if (entry !== SEEN) return entry;
    const made = defaultsMissedByJit(schema, operation)
      ? undefined
      : compileQuery(schema, document, operationName ?? undefined, {
          // Stacks are never answered (formatError); a resolver's own error keeps its stack.
          disablingCapturingStackErrors: true,
        });
    const compiledEntry = made && isCompiledQuery(made) ? made : GRAPHQL_JS;
    byName.set(key, compiledEntry);
    return compiledEntry;
  };
  return async (request) => {
    const { document, operationName, context } = request;
    // Apollo hands its executor the name of the operation it resolved, null when it resolved none: graphql-js
    // given null runs a document's only operation, so the mutation a wrong name did not pick would run (and commit).
    if (!request.operation) return { errors: [unresolved(document, request.request.operationName)] };
    const variables = request.request.variables ?? {};
    const entry = entryOf(request, request.operation);
    if (entry === undefined || entry === GRAPHQL_JS)
      return execute({ schema, document, contextValue: context, variableValues: variables, operationName });
    const result = await entry.query(undefined, context, variables);
    return result.errors ? { ...result, errors: result.errors.map(asGraphQLError) } : result;
  };
}

/**
 * jitExecutor handed to Apollo as a "gateway" of one schema: Apollo Server 5's only way to replace its executor
 * (4.0 removed the `executor` option as redundant with `gateway`; a plugin's `responseForOperation` would bypass
 * formatError; see docs/libraries.md). Parsing, validation, every plugin and formatError are Apollo's as before.
 */
export function jitGateway(schema: GraphQLSchema): GatewayInterface {
  const executor = jitExecutor(schema);
  return {
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => {};
    },
    load: () => Promise.resolve({ executor }),
    stop: () => Promise.resolve(),
  };
}

/**
 * graphql-js's error for an operation it cannot pick (its wording), executing nothing: Apollo answers an execution
 * without a resolved operation with its first error as OPERATION_RESOLUTION_FAILURE (HTTP 400).
 */
function unresolved(document: DocumentNode, requested: string | null | undefined): GraphQLError {
  if (requested != null) return new GraphQLError(`Unknown operation named "${requested}".`);
  const operations = document.definitions.filter(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION,
  );
  return new GraphQLError(
    operations.length > 1
      ? 'Must provide operation name if query contains multiple operations.'
      : 'Must provide an operation.',
  );
}

/**
 * Whether a variable of the operation is (or holds) an input object with a non-null field that has a default
 * (`NamespaceOrder.direction: OrderDirection! = ASC`): graphql-jit 0.8's variable coercion applies a field's
 * default only to nullable fields, and refuses `{ field: CREATED_AT }` for the missing `direction`. Such
 * operations stay with graphql-js. (In literals, graphql-jit applies every default.)
 */
function defaultsMissedByJit(schema: GraphQLSchema, operation: OperationDefinitionNode): boolean {
  const seen = new Set<GraphQLInputObjectType>();
  const misses = (type: GraphQLInputObjectType): boolean => {
    if (seen.has(type)) return false;
    seen.add(type);
    return Object.values(type.getFields()).some((field) => {
      if (isNonNullType(field.type) && field.defaultValue !== undefined) return true;
      const named = getNamedType(field.type);
      return isInputObjectType(named) && misses(named);
    });
  };
  return (operation.variableDefinitions ?? []).some((definition) => {
    const named = getNamedType(typeFromAST(schema, definition.type));
    return isInputObjectType(named) && misses(named);
  });
}

/**
 * graphql-jit's errors as graphql-js makes them: its own error type has no `extensions` unless the resolver's
 * error had some (Apollo reads `extensions.code` of every error) and keeps `originalError` as graphql-js does.
 */
function asGraphQLError(error: GraphQLError): GraphQLError {
  if (error.constructor === GraphQLError) return error;
  const made = new GraphQLError(error.message, {
    path: error.path,
    originalError: error.originalError ?? undefined,
    extensions: error.extensions,
  });
  // graphql-jit computed them from the document, as graphql-js does from the field's nodes.
  (made as { locations: GraphQLError['locations'] }).locations = error.locations;
  return made;
}
