import type { ChangeFeed } from '../db/change-feed';
import type { Database } from '../db/database';
import { sendJson, type Route } from './router';

/** How long readiness waits for the database's answer to `SELECT 1`. */
const PROBE_TIMEOUT_MS = 2000;

async function databaseAnswers(database: Pick<Database, 'dataSource'>, timeoutMs: number): Promise<boolean> {
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

export interface HealthDeps {
  database: Pick<Database, 'dataSource' | 'status'>;
  changes: Pick<ChangeFeed, 'live' | 'incompatible'>;
  /** True once the instance has begun to stop: readiness answers 503 from then on. */
  stopping(): boolean;
}

/**
 * `/health/live` (the process answers) and `/health/ready` (the database answers; 503 while stopping or when it
 * does not).
 */
export function healthRoutes({ database, changes, stopping }: HealthDeps): Route[] {
  return [
    { path: '/health/live', methods: { GET: (_req, res) => sendJson(res, 200, { status: 'ok' }) } },
    {
      path: '/health/ready',
      methods: {
        async GET(_req, res) {
          // Shutting down: out of the load balancer first, while still serving (SHUTDOWN_DELAY_MS).
          if (stopping()) return sendJson(res, 503, { status: 'stopping' });
          // For good: newer code must replace this instance (rolling upgrades, docs/operations.md).
          if (changes.incompatible)
            return sendJson(res, 503, { status: 'incompatible', problem: changes.incompatible });
          const [answers, status] = await Promise.all([
            databaseAnswers(database, PROBE_TIMEOUT_MS),
            database.status(),
          ]);
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
  ];
}
