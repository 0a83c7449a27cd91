import type { IncomingHttpHeaders } from 'node:http';
import type { ApolloServer, ApolloServerPlugin } from '@apollo/server';
import {
  context,
  defaultTextMapGetter,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context as TraceContext,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { setGlobalErrorHandler, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as OtlpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Context } from '../common/context';
import { packageVersion } from './observability';

/**
 * OpenTelemetry traces (docs/operations.md, Observability): a span for each HTTP request (joining the caller's trace when
 * it sends a W3C `traceparent`), one for each GraphQL operation inside it, and one for each SQL statement inside
 * that (db/query-tracing.ts), sent over OTLP/HTTP. Off unless configured (config.ts, `tracing`): then none of
 * this is made and no request pays for it.
 */
export interface Tracing {
  tracer: Tracer;
  /** The trace a request's caller is in (W3C `traceparent` and `tracestate`), or none. */
  callerContext(headers: IncomingHttpHeaders): TraceContext;
  /** Sends the spans still buffered, then stops. */
  shutdown(): Promise<void>;
}

const propagator = new W3CTraceContextPropagator();

let contextManager: AsyncLocalStorageContextManager | undefined;

/**
 * The process's context manager (AsyncLocalStorage), so that a span started in a request is the parent of the
 * spans started further down its async calls. Registered once, the first time tracing is on; never when off.
 */
function registerContextManager(): void {
  if (contextManager) return;
  contextManager = new AsyncLocalStorageContextManager().enable();
  // False when another one is registered already (an embedding application's): that one is used.
  context.setGlobalContextManager(contextManager);
}

function otlpExporter(config: NonNullable<Config['observability']['tracing']>): SpanExporter {
  // Headers, timeout, compression and certificates come from the SDK's standard OTEL_EXPORTER_OTLP_* variables.
  return config.protocol === 'http/json'
    ? new OtlpJsonExporter({ url: config.url })
    : new OtlpProtobufExporter({ url: config.url });
}

/**
 * The tracing of a service instance when config.observability.tracing is set, else undefined. `exporter` replaces the OTLP
 * exporter (tests: an InMemorySpanExporter, whose spans are then handed over as each one ends).
 */
export function createTracing(config: Config, logger: Logger, exporter?: SpanExporter): Tracing | undefined {
  if (!config.observability.tracing) return undefined;
  registerContextManager();
  // An export that fails (the collector is down) is logged, never thrown into a request.
  setGlobalErrorHandler((error) => logger.warn({ err: error }, 'tracing: spans could not be exported'));
  const resource = resourceFromAttributes({
    'service.name': 'metacatalog',
    'service.version': packageVersion(),
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES override these.
  }).merge(detectResources({ detectors: [envDetector] }));
  const provider = new BasicTracerProvider({
    resource,
    // The sampler is the SDK's (OTEL_TRACES_SAMPLER; by default parent-based: a caller's unsampled trace
    // records nothing), and so are the batch settings (OTEL_BSP_*).
    spanProcessors: [
      exporter
        ? new SimpleSpanProcessor(exporter)
        : new BatchSpanProcessor(otlpExporter(config.observability.tracing)),
    ],
  });
  logger.info(
    { url: config.observability.tracing.url, protocol: config.observability.tracing.protocol },
    'tracing: sending spans over OTLP',
  );
  return {
    tracer: provider.getTracer('metacatalog', packageVersion()),
    callerContext: (headers) => propagator.extract(ROOT_CONTEXT, headers, defaultTextMapGetter),
    shutdown: () => provider.shutdown(),
  };
}

/** The spans of GraphQL operations, started around Apollo's pipeline (traceGraphqlOperations). */
const operationSpans = new WeakSet<Span>();

/**
 * Runs every GraphQL operation (over HTTP: `executeHTTPGraphQLRequest`; over WebSocket: `executeOperation`) in
 * a span of its own, active while Apollo parses, validates and executes it, so that the database's spans are
 * its children. A plugin cannot do that: Apollo's hooks run inside its pipeline and cannot change the context
 * its resolvers run in. `graphqlTracingPlugin` names the span once the operation is known.
 */
export function traceGraphqlOperations(apollo: ApolloServer<Context>, tracing: Tracing): void {
  const inSpan = <T>(run: () => Promise<T>): Promise<T> =>
    tracing.tracer.startActiveSpan('GraphQL Operation', { kind: SpanKind.INTERNAL }, async (span) => {
      operationSpans.add(span);
      try {
        return await run();
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
        throw error;
      } finally {
        span.end();
      }
    });
  const executeHTTPGraphQLRequest = apollo.executeHTTPGraphQLRequest.bind(apollo);
  apollo.executeHTTPGraphQLRequest = (request) => inSpan(() => executeHTTPGraphQLRequest(request));
  const executeOperation = apollo.executeOperation.bind(apollo) as (...args: unknown[]) => Promise<unknown>;
  apollo.executeOperation = ((...args: unknown[]) =>
    inSpan(() => executeOperation(...args))) as ApolloServer<Context>['executeOperation'];
}

/** Server-side faults: a span with one of these codes is an error (a client's mistake is not). */
const FAULTS = new Set(['INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE']);

/**
 * Names the operation's span as OpenTelemetry's GraphQL conventions say (`query ListTraits`, with
 * `graphql.operation.type` and `graphql.operation.name`) and records its error codes.
 */
export function graphqlTracingPlugin(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      const span = trace.getActiveSpan();
      if (!span || !operationSpans.has(span)) return;
      return {
        async didResolveOperation({ operation, operationName }) {
          if (!operation) return;
          const type = operation.operation;
          const name = operationName?.slice(0, 100);
          span.updateName(name ? `${type} ${name}` : type);
          span.setAttribute('graphql.operation.type', type);
          if (name) span.setAttribute('graphql.operation.name', name);
        },
        async willSendResponse({ response }) {
          const body = response.body.kind === 'single' ? response.body.singleResult : undefined;
          const codes = [
            ...new Set((body?.errors ?? []).map((error) => String(error.extensions?.code ?? 'UNKNOWN'))),
          ];
          if (!codes.length) return;
          span.setAttribute('error.type', codes[0]);
          span.setAttribute('metacatalog.graphql.error_codes', codes);
          if (codes.some((code) => FAULTS.has(code))) span.setStatus({ code: SpanStatusCode.ERROR });
        },
      };
    },
  };
}
