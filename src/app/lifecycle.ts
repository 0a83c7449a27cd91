import type { ApolloServer } from '@apollo/server';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Context } from '../common/context';
import { InstanceState } from '../common/changes';
import { openChangeFeed, startPruning, type ChangeFeed } from '../db/change-log';
import type { Database } from '../db/database';
import type { HttpTransport } from '../http/server';
import { observeInstance, type Metrics } from './observability';
import type { SubscriptionServer } from './subscriptions';
import type { Tracing } from './tracing';

/**
 * The instance's change feed (its LISTEN connection) and the caches that follow it, shown in /metrics, and the
 * pruning of the change log past CHANGE_RETENTION (every CHANGE_PRUNE_INTERVAL).
 */
export async function openInstance({
  config,
  database,
  logger,
  metrics,
}: {
  config: Config;
  database: Database;
  logger: Logger;
  metrics: Metrics;
}): Promise<{ changes: ChangeFeed; instance: InstanceState; stopPruning: () => Promise<void> }> {
  const changes = await openChangeFeed(database, logger, {
    heartbeatMs: config.live.feedHeartbeatMs,
    heartbeatTimeoutMs: config.live.feedHeartbeatTimeoutMs,
    connectTimeoutMs: config.database.connectTimeoutMs,
    unwatchedStepMs: config.live.changeStepUnwatchedMs,
  });
  const instance = new InstanceState(changes);
  observeInstance(metrics, { database, changes, instance });
  const stopPruning = startPruning(database.background, logger, {
    retentionMs: config.live.changeRetentionMs,
    intervalMs: config.live.changePruneIntervalMs,
  });
  return { changes, instance, stopPruning };
}

/**
 * An instance's shutdown, once however often it is called: keeps serving for SHUTDOWN_DELAY_MS with every
 * response saying `Connection: close` (the caller has already failed readiness), closes the WebSockets, drains
 * HTTP (for up to SHUTDOWN_TIMEOUT_MS), then stops Apollo, the change log's pruning, the change feed and the database, and last sends the
 * spans of all that.
 */
export function stopInOrder({
  config,
  logger,
  transport,
  subscriptions,
  apollo,
  changes,
  stopPruning,
  database,
  tracing,
}: {
  config: Config;
  logger: Logger;
  transport: HttpTransport;
  subscriptions: SubscriptionServer;
  apollo: ApolloServer<Context>;
  changes: ChangeFeed;
  stopPruning: () => Promise<void>;
  database: Database;
  tracing: Tracing | undefined;
}): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () =>
    (stopping ??= (async () => {
      if (config.http.shutdownDelayMs > 0) {
        transport.closeAfterEachResponse();
        logger.info(
          { delayMs: config.http.shutdownDelayMs },
          'not ready; still serving until the shutdown delay ends',
        );
        await new Promise((resolve) => setTimeout(resolve, config.http.shutdownDelayMs));
      }
      await subscriptions.close();
      const cut = await transport.drain(config.http.shutdownTimeoutMs);
      if (cut) logger.warn({ requests: cut }, 'shutdown timeout: requests still running were cut off');
      await apollo.stop();
      await stopPruning();
      await changes.stop();
      await database.close();
      // Last: the spans of everything above are sent.
      await tracing?.shutdown();
    })());
}
