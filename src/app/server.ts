import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Context } from '../common/context';
import { createAuthenticator } from '../common/identity/authenticate';
import { metricsAllowed } from '../common/identity/secrets';
import type { Database } from '../db/database';
import { createRequestContext, type ContextDeps } from './context';
import { createFormatError } from './format-error';
import { graphiqlPage, graphiqlRouter, wantsGraphiql } from './graphiql';
import { createArmor } from './limits';
import { createMetrics, observabilityPlugin, type Metrics } from './observability';
import { buildAppSchema } from './schema';

export interface App {
  config: Config;
  logger: Logger;
  database: Database;
  apollo: ApolloServer<Context>;
  express: Express;
  httpServer: http.Server;
  metrics: Metrics;
  /** The context of a request with these headers (what the HTTP layer does; tests use it with executeOperation). */
  contextFor(headers: http.IncomingHttpHeaders, remoteAddress?: string): Promise<Context>;
  listen(port?: number, host?: string): Promise<string>;
  /** Stops taking requests, lets in-flight ones finish, then closes the database. */
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

export async function createApp({
  config,
  database,
  logger,
}: {
  config: Config;
  database: Database;
  logger: Logger;
}): Promise<App> {
  const metrics = createMetrics();
  const app = express();
  app.disable('x-powered-by');
  const httpServer = http.createServer(app);
  const armor = createArmor(config).protect();
  const apollo = new ApolloServer<Context>({
    schema: buildAppSchema(),
    introspection: config.introspection,
    includeStacktraceInErrorResponses: false,
    formatError: createFormatError(logger),
    csrfPrevention: true,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      ApolloServerPluginLandingPageDisabled(),
      // We send no cache hints; without this plugin Apollo needn't wrap every field resolver.
      ApolloServerPluginCacheControlDisabled(),
      observabilityPlugin(metrics),
      ...armor.plugins,
    ],
    validationRules: [...armor.validationRules],
    allowBatchedHttpRequests: false,
  });
  await apollo.start();

  const deps: ContextDeps = {
    config,
    dataSource: database.dataSource,
    logger,
    authenticate: createAuthenticator(config, logger),
  };

  app.get('/health/live', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/health/ready', async (_req, res) => {
    const [answers, status] = await Promise.all([databaseAnswers(database, 2000), database.status()]);
    // Degraded (e.g. the embedded database's disk is full): reads are served, changes refused; still ready.
    const state = !answers ? 'unavailable' : status.problem ? 'degraded' : 'ok';
    res.status(answers ? 200 : 503).json({
      status: state,
      database: answers ? 'ok' : 'unreachable',
      ...(status.problem ? { problem: status.problem } : {}),
    });
  });
  if (config.metrics.access !== 'off') {
    app.get('/metrics', async (req, res) => {
      if (!metricsAllowed(config.metrics, req.headers.authorization)) {
        res
          .status(401)
          .set('www-authenticate', 'Bearer realm="metrics"')
          .json({ error: 'METRICS_TOKEN required' });
        return;
      }
      res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  }
  if (config.graphiql) {
    app.use(graphiqlRouter());
    app.get('/graphql', (req, res, next) => {
      if (!wantsGraphiql(req)) return next();
      res.type('html').send(graphiqlPage);
    });
  }
  app.use(
    '/graphql',
    express.json({ limit: '2mb' }),
    expressMiddleware(apollo, {
      context: ({ req }) =>
        createRequestContext(deps, { headers: req.headers, remoteAddress: req.socket.remoteAddress }),
    }),
  );

  let stopping: Promise<void> | undefined;
  return {
    config,
    logger,
    database,
    apollo,
    express: app,
    httpServer,
    metrics,
    contextFor: (headers, remoteAddress) => createRequestContext(deps, { headers, remoteAddress }),
    listen(port = config.port, host = config.host) {
      return new Promise((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(port, host, () => {
          const address = httpServer.address() as AddressInfo;
          const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
          resolve(`http://${shownHost}:${address.port}/graphql`);
        });
      });
    },
    stop() {
      stopping ??= (async () => {
        await apollo.stop();
        if (httpServer.listening) await new Promise<void>((resolve) => httpServer.close(() => resolve()));
        await database.close();
      })();
      return stopping;
    },
  };
}
