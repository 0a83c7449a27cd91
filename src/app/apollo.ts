import { ApolloServer, type HTTPGraphQLRequest } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import type { GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Context } from '../common/context';
import type { Queryable } from '../db/change-log/read';
import { catalogCachePlugin, stringifyResult, type KnownQueries } from './catalog-cache';
import type { createFormatError } from './format-error';
import { inputGuardPlugin } from './input-guard';
import { jitGateway } from './executor';
import { createArmor, parseOptions } from './limits';
import { observabilityPlugin, type Metrics } from './observability';
import { requestErrorsPlugin } from './request-errors';
import { appCacheRules } from './schema';
import { transportPlugin } from './subscriptions';
import { graphqlTracingPlugin, traceGraphqlOperations, type Tracing } from './tracing';

/**
 * The one GraphQL pipeline: every operation, over HTTP (http/graphql.ts, `executeHTTPGraphQLRequest`) or a
 * WebSocket (subscriptions.ts, `executeOperation`), goes through this server's plugins in this order. Started.
 */
export async function startApolloServer({
  config,
  schema,
  logger,
  metrics,
  tracing,
  formatError,
  logged,
  reads,
  known,
}: {
  config: Config;
  schema: GraphQLSchema;
  logger: Logger;
  metrics: Metrics;
  tracing: Tracing | undefined;
  formatError: ReturnType<typeof createFormatError>;
  /** Filled with the requests the pipeline logged itself (the HTTP layer logs the others). */
  logged: WeakSet<HTTPGraphQLRequest>;
  /** The database's reads beside TypeORM (database.ts), for the answer cache's versions when tracing is off. */
  reads?: Queryable;
  /** Filled with the cacheable operations HTTP requests asked for, for the HTTP layer's front (cache-front.ts). */
  known?: KnownQueries;
}): Promise<ApolloServer<Context>> {
  const armor = createArmor(config).protect();
  const apollo = new ApolloServer<Context>({
    // The schema, with each operation compiled once by graphql-jit (executor.ts).
    gateway: jitGateway(schema),
    introspection: config.graphql.introspection,
    includeStacktraceInErrorResponses: false,
    formatError,
    csrfPrevention: true,
    logger,
    // The serve command owns SIGTERM/SIGINT (drain, close the database, exit 0); Apollo's re-raised the signal.
    stopOnTerminationSignals: false,
    parseOptions: parseOptions(config),
    // JSON.stringify, except that the text of a cached catalog answer is made once (catalog-cache.ts).
    stringifyResult,
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      // We send no cache hints; without this plugin Apollo needn't wrap every field resolver.
      ApolloServerPluginCacheControlDisabled(),
      // Federation's inline traces are for a subgraph, which this schema is not: without this, Apollo installs the
      // plugin anyway and calls it for every request to find it has nothing to do.
      ApolloServerPluginInlineTraceDisabled(),
      observabilityPlugin(metrics, logged, tracing !== undefined),
      // Says what each parse and validation error is, for formatError (not by graphql-js's wording).
      requestErrorsPlugin({ maxTokens: config.graphql.limits.maxTokens }),
      ...(tracing ? [graphqlTracingPlugin()] : []),
      inputGuardPlugin(schema),
      // Subscriptions: refused over HTTP, handed back to the WebSocket layer once every check passed.
      transportPlugin(),
      ...armor.plugins,
      // Last: serves a cached answer only to an operation every plugin above has let through.
      // Its versions read beside TypeORM, unless tracing is on (TypeORM's path gives the statement its span).
      catalogCachePlugin(schema, appCacheRules(), metrics, tracing ? undefined : reads, known),
    ],
    validationRules: [...armor.validationRules],
    allowBatchedHttpRequests: false,
  });
  await apollo.start();
  // Every operation in a span of its own (HTTP and WebSocket alike), when tracing is on.
  if (tracing) traceGraphqlOperations(apollo, tracing);
  return apollo;
}
