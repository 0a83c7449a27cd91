import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloServer } from '@apollo/server';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { captureLogs, type CapturedLogs } from './support/log-capture';
import { wsClient } from './support/subscriptions';
import { ADMIN, bodyOf, headersOf, startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** A W3C traceparent of a caller's span: sampled unless told otherwise. */
const traceparent = (traceId: string, spanId: string, sampled = true) =>
  `00-${traceId}-${spanId}-${sampled ? '01' : '00'}`;

function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(headersOf(ADMIN) as Record<string, string>),
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

/** Waits (without assuming a speed, but not forever) until `found` finds something. */
const until = <T>(what: string, found: () => T | undefined) => waitFor(what, found, { everyMs: 10 });

const TRAIT_PAGE = 'query TraitPage { traits(first: 3) { nodes { name } } }';

describe('OpenTelemetry traces (in-memory exporter)', () => {
  const exporter = new InMemorySpanExporter();
  let logs: CapturedLogs;
  let t: TestApp;
  let url: string;

  const spanId = (span: ReadableSpan) => span.spanContext().spanId;
  const inTrace = (traceId: string) =>
    exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
  /** The spans of a trace once its HTTP span has ended (it ends when the response is closed). */
  async function traceOf(traceId: string): Promise<ReadableSpan[]> {
    await until(`the HTTP span of trace ${traceId}`, () =>
      inTrace(traceId).find((span) => span.kind === SpanKind.SERVER),
    );
    return inTrace(traceId);
  }

  beforeAll(async () => {
    logs = captureLogs();
    t = await startTestApp({ OTEL_TRACES_EXPORTER: 'otlp' }, { spanExporter: exporter, logger: logs.logger });
    url = await t.app.listen(0, '127.0.0.1');
  });
  afterAll(() => t.close());

  it("joins the caller's trace: HTTP request, then GraphQL operation, then each SQL statement", async () => {
    const traceId = hex(16);
    const caller = hex(8);
    const response = await post(url, { query: TRAIT_PAGE }, { traceparent: traceparent(traceId, caller) });
    expect(response.status).toBe(200);
    expect((await bodyOf(response)).data.traits.nodes).toHaveLength(3);
    const spans = await traceOf(traceId);

    const server = spans.filter((span) => span.kind === SpanKind.SERVER);
    expect(server).toHaveLength(1);
    const [request] = server;
    expect(request.name).toBe('POST /graphql');
    expect(request.parentSpanContext?.spanId).toBe(caller);
    expect(request.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/graphql',
      'http.response.status_code': 200,
    });

    const operations = spans.filter((span) => span.attributes['graphql.operation.type']);
    expect(operations.map((span) => span.name)).toEqual(['query TraitPage']);
    const [operation] = operations;
    expect(operation.parentSpanContext?.spanId).toBe(spanId(request));
    expect(operation.attributes).toMatchObject({
      'graphql.operation.type': 'query',
      'graphql.operation.name': 'TraitPage',
    });
    expect(operation.status.code).toBe(SpanStatusCode.UNSET);

    const statements = spans.filter((span) => span.kind === SpanKind.CLIENT);
    expect(statements.length).toBeGreaterThanOrEqual(1);
    for (const statement of statements) {
      expect(statement.parentSpanContext?.spanId).toBe(spanId(operation));
      expect(statement.attributes['db.system.name']).toBe('postgresql');
      expect(statement.name).toBe(statement.attributes['db.operation.name']);
    }
    expect(statements.map((span) => span.attributes['db.query.text'])).toContainEqual(
      expect.stringMatching(/^SELECT .*traits/is),
    );
    // Three kinds of span, and nothing else in the trace.
    expect(spans).toHaveLength(1 + 1 + statements.length);
    // The request's log line names the trace.
    expect(logs.lines()).toContainEqual(
      expect.objectContaining({ msg: 'graphql request', operation: 'TraitPage', traceId }),
    );
  });

  it('starts a trace of its own for a caller without traceparent', async () => {
    const before = new Set(exporter.getFinishedSpans().map(spanId));
    const response = await post(url, { query: 'query Root { __typename }' });
    expect(response.status).toBe(200);
    await response.text();
    const request = await until('a new HTTP span', () =>
      exporter.getFinishedSpans().find((span) => span.kind === SpanKind.SERVER && !before.has(spanId(span))),
    );
    expect(request.parentSpanContext).toBeUndefined();
    const spans = inTrace(request.spanContext().traceId);
    expect(spans.find((span) => span.name === 'query Root')?.parentSpanContext?.spanId).toBe(spanId(request));
  });

  it('records a mutation in its transaction, and a refused operation with its code', async () => {
    const traceId = hex(16);
    const name = `CUSTOM_TRACED_${hex(4).toUpperCase()}`;
    const created = await post(
      url,
      { query: 'mutation Add($name: String!) { createTrait(name: $name) { created } }', variables: { name } },
      { traceparent: traceparent(traceId, hex(8)) },
    );
    expect((await bodyOf(created)).data.createTrait.created).toBe(true);
    const spans = await traceOf(traceId);
    const operation = spans.find((span) => span.name === 'mutation Add')!;
    const statements = spans.filter((span) => span.kind === SpanKind.CLIENT);
    expect(statements.map((span) => span.name)).toEqual(
      expect.arrayContaining(['START', 'INSERT', 'COMMIT']),
    );
    for (const statement of statements) expect(statement.parentSpanContext?.spanId).toBe(spanId(operation));

    const refusedTrace = hex(16);
    const refused = await post(
      url,
      { query: 'query Bad { traits(first: 3) { nodes { nope } } }' },
      { traceparent: traceparent(refusedTrace, hex(8)) },
    );
    await refused.text();
    const failed = (await traceOf(refusedTrace)).find((span) => span.kind === SpanKind.INTERNAL)!;
    expect(failed.attributes['error.type']).toBe('GRAPHQL_VALIDATION_FAILED');
    // A client's mistake is not the server's error.
    expect(failed.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('marks an operation that fails on the server, and its failing statement, as errors', async () => {
    const traceId = hex(16);
    const name = `Broken${hex(4)}`; // not an answer the catalog cache holds: its statement runs
    const db = t.app.database.dataSource;
    // The table gone for a while (this test file's own database): the list's statement fails.
    await db.query(`ALTER TABLE traits RENAME TO traits_away`);
    let body;
    try {
      body = await bodyOf(
        await post(
          url,
          { query: `query ${name} { traits(first: 3) { nodes { name } } }` },
          { traceparent: traceparent(traceId, hex(8)) },
        ),
      );
    } finally {
      await db.query(`ALTER TABLE traits_away RENAME TO traits`);
    }
    expect(body.errors[0].extensions.code).toBe('INTERNAL_SERVER_ERROR');
    const spans = await traceOf(traceId);
    const operation = spans.find((span) => span.name === `query ${name}`)!;
    expect({ status: operation.status.code, error: operation.attributes['error.type'] }).toEqual({
      status: SpanStatusCode.ERROR,
      error: 'INTERNAL_SERVER_ERROR',
    });
    // The statement that failed, with PostgreSQL's SQLSTATE (undefined_table); the others did not.
    const failed = spans.filter(
      (span) => span.kind === SpanKind.CLIENT && span.status.code === SpanStatusCode.ERROR,
    );
    expect(failed.map((span) => span.attributes['db.response.status_code'])).toEqual(['42P01']);
    expect(String(failed[0].attributes['db.query.text'])).toMatch(/traits/);
    // The HTTP request itself was answered (200, the error in the body): not an error of its own.
    const request = spans.find((span) => span.kind === SpanKind.SERVER)!;
    expect(request.attributes['http.response.status_code']).toBe(200);
    expect(request.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('traces an operation over WebSocket too: the operation, then its SQL statements', async () => {
    const socket = wsClient(url.replace(/^http/, 'ws'), {
      headers: headersOf(ADMIN) as Record<string, string>,
    });
    try {
      const outcome = await socket.run({ query: 'query WsTraits { traits(first: 2) { nodes { name } } }' });
      expect(outcome.results[0].data.traits.nodes).toHaveLength(2);
    } finally {
      await socket.dispose();
    }
    const operation = exporter.getFinishedSpans().find((span) => span.name === 'query WsTraits')!;
    expect(operation.parentSpanContext).toBeUndefined();
    const statements = inTrace(operation.spanContext().traceId).filter(
      (span) => span.kind === SpanKind.CLIENT,
    );
    expect(statements.length).toBeGreaterThanOrEqual(1);
    for (const statement of statements) expect(statement.parentSpanContext?.spanId).toBe(spanId(operation));
  });

  it('records nothing of a trace its caller does not sample, and does not trace probes', async () => {
    const traceId = hex(16);
    const response = await post(
      url,
      { query: TRAIT_PAGE },
      { traceparent: traceparent(traceId, hex(8), false) },
    );
    expect(response.status).toBe(200);
    await response.text();
    for (const path of ['/health/live', '/health/ready', '/metrics']) {
      const probe = await fetch(url.replace(/\/graphql$/, path));
      expect(probe.status).toBe(200);
      await probe.text();
    }
    // A request traced after those: its spans are there, theirs are not.
    const after = hex(16);
    await (
      await post(url, { query: 'query After { __typename }' }, { traceparent: traceparent(after, hex(8)) })
    ).text();
    await traceOf(after);
    expect(inTrace(traceId)).toEqual([]);
    expect(exporter.getFinishedSpans().map((span) => span.name)).not.toContainEqual(
      expect.stringMatching(/health|metrics/),
    );
  });
});

describe('OpenTelemetry traces over OTLP/HTTP', () => {
  it('sends the spans to OTEL_EXPORTER_OTLP_ENDPOINT (protobuf), flushed when the server stops', async () => {
    const received: { path: string; type: string; body: Buffer }[] = [];
    const collector = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          path: req.url ?? '',
          type: req.headers['content-type'] ?? '',
          body: Buffer.concat(chunks),
        });
        res.writeHead(200, { 'content-type': 'application/x-protobuf' });
        res.end();
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    try {
      const t = await startTestApp({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
      const traceId = hex(16);
      try {
        const url = await t.app.listen(0, '127.0.0.1');
        const response = await post(
          url,
          { query: TRAIT_PAGE },
          { traceparent: traceparent(traceId, hex(8)) },
        );
        expect(response.status).toBe(200);
        await response.text();
      } finally {
        await t.close();
      }
      const exported = Buffer.concat(
        received
          .filter((r) => r.path === '/v1/traces' && r.type === 'application/x-protobuf')
          .map((r) => r.body),
      );
      // The trace id as OTLP's protobuf carries it (16 raw bytes), and the service's name.
      expect(exported.includes(Buffer.from(traceId, 'hex'))).toBe(true);
      expect(exported.includes(Buffer.from('metacatalog'))).toBe(true);
      expect(exported.includes(Buffer.from('query TraitPage'))).toBe(true);
    } finally {
      collector.closeAllConnections();
      await new Promise((resolve) => collector.close(resolve));
    }
  });
});

describe('tracing off (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('makes no tracer and wraps nothing: requests pay nothing for it', async () => {
    expect(t.app.tracing).toBeUndefined();
    expect(t.app.apollo.executeHTTPGraphQLRequest).toBe(ApolloServer.prototype.executeHTTPGraphQLRequest);
    expect(t.app.apollo.executeOperation).toBe(ApolloServer.prototype.executeOperation);
    expect(Object.prototype.hasOwnProperty.call(t.app.database.dataSource.driver, 'createQueryRunner')).toBe(
      false,
    );
    expect((await t.ok(TRAIT_PAGE)).traits.nodes).toHaveLength(3);
  });
});
