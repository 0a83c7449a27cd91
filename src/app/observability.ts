import type { ApolloServerPlugin, HTTPGraphQLRequest } from '@apollo/server';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { trace } from '@opentelemetry/api';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { InstanceState } from '../common/changes';
import type { Context } from '../common/context';
import type { ChangeFeed } from '../db/change-log';
import type { Database } from '../db/database';
import { projectRoot } from '../config/paths';
import { DATA_GROUPS } from '../common/module';
import { catalogCacheGroupUsage, catalogCacheUsage } from './catalog-cache';
import { logRequestLine } from './context';

/** Operation names come from clients: keep the label set bounded so a client cannot explode it. */
const MAX_OPERATION_LABELS = 200;

export interface Metrics {
  registry: Registry;
  requests: Counter<'operation' | 'type' | 'status'>;
  duration: Histogram<'operation' | 'type'>;
  errors: Counter<'code'>;
  /** Every HTTP response, by method, route (one of the route table's paths) and status. */
  httpRequests: Counter<'method' | 'route' | 'status'>;
  /** Catalog queries answered from the instance's catalog cache, and those computed (catalog-cache.ts). */
  catalogCacheHits: Counter;
  catalogCacheMisses: Counter;
  /** The same by data group (an answer reading several groups counts in each): `kind` hits or misses. */
  catalogCacheGroupCounts: Counter<'kind' | 'group'>;
  operationLabel(name: string | null | undefined): string;
  /** Registers a gauge whose value is read from `read` at each scrape. */
  gauge(name: string, help: string, read: () => number): void;
  /**
   * Registers a counter (its name ends in `_total`) whose value is read from `read` at each scrape: a count this
   * process keeps elsewhere, which only grows.
   */
  counter(name: `${string}_total`, help: string, read: () => number): void;
  /** The same for a gauge with one label: `read` gives each label value's value. */
  labelledGauge(name: string, help: string, label: string, read: () => [string, number][]): void;
}

export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version: string })
    .version;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  // Under their standard names (process_cpu_seconds_total, nodejs_heap_size_used_bytes, …), which stock
  // Node.js dashboards and alerts query.
  collectDefaultMetrics({ register: registry });
  // Except three gauges that prom-client names like counters (promtool: "non-counter metrics should not have
  // _total suffix"); their values are the sums of nodejs_active_handles, …_requests and …_resources by type.
  for (const name of ['handles', 'requests', 'resources'])
    registry.removeSingleMetric(`nodejs_active_${name}_total`);
  new Gauge({
    name: 'metacatalog_build_info',
    help: 'Always 1: the version of metacatalog and of Node.js this process runs, as labels.',
    labelNames: ['version', 'node_version'],
    registers: [registry],
  }).set({ version: packageVersion(), node_version: process.version }, 1);
  const seen = new Set<string>();
  return {
    registry,
    requests: new Counter({
      name: 'metacatalog_graphql_requests_total',
      help: 'GraphQL requests by operation name, operation type and outcome (ok or error).',
      labelNames: ['operation', 'type', 'status'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'metacatalog_graphql_request_duration_seconds',
      help: 'GraphQL request latency by operation.',
      labelNames: ['operation', 'type'],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    errors: new Counter({
      name: 'metacatalog_graphql_errors_total',
      help: 'GraphQL errors by extensions.code.',
      labelNames: ['code'],
      registers: [registry],
    }),
    httpRequests: new Counter({
      name: 'metacatalog_http_requests_total',
      help:
        'HTTP responses by method, route (a path of the route table; explorer for the web app, other for a ' +
        'path nothing serves) and status code (aborted: the client left before the response was complete).',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    catalogCacheHits: new Counter({
      name: 'metacatalog_catalog_cache_hits_total',
      help: 'Cacheable queries (catalog, traits, providers) answered from the answer cache (CATALOG_CACHE_MB).',
      registers: [registry],
    }),
    catalogCacheMisses: new Counter({
      name: 'metacatalog_catalog_cache_misses_total',
      help: 'Cacheable queries (catalog, traits, providers) the answer cache had no current answer for (computed, then kept when possible).',
      registers: [registry],
    }),
    catalogCacheGroupCounts: new Counter({
      name: 'metacatalog_catalog_cache_group_requests_total',
      help: 'Cacheable queries by data group they read (catalog, traits, providers; a query reading several counts in each) and kind: hits (answered from the answer cache) or misses (computed).',
      labelNames: ['kind', 'group'],
      registers: [registry],
    }),
    gauge(name, help, read) {
      registry.removeSingleMetric(name);
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    },
    counter(name, help, read) {
      registry.removeSingleMetric(name);
      new Counter({
        name,
        help,
        registers: [registry],
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    },
    labelledGauge(name, help, label, read) {
      registry.removeSingleMetric(name);
      new Gauge({
        name,
        help,
        labelNames: [label],
        registers: [registry],
        collect() {
          for (const [value, count] of read()) this.set({ [label]: value }, count);
        },
      });
    },
    operationLabel(name) {
      const label = (name || 'anonymous').slice(0, 64);
      if (seen.has(label)) return label;
      if (seen.size >= MAX_OPERATION_LABELS) return 'other';
      seen.add(label);
      return label;
    },
  };
}

/**
 * The gauges of one service instance, read at each scrape: its database pool, its change feed and its catalog
 * cache (the subscription gauges are subscriptions.ts's).
 */
export function observeInstance(
  metrics: Metrics,
  { database, changes, instance }: { database: Database; changes: ChangeFeed; instance: InstanceState },
): void {
  metrics.gauge(
    'metacatalog_database_pool_connections',
    'Database connections open, busy and idle (the embedded database: its one connection).',
    () => database.pool().total,
  );
  metrics.gauge(
    'metacatalog_database_pool_idle_connections',
    'Database connections open and idle.',
    () => database.pool().idle,
  );
  metrics.gauge(
    'metacatalog_database_pool_waiting_requests',
    'Requests waiting for a database connection while every one is busy (up to DATABASE_POOL_WAIT_MS).',
    () => database.pool().waiting,
  );
  metrics.gauge(
    'metacatalog_database_pool_max_connections',
    'The most database connections the pool opens (DATABASE_POOL_SIZE; 1 for the embedded database).',
    () => database.pool().max,
  );
  const { embedded } = database;
  if (embedded) {
    metrics.gauge(
      'metacatalog_pglite_memory_bytes',
      "The size of the embedded database's (PGlite) WebAssembly memory: 128 MB at start, grown by PostgreSQL when " +
        'it needs more, never shrunk; only the pages it touched are resident (embedded database only).',
      () => embedded.memoryBytes,
    );
  }
  metrics.gauge(
    'metacatalog_change_feed_up',
    '1 while the change feed (the LISTEN connection) delivers, 0 while it is lost and reconnecting ' +
      '(subscriptions refused with 4503, feed-fed caches off; /health/ready says feed "lost").',
    () => (changes.live ? 1 : 0),
  );
  metrics.gauge(
    'metacatalog_change_log_watched',
    '1 while a subscription waits for changes on this instance or (PostgreSQL) another: the instance numbers its ' +
      'commits within 50 ms; 0 while none does: within CHANGE_STEP_UNWATCHED_MS (docs/live.md).',
    () => (changes.watched ? 1 : 0),
  );
  metrics.counter(
    'metacatalog_change_log_steps_total',
    'Sequencing steps this instance ran since it started (after its commits, and when another writer announced ' +
      'changes): each numbers the changes committed and not numbered yet (docs/live.md). Steps a reader runs ' +
      'before it reads the log are not counted.',
    () => changes.sequencing.steps,
  );
  metrics.counter(
    'metacatalog_change_log_step_failures_total',
    "Sequencing steps of this instance that failed since it started (each logged, retried at the instance's " +
      'next commit): while they fail, changes wait unnumbered and subscribers get no events.',
    () => changes.sequencing.failures,
  );
  metrics.counter(
    'metacatalog_change_log_pending_vacuums_total',
    'Vacuums of the pending changes table this instance ran since it started (once a second at most, after its steps).',
    () => changes.sequencing.vacuums,
  );
  metrics.gauge(
    'metacatalog_catalog_cache_entries',
    'Catalog answers the catalog cache holds.',
    () => catalogCacheUsage(instance).entries,
  );
  metrics.gauge(
    'metacatalog_catalog_cache_bytes',
    'What the catalog cache holds, as counted against CATALOG_CACHE_MB (bytes).',
    () => catalogCacheUsage(instance).bytes,
  );
  metrics.labelledGauge(
    'metacatalog_catalog_cache_group_entries',
    'Answers the catalog cache holds, by data group they read (an answer reading several counts in each).',
    'group',
    () => DATA_GROUPS.map((group) => [group, catalogCacheGroupUsage(instance, group).entries]),
  );
  metrics.labelledGauge(
    'metacatalog_catalog_cache_group_bytes',
    'What the catalog cache holds (bytes, as counted against CATALOG_CACHE_MB), by data group the answers read (an answer reading several counts in each).',
    'group',
    () => DATA_GROUPS.map((group) => [group, catalogCacheGroupUsage(instance, group).bytes]),
  );
}

/** One GraphQL request as it is counted and logged. */
export interface RequestRecord {
  /** The operation's name (null: anonymous or unresolved). */
  operation: string | null;
  /** Its type (query, mutation, subscription; unknown when none was resolved). */
  type: string;
  /** How long it took to answer. */
  seconds: number;
  /** The `extensions.code` of each error of its answer (none: ok). */
  codes: readonly string[];
  /** The trace to look up for it (tracing on). */
  traceId?: string;
  /** The errors' texts when one was unexpected (INTERNAL_SERVER_ERROR). */
  unexpected?: string[];
}

/**
 * Counts, times and logs one GraphQL request, wherever it is answered (the pipeline's observabilityPlugin, the
 * answer cache's front in the HTTP layer: cache-front.ts): its count by operation, type and status, its duration,
 * its errors by code, and its one log line.
 */
export function recordRequest(metrics: Metrics, ctx: Context, request: RequestRecord): void {
  const { operation, type, seconds, codes } = request;
  const operationLabel = metrics.operationLabel(operation);
  for (const code of codes) metrics.errors.inc({ code });
  metrics.requests.inc({ operation: operationLabel, type, status: codes.length ? 'error' : 'ok' });
  metrics.duration.observe({ operation: operationLabel, type }, seconds);
  logRequestLine(
    ctx,
    {
      operation,
      type,
      traceId: request.traceId,
      ms: Math.round(seconds * 1000),
      errors: codes.length ? codes : undefined,
      unexpected: request.unexpected,
    },
    'graphql request',
  );
}

/**
 * Counts and times every GraphQL request, counts errors by code, and writes one log line per request. The HTTP
 * requests it logs go into `logged`, so that the HTTP layer logs only those refused before this point.
 */
export function observabilityPlugin(
  metrics: Metrics,
  logged: WeakSet<HTTPGraphQLRequest>,
  /** Whether tracing is on (else no span is active: none is looked up). */
  tracing = true,
): ApolloServerPlugin<Context> {
  return {
    async requestDidStart({ contextValue, request }) {
      if (request.http) logged.add(request.http);
      const started = process.hrtime.bigint();
      return {
        async willSendResponse({ response, operation, operationName, errors }) {
          const seconds = Number(process.hrtime.bigint() - started) / 1e9;
          const body = response.body.kind === 'single' ? response.body.singleResult : undefined;
          const codes = (body?.errors ?? []).map((error) => String(error.extensions?.code ?? 'UNKNOWN'));
          for (const error of body?.errors ?? []) {
            // The id lets an operator find the logged cause of a masked error.
            if (error.extensions?.code === 'INTERNAL_SERVER_ERROR') {
              (error.extensions as Record<string, unknown>).requestId = contextValue.requestId;
            }
          }
          recordRequest(metrics, contextValue, {
            operation: operationName ?? null,
            type: operation?.operation ?? 'unknown',
            seconds,
            codes,
            // With tracing on: the trace to look up for this request.
            traceId: tracing ? trace.getActiveSpan()?.spanContext().traceId : undefined,
            unexpected:
              errors?.length && codes.includes('INTERNAL_SERVER_ERROR') ? errors.map(String) : undefined,
          });
        },
      };
    },
  };
}
