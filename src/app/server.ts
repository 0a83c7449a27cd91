import type http from 'node:http';
import type { ApolloServer, HTTPGraphQLRequest } from '@apollo/server';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Context } from '../common/context';
import { createAuthenticator } from '../common/identity/authenticate';
import type { ChangeFeed } from '../db/change-log';
import type { Database } from '../db/database';
import { traceQueries } from '../db/query-tracing';
import { createCors } from '../http/cors';
import { explorerFallback } from '../http/explorer';
import { graphiqlAssetsRoute, graphiqlPage } from '../http/graphiql';
import { graphqlRoute } from '../http/graphql';
import { healthRoutes } from '../http/health';
import { metricsRoutes } from '../http/metrics';
import { observeRequests, routeLabeller } from '../http/observe-requests';
import { blazarApi } from '../http/blazar';
import { computeApi } from '../http/compute';
import { glanceApi } from '../http/glance';
import { placementApi } from '../http/placement';
import { restRoutes, type RestApi } from '../http/rest';
import { createRouter, type Route } from '../http/router';
import { createHttpServer, listen } from '../http/server';
import { startApolloServer } from './apollo';
import { CacheFront } from './cache-front';
import { KnownQueries, responseBytes } from './catalog-cache';
import { createRequestContext, httpRequestContext, type ContextDeps } from './context';
import { policyFor, watchPolicyFile } from './policy';
import { createFormatError } from './format-error';
import { openInstance, stopInOrder } from './lifecycle';
import { moduleRestRoutes } from './modules';
import { createMetrics, type Metrics } from './observability';
import { buildAppSchema } from './schema';
import { attachSubscriptions } from './subscriptions';
import { createTracing, type Tracing } from './tracing';

export interface App {
  config: Config;
  logger: Logger;
  database: Database;
  apollo: ApolloServer<Context>;
  httpServer: http.Server;
  metrics: Metrics;
  /** OpenTelemetry tracing; undefined when it is off (the default). */
  tracing: Tracing | undefined;
  /** The answer cache's front in the HTTP layer (app/cache-front.ts); undefined with tracing on or the cache off. */
  front: CacheFront | undefined;
  /** This instance's change feed (LISTEN connection): subscriptions and in-memory caches follow it. */
  changes: ChangeFeed;
  /** The context of a request with these headers (what the HTTP layer does; tests use it with executeOperation). */
  contextFor(headers: http.IncomingHttpHeaders, remoteAddress?: string): Promise<Context>;
  listen(port?: number, host?: string): Promise<string>;
  /**
   * Fails readiness at once and keeps serving for SHUTDOWN_DELAY_MS (every response saying `Connection: close`),
   * then stops taking connections (after accepting those the kernel queued), lets in-flight requests finish
   * (for up to SHUTDOWN_TIMEOUT_MS; their responses say `Connection: close`), closes idle connections, then
   * closes the database.
   */
  stop(): Promise<void>;
}

export interface AppOptions {
  config: Config;
  database: Database;
  logger: Logger;
  /** Where spans go instead of OTLP when tracing is on (tests: an in-memory exporter). */
  spanExporter?: SpanExporter;
}

/**
 * The composition root of a serving instance: the GraphQL pipeline (apollo.ts), the change feed, and the HTTP
 * transport (src/http/) with its routes; WebSocket subscriptions on the same server's upgrade of /graphql.
 */
export async function createApp({ config, database, logger, spanExporter }: AppOptions): Promise<App> {
  const metrics = createMetrics();
  const tracing = createTracing(config, logger, spanExporter);
  const schema = buildAppSchema();
  const formatError = createFormatError(logger);
  const logged = new WeakSet<HTTPGraphQLRequest>();
  const pipeline = { config, schema, logger, metrics, tracing, formatError, logged };
  // With the answer cache on and tracing off, the HTTP layer answers a cached query before the pipeline.
  const known = !tracing && config.cache.catalogMb > 0 ? new KnownQueries() : undefined;
  const front = known && new CacheFront(known, metrics, database.reads);
  const apollo = await startApolloServer({ ...pipeline, reads: database.reads, known });
  if (tracing) traceQueries(database.dataSource, tracing.tracer);
  const { changes, instance, stopPruning } = await openInstance({ config, database, logger, metrics });
  const authenticate = createAuthenticator(config, logger);
  // A policy file that does not load stops the start here, naming its line; a changed one is reloaded.
  const policy = policyFor(config, logger);
  const stopWatchingPolicy = watchPolicyFile(config, policy, logger);
  const deps: ContextDeps = {
    config,
    dataSource: database.dataSource,
    logger,
    authenticate,
    instance,
    policy,
  };

  let stopping = false;
  const restApis: RestApi[] = [
    ...(config.rest.placement ? [placementApi(config.rest.placement)] : []),
    ...(config.rest.compute ? [computeApi(config.rest.compute)] : []),
    ...(config.rest.blazar ? [blazarApi(config.rest.blazar)] : []),
    ...(config.rest.glance ? [glanceApi(config.rest.glance)] : []),
  ];
  const routes: Route[] = [
    ...graphqlRoute({
      apollo,
      context: httpRequestContext(deps),
      logger,
      logged,
      graphiqlPage: config.graphiql.enabled ? graphiqlPage(config) : undefined,
      cors: createCors(config.http.corsOrigins),
      challenge: config.auth.keystone && `Keystone uri="${config.auth.keystone.wwwAuthenticateUri}"`,
      bytesOf: responseBytes,
      front,
    }),
    ...healthRoutes({ database, changes, stopping: () => stopping }),
    ...metricsRoutes({ settings: config.observability.metrics, registry: metrics.registry }),
    ...(config.graphiql.enabled ? [graphiqlAssetsRoute(config.graphiql.dir)] : []),
    ...restRoutes({
      apis: restApis,
      routes: moduleRestRoutes,
      apollo,
      context: httpRequestContext(deps, 'rest'),
      logger,
    }),
  ];
  // A GET no route takes goes to the explorer web app when it is on.
  const explorer = config.explorer.enabled ? explorerFallback(config.explorer.dir) : undefined;
  const router = createRouter(routes, logger, explorer);
  const route = routeLabeller(routes, config.explorer.enabled);
  const transport = createHttpServer(observeRequests(router, { metrics, route, tracing }), logger);
  const httpServer = transport.server;
  const subscriptions = attachSubscriptions({
    httpServer,
    apollo,
    schema,
    config,
    deps,
    changes,
    logger,
    metrics,
    formatError,
  });

  const stop = stopInOrder({
    config,
    logger,
    transport,
    subscriptions,
    apollo,
    changes,
    stopPruning,
    database,
    tracing,
  });
  return {
    config,
    logger,
    database,
    apollo,
    httpServer,
    metrics,
    tracing,
    front,
    changes,
    contextFor: (headers, remoteAddress) => createRequestContext(deps, { headers, remoteAddress }),
    listen: (port = config.http.port, host = config.http.host) => listen(httpServer, port, host),
    stop() {
      stopping = true;
      stopWatchingPolicy();
      return stop();
    },
  };
}
