import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloServer, type HTTPGraphQLRequest } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { Logger } from 'pino';
import { ConfigError, type Config } from '../config';
import type { Context } from '../common/context';
import { createAuthenticator } from '../common/identity/authenticate';
import { metricsAllowed } from '../common/identity/secrets';
import { InstanceState } from '../common/changes';
import { openChangeFeed, type ChangeFeed } from '../db/change-feed';
import { startPruning } from '../db/change-log';
import type { Database } from '../db/database';
import { traceQueries } from '../db/query-tracing';
import { createRequestContext, type ContextDeps } from './context';
import { createCors } from './cors';
import { createFormatError } from './format-error';
import { explorerFallback } from './explorer';
import { graphiqlAssetsRoute, graphiqlPage } from './graphiql';
import { graphqlRoute } from './graphql-http';
import { createHttpServer, createRouter, HttpError, sendJson, type Route } from './http';
import { catalogCachePlugin, stringifyResult } from './catalog-cache';
import { inputGuardPlugin } from './input-guard';
import { requestErrorsPlugin } from './request-errors';
import { createArmor, parseOptions } from './limits';
import { observeRequests, routeLabeller } from './http-observability';
import { createMetrics, observabilityPlugin, observeInstance, type Metrics } from './observability';
import { buildAppSchema, cacheableQueryGroups } from './schema';
import { attachSubscriptions, transportPlugin } from './subscriptions';
import { createTracing, graphqlTracingPlugin, traceGraphqlOperations, type Tracing } from './tracing';

export interface App {
  config: Config;
  logger: Logger;
  database: Database;
  apollo: ApolloServer<Context>;
  httpServer: http.Server;
  metrics: Metrics;
  /** OpenTelemetry tracing; undefined when it is off (the default). */
  tracing: Tracing | undefined;
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

async function databaseAnswers(database: Database, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = database.dataSource
    .query('SELECT 1')
    .then(() => true)
    .catch(() => false);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A listen failure in the words of the setting to change. */
function listenError(error: NodeJS.ErrnoException, port: number, host: string): Error {
  switch (error.code) {
    case 'EADDRINUSE':
      return new ConfigError(`PORT ${port} is already in use on HOST ${host}`);
    case 'EACCES':
      return new ConfigError(`PORT ${port} on HOST ${host} needs privileges this process lacks`);
    case 'EADDRNOTAVAIL':
      return new ConfigError(`HOST ${host} is not an address of this machine (cannot listen on it)`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
      return new ConfigError(`HOST ${host} does not resolve to an address`);
    default:
      return error;
  }
}

export async function createApp({
  config,
  database,
  logger,
  spanExporter,
}: {
  config: Config;
  database: Database;
  logger: Logger;
  /** Where spans go instead of OTLP when tracing is on (tests: an in-memory exporter). */
  spanExporter?: SpanExporter;
}): Promise<App> {
  const metrics = createMetrics();
  const tracing = createTracing(config, logger, spanExporter);
  const logged = new WeakSet<HTTPGraphQLRequest>();
  const armor = createArmor(config).protect();
  const schema = buildAppSchema();
  const formatError = createFormatError(logger);
  const apollo = new ApolloServer<Context>({
    schema,
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
      observabilityPlugin(metrics, logged),
      // Says what each parse and validation error is, for formatError (not by graphql-js's wording).
      requestErrorsPlugin({ maxTokens: config.graphql.limits.maxTokens }),
      ...(tracing ? [graphqlTracingPlugin()] : []),
      inputGuardPlugin(schema),
      // Subscriptions: refused over HTTP, handed back to the WebSocket layer once every check passed.
      transportPlugin(),
      ...armor.plugins,
      // Last: serves a cached answer only to an operation every plugin above has let through.
      catalogCachePlugin(cacheableQueryGroups(), metrics),
    ],
    validationRules: [...armor.validationRules],
    allowBatchedHttpRequests: false,
  });
  await apollo.start();
  if (tracing) {
    traceGraphqlOperations(apollo, tracing);
    traceQueries(database.dataSource, tracing.tracer);
  }

  const changes = await openChangeFeed(database, logger, {
    heartbeatMs: config.live.feedHeartbeatMs,
    heartbeatTimeoutMs: config.live.feedHeartbeatTimeoutMs,
    connectTimeoutMs: config.database.connectTimeoutMs,
  });
  const instance = new InstanceState(changes);
  const stopPruning = startPruning(database.dataSource, logger, {
    retentionMs: config.live.changeRetentionMs,
    intervalMs: config.live.changePruneIntervalMs,
  });
  const deps: ContextDeps = {
    config,
    dataSource: database.dataSource,
    logger,
    authenticate: createAuthenticator(config, logger),
    instance,
  };
  observeInstance(metrics, { database, changes, instance });

  /** Set once stop() begins: /health/ready answers 503 from then on. */
  let shuttingDown = false;
  // The route table; a GET no route takes goes to the explorer web app when it is on. GraphQL subscriptions
  // listen on `httpServer`'s 'upgrade' event for /graphql (subscriptions.ts).
  const routes: Route[] = [
    ...graphqlRoute({
      apollo,
      context: (req, requestId) =>
        createRequestContext(deps, {
          headers: req.headers,
          remoteAddress: req.socket.remoteAddress,
          requestId,
        }),
      logger,
      logged,
      graphiqlPage: config.graphiql.enabled ? graphiqlPage(config) : undefined,
      cors: createCors(config.http.corsOrigins),
      challenge: config.auth.keystone && `Keystone uri="${config.auth.keystone.wwwAuthenticateUri}"`,
    }),
    { path: '/health/live', methods: { GET: (_req, res) => sendJson(res, 200, { status: 'ok' }) } },
    {
      path: '/health/ready',
      methods: {
        async GET(_req, res) {
          // Shutting down: out of the load balancer first, while still serving (SHUTDOWN_DELAY_MS).
          if (shuttingDown) return sendJson(res, 503, { status: 'stopping' });
          const [answers, status] = await Promise.all([databaseAnswers(database, 2000), database.status()]);
          // Degraded, still ready (200): the embedded database's disk is full (reads are served, changes refused),
          // or the change feed is lost (queries and mutations are right; subscriptions are refused with 4503 and
          // feed-fed caches are off until it reconnects by itself, in seconds). A 503 would take every replica
          // out of routing at once when PostgreSQL restarts, for what only subscribers notice.
          const feed = changes.live ? 'ok' : 'lost';
          const state = !answers ? 'unavailable' : status.problem || !changes.live ? 'degraded' : 'ok';
          sendJson(res, answers ? 200 : 503, {
            status: state,
            database: answers ? 'ok' : 'unreachable',
            feed,
            ...(status.problem ? { problem: status.problem } : {}),
          });
        },
      },
    },
    ...(config.observability.metrics.access === 'off'
      ? []
      : [
          {
            path: '/metrics',
            methods: {
              async GET(req, res) {
                if (!metricsAllowed(config.observability.metrics, req.headers.authorization)) {
                  throw new HttpError(
                    401,
                    'UNAUTHENTICATED',
                    'METRICS_TOKEN required (Authorization: Bearer …)',
                    {
                      'www-authenticate': 'Bearer realm="metrics"',
                    },
                  );
                }
                const text = await metrics.registry.metrics();
                res.writeHead(200, { 'content-type': metrics.registry.contentType });
                res.end(text);
              },
            },
          } satisfies Route,
        ]),
    ...(config.graphiql.enabled ? [graphiqlAssetsRoute(config.graphiql.dir)] : []),
  ];
  const {
    server: httpServer,
    closeAfterEachResponse,
    drain,
  } = createHttpServer(
    observeRequests(
      createRouter(
        routes,
        logger,
        config.explorer.enabled ? explorerFallback(config.explorer.dir) : undefined,
      ),
      { metrics, route: routeLabeller(routes, config.explorer.enabled), tracing },
    ),
    logger,
  );
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

  let stopping: Promise<void> | undefined;
  return {
    config,
    logger,
    database,
    apollo,
    httpServer,
    metrics,
    tracing,
    changes,
    contextFor: (headers, remoteAddress) => createRequestContext(deps, { headers, remoteAddress }),
    listen(port = config.http.port, host = config.http.host) {
      return new Promise((resolve, reject) => {
        httpServer.once('error', (error) => reject(listenError(error, port, host)));
        httpServer.listen(port, host, () => {
          const address = httpServer.address() as AddressInfo;
          const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
          resolve(`http://${shownHost}:${address.port}/graphql`);
        });
      });
    },
    stop() {
      stopping ??= (async () => {
        shuttingDown = true;
        if (config.http.shutdownDelayMs > 0) {
          closeAfterEachResponse();
          logger.info(
            { delayMs: config.http.shutdownDelayMs },
            'not ready; still serving until the shutdown delay ends',
          );
          await new Promise((resolve) => setTimeout(resolve, config.http.shutdownDelayMs));
        }
        await subscriptions.close();
        const cut = await drain(config.http.shutdownTimeoutMs);
        if (cut) logger.warn({ requests: cut }, 'shutdown timeout: requests still running were cut off');
        await apollo.stop();
        await stopPruning();
        await changes.stop();
        await database.close();
        // Last: the spans of everything above are sent.
        await tracing?.shutdown();
      })();
      return stopping;
    },
  };
}
