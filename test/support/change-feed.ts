import { Client } from 'pg';
import type { FeedEvent } from '../../src/common/changes';
import { FEED_APPLICATION_NAME } from '../../src/db/change-log';
import type { TestApp } from './test-app';

/**
 * Drops the instance's LISTEN connection as an outage would: PGlite's socket goes down and up (its one
 * connection drops); on PostgreSQL the feed connections of this database are terminated.
 */
export async function cutFeed(t: TestApp): Promise<void> {
  const { database } = t.app;
  if (database.embedded) {
    await database.embedded.stopSocket();
    await database.embedded.startSocket();
    return;
  }
  const client = new Client({ connectionString: (database.dataSource.options as { url: string }).url });
  await client.connect();
  try {
    await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [FEED_APPLICATION_NAME],
    );
  } finally {
    await client.end();
  }
}

/**
 * Resolves at the first feed event of the app that `matches` (listen before causing it). The app's own
 * listeners registered earlier (subscriptions, caches) have handled it by then.
 */
export function nextFeedEvent(t: TestApp, matches: (event: FeedEvent) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const stop = t.app.changes.listen((event) => {
      if (!matches(event)) return;
      stop();
      resolve();
    });
  });
}
