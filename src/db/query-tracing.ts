import { context, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import type { DataSource, QueryRunner } from 'typeorm';
import { errorCode } from './error-code';

/** The longest SQL text a span carries (statements are built by TypeORM; a long IN list is cut here). */
const MAX_QUERY_TEXT = 2000;

/** The statement's first keyword (SELECT, INSERT, START, COMMIT, …), its operation name in a span. */
function operationOf(sql: string): string {
  return /^\s*([a-z]+)/i.exec(sql)?.[1]?.toUpperCase() ?? 'QUERY';
}

/**
 * Gives every SQL statement TypeORM sends through `dataSource` (entity managers, query builders, transactions:
 * all go through a query runner's `query`) a client span, a child of the span active where it is sent (the
 * GraphQL operation's, the HTTP request's). The statement's text is recorded, never its parameters. Statements
 * sent outside any trace (start-up, migrations, the change feed's own connection) make no span. The span covers
 * the wait for a pooled connection too. Used only when tracing is on: without it, nothing is wrapped.
 */
export function traceQueries(dataSource: DataSource, tracer: Tracer): void {
  const driver = dataSource.driver as unknown as { createQueryRunner(mode: string): QueryRunner };
  const createQueryRunner = driver.createQueryRunner.bind(driver);
  driver.createQueryRunner = (mode) => {
    const runner = createQueryRunner(mode);
    const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
    runner.query = ((sql: string, ...rest: unknown[]) => {
      if (!trace.getSpan(context.active())) return query(sql, ...rest);
      const operation = operationOf(sql);
      return tracer.startActiveSpan(
        operation,
        {
          kind: SpanKind.CLIENT,
          attributes: {
            'db.system.name': 'postgresql',
            'db.operation.name': operation,
            'db.query.text': sql.length > MAX_QUERY_TEXT ? `${sql.slice(0, MAX_QUERY_TEXT)}…` : sql,
          },
        },
        async (span) => {
          try {
            return await query(sql, ...rest);
          } catch (error) {
            // PostgreSQL's SQLSTATE when there is one (what the error is, without the message's data).
            const code = errorCode(error);
            span.setAttribute('error.type', code ?? (error as Error).name ?? 'Error');
            if (code) span.setAttribute('db.response.status_code', code);
            span.setStatus({ code: SpanStatusCode.ERROR });
            throw error;
          } finally {
            span.end();
          }
        },
      );
    }) as QueryRunner['query'];
    return runner;
  };
}
