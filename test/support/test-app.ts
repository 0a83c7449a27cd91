import type { IncomingHttpHeaders } from 'node:http';
import type { GraphQLFormattedError } from 'graphql';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import pino, { type Logger } from 'pino';
import { boot } from '../../src/app/runtime';
import { sequenceChanges } from '../../src/db/change-log';
import { createApp, type App } from '../../src/app/server';
import { loadConfig, type Config } from '../../src/config';
import { createTestDatabaseUrl, type TestDatabase } from './test-database';

/** Who a test request acts as; turned into the X-Project-Id / X-User-Id / X-Roles headers. */
export interface Who {
  project: string;
  user?: string;
  roles?: string[];
}

export const ADMIN: Who = { project: 'admin-project', user: 'alice', roles: ['admin'] };
/** A service user: the service role, and (as devstack sets them up) a member of its own project. */
export const SERVICE: Who = { project: 'service-project', user: 'nova', roles: ['service', 'member'] };
export const project = (name: string, roles: string[] = ['member']): Who => ({
  project: name,
  user: `${name}-user`,
  roles,
});

export interface GqlResult<T> {
  data?: T | null;
  errors?: readonly GraphQLFormattedError[];
}

// Test payloads are whatever the query selects: typed loosely on purpose.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Data = any;

export interface TestApp {
  app: App;
  config: Config;
  /** Runs a GraphQL operation through the real Apollo pipeline (auth, validation, limits, formatError). */
  gql<T = Data>(query: string, variables?: Record<string, unknown>, as?: Who | null): Promise<GqlResult<T>>;
  /** Like gql, but fails the test on errors and returns data. */
  ok<T = Data>(query: string, variables?: Record<string, unknown>, as?: Who | null): Promise<T>;
  close(): Promise<void>;
}

export function headersOf(who: Who | null): IncomingHttpHeaders {
  if (!who) return {};
  return {
    'x-project-id': who.project,
    ...(who.user ? { 'x-user-id': who.user } : {}),
    ...(who.roles ? { 'x-roles': who.roles.join(',') } : {}),
  };
}

/**
 * Options of a test server: `logger` receives the app's logs (tests that check what is logged); `spanExporter`
 * the spans when tracing is on (OTEL_TRACES_EXPORTER=otlp in `env`).
 */
export interface TestAppOptions {
  logger?: Logger;
  spanExporter?: SpanExporter;
}

/** One service instance (boot + createApp, as `serve` does) on a database that already exists. */
async function startInstance(
  database: TestDatabase,
  env: Record<string, string>,
  { logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' }), spanExporter }: TestAppOptions,
): Promise<TestApp> {
  const config = loadConfig({
    AUTH_MODE: 'headers',
    LOG_LEVEL: 'silent',
    // A query through a context inside its own transaction fails at once (test/transaction-guard.test.ts).
    DATABASE_TRANSACTION_GUARD: 'true',
    DATABASE_URL: database.url,
    ...env,
  });
  const runtime = await boot({ config, logger, initialData: database.initialData });
  const app = await createApp({ ...runtime, spanExporter });

  async function gql<T>(query: string, variables?: Record<string, unknown>, as: Who | null = ADMIN) {
    const contextValue = await app.contextFor(headersOf(as));
    const response = await app.apollo.executeOperation<T>({ query, variables }, { contextValue });
    if (response.body.kind !== 'single') throw new Error('unexpected incremental response');
    // What a client receives: serialized (dates become ISO strings).
    return JSON.parse(JSON.stringify(response.body.singleResult)) as GqlResult<T>;
  }

  return {
    app,
    config,
    gql,
    async ok<T>(query: string, variables?: Record<string, unknown>, as: Who | null = ADMIN) {
      const result = await gql<T>(query, variables, as);
      if (result.errors?.length) {
        throw new Error(`GraphQL errors: ${JSON.stringify(result.errors, null, 2)}`);
      }
      return result.data as T;
    },
    close: () => app.stop(),
  };
}

/**
 * A server on a database the test started itself (`url`, e.g. a PostgreSQL cluster of its own): migrated and
 * seeded at boot, as `serve` does on an empty database. Closing it leaves the database alone.
 */
export function startTestAppOn(
  url: string,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  return startInstance({ url, shared: true, drop: async () => undefined }, env, options);
}

/**
 * A real server (schema, context, error formatting, plugins) on a real database of its own, migrated and seeded
 * (a copy of the run's prepared database: test/support/prepared-database.ts),
 * with AUTH_MODE=headers. `env` overrides settings the way the environment would (e.g. METADEF_PROJECT_WRITES).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const [app] = await startTestApps(1, env, options);
  return app;
}

/**
 * `count` service instances sharing one fresh database, as replicas behind a load balancer share one
 * PostgreSQL server (TEST_DATABASE_URL): each has its own process state, pool and loaders. On PGlite one
 * process owns the database, so every entry is the same single instance. Closing any entry closes them all.
 */
export async function startTestApps(
  count: number,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp[]> {
  const database = await createTestDatabaseUrl({ prepared: true });
  const instances: TestApp[] = [];
  try {
    const instanceCount = database.shared ? count : 1;
    // One after the other, as replicas start: each finds the database migrated and runs the seeds (`always`).
    for (let i = 0; i < instanceCount; i += 1) instances.push(await startInstance(database, env, options));
  } catch (error) {
    await Promise.all(instances.map((instance) => instance.close()));
    await database.drop();
    throw error;
  }
  let closing: Promise<void> | undefined;
  const closeAll = () =>
    (closing ??= (async () => {
      await Promise.all(instances.map((instance) => instance.close()));
      await database.drop();
    })());
  return Array.from({ length: count }, (_, i) => ({ ...instances[i % instances.length], close: closeAll }));
}

/** Asserts the result failed with this code (and field, when given); returns the first error. */
export function expectError<T>(result: GqlResult<T>, code: string, field?: string): GraphQLFormattedError {
  const error = result.errors?.[0];
  if (!error) throw new Error(`expected ${code}, got data ${JSON.stringify(result.data)}`);
  expect({ code: error.extensions?.code, message: error.message }).toEqual({
    code,
    message: expect.any(String),
  });
  if (field !== undefined) expect(error.extensions?.field).toBe(field);
  expect(JSON.stringify(result.errors)).not.toMatch(/\bat .+\.(ts|js):\d+|SELECT |INSERT |UPDATE .* SET/);
  return error;
}

let counter = 0;
/** A name no other test uses (tests never depend on each other's data). */
export function unique(prefix = 'T'): string {
  counter += 1;
  return `${prefix}::${process.pid}x${counter}x${Math.random().toString(36).slice(2, 7)}`;
}

/** The JSON body of an HTTP response, loosely typed for assertions. */
export async function bodyOf(response: Response | Promise<Response>): Promise<Data> {
  return (await response).json();
}

/** POSTs a GraphQL operation over real HTTP (the peer address and status are real); returns status and body. */
export async function postGql(
  url: string,
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string>,
): Promise<{ status: number; body: Data }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: await response.json() };
}

/**
 * Numbers the changes committed and not numbered yet (an instance does it in the background after its commits), as
 * `changes` and `history` do before they read: for a test that reads the change log by SQL.
 */
export const numberChanges = (t: {
  app: { database: { dataSource: { query(sql: string): Promise<unknown> } } };
}) => sequenceChanges(t.app.database.dataSource);
