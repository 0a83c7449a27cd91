import type { ApolloServerPlugin, HTTPGraphQLRequest } from '@apollo/server';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Context } from '../common/context';

/** Operation names come from clients: keep the label set bounded so a client cannot explode it. */
const MAX_OPERATION_LABELS = 200;

export interface Metrics {
  registry: Registry;
  requests: Counter<'operation' | 'type' | 'status'>;
  duration: Histogram<'operation' | 'type'>;
  errors: Counter<'code'>;
  operationLabel(name: string | null | undefined): string;
  /** Registers a gauge whose value is read from `read` at each scrape. */
  gauge(name: string, help: string, read: () => number): void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'metacatalog_' });
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
 * Counts and times every GraphQL request, counts errors by code, and writes one log line per request. The HTTP
 * requests it logs go into `logged`, so that the HTTP layer logs only those refused before this point.
 */
export function observabilityPlugin(
  metrics: Metrics,
  logged: WeakSet<HTTPGraphQLRequest>,
): ApolloServerPlugin<Context> {
  return {
    async requestDidStart({ contextValue, request }) {
      if (request.http) logged.add(request.http);
      const started = process.hrtime.bigint();
      return {
        async willSendResponse({ response, operation, operationName, errors }) {
          const seconds = Number(process.hrtime.bigint() - started) / 1e9;
          const operationLabel = metrics.operationLabel(operationName);
          const type = operation?.operation ?? 'unknown';
          const body = response.body.kind === 'single' ? response.body.singleResult : undefined;
          const codes = (body?.errors ?? []).map((error) => String(error.extensions?.code ?? 'UNKNOWN'));
          for (const code of codes) metrics.errors.inc({ code });
          metrics.requests.inc({ operation: operationLabel, type, status: codes.length ? 'error' : 'ok' });
          metrics.duration.observe({ operation: operationLabel, type }, seconds);
          for (const error of body?.errors ?? []) {
            // The id lets an operator find the logged cause of a masked error.
            if (error.extensions?.code === 'INTERNAL_SERVER_ERROR') {
              (error.extensions as Record<string, unknown>).requestId = contextValue.requestId;
            }
          }
          contextValue.logger.info(
            {
              operation: operationName ?? null,
              type,
              ms: Math.round(seconds * 1000),
              errors: codes.length ? codes : undefined,
              unexpected:
                errors?.length && codes.includes('INTERNAL_SERVER_ERROR') ? errors.map(String) : undefined,
            },
            'graphql request',
          );
        },
      };
    },
  };
}
