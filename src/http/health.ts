import type { ChangeFeed } from '../db/change-log';
import type { Database } from '../db/database';
import { sendJson, type Route } from './router';

/** How long readiness waits for the database's answer to its probe. */
const PROBE_TIMEOUT_MS = 2000;

/**
 * Whether the database answers, and takes writes: a standby (in recovery) answers read-only, as the server a proxy
 * or virtual IP reaches during a failover can be until it is promoted.
 */
async function databaseAnswers(
  database: Pick<Database, 'dataSource'>,
  timeoutMs: number,
): Promise<'ok' | 'unreachable' | 'read-only'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'unreachable'>((resolve) => {
    timer = setTimeout(() => resolve('unreachable'), timeoutMs);
  });
  const probe = database.dataSource
    .query('SELECT pg_is_in_recovery() AS standby')
    .then((rows: { standby: boolean }[]) => (rows[0].standby ? ('read-only' as const) : ('ok' as const)))
    .catch(() => 'unreachable' as const);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export interface HealthDeps {
  database: Pick<Database, 'dataSource' | 'status'>;
  changes: Pick<ChangeFeed, 'live' | 'incompatible' | 'movedBack'>;
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
          // out of routing at once when PostgreSQL restarts, for what only subscribers notice. So is a database
          // that answers read-only (a standby not promoted yet, during a failover): reads are served, changes are
          // SERVICE_UNAVAILABLE.
          const feed = changes.live ? 'ok' : 'lost';
          const reachable = answers !== 'unreachable';
          const state = !reachable
            ? 'unavailable'
            : status.problem || !changes.live || answers === 'read-only'
              ? 'degraded'
              : 'ok';
          sendJson(res, reachable ? 200 : 503, {
            status: state,
            database: answers,
            feed,
            ...(status.problem ? { problem: status.problem } : {}),
            // The last lost tail this instance found (a failover to a lagging standby): for the operator.
            ...(changes.movedBack ? { changeLogMovedBack: changes.movedBack } : {}),
          });
        },
      },
    },
  ];
}
