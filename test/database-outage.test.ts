import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import pino from 'pino';
import { createFormatError } from '../src/app/format-error';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * A TCP proxy in front of the PostgreSQL server that the test can cut and restore, to simulate an outage
 * of a real server without touching it.
 */
async function cuttableProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  await start();
  return {
    url: () => {
      const url = new URL(target.toString());
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    async cut() {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await new Promise((resolve) => server!.close(resolve));
    },
    restore: start,
  };
}

describe('database outage', () => {
  let t: TestApp;
  let url: string;
  let cut: () => Promise<void>;
  let restore: () => Promise<void>;
  let closeProxy = async () => undefined as unknown;

  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) {
      // Boot through a proxy to the test database created for this file.
      const direct = await startTestApp();
      const target = new URL((direct.app.database.dataSource.options as { url: string }).url);
      const proxy = await cuttableProxy(target);
      t = await startTestApp({
        DATABASE_URL: proxy.url(),
        DATABASE_CONNECT_TIMEOUT_MS: '1000',
        DATABASE_POOL_SIZE: '2',
      });
      cut = proxy.cut;
      restore = proxy.restore;
      closeProxy = async () => {
        await proxy.cut();
        await direct.close();
      };
    } else {
      t = await startTestApp({ DATABASE_CONNECT_TIMEOUT_MS: '1000' });
      cut = () => t.app.database.embedded!.stopSocket();
      restore = () => t.app.database.embedded!.startSocket();
    }
    url = await t.app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    await t.close();
    await closeProxy();
  });

  const query = () => t.gql(`{ resourceTypes { name } }`);

  it('answers SERVICE_UNAVAILABLE while the database is unreachable, and recovers by itself', async () => {
    expect((await query()).errors).toBeUndefined();

    await cut();
    const failed = await query();
    expect(failed.errors?.[0].extensions?.code).toBe('SERVICE_UNAVAILABLE');
    expect(failed.errors?.[0].message).not.toMatch(/ECONN|ENOENT|socket|SELECT/);
    const ready = await fetch(url.replace('/graphql', '/health/ready'));
    expect(ready.status).toBe(503);
    expect((await fetch(url.replace('/graphql', '/health/live'))).status).toBe(200);

    await restore();
    let recovered = await query();
    for (let attempt = 0; attempt < 20 && recovered.errors; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      recovered = await query();
    }
    expect(recovered.errors).toBeUndefined();
    expect((await fetch(url.replace('/graphql', '/health/ready'))).status).toBe(200);
  });
});

/** What PostgreSQL's and the driver's connection-class errors become (issue 8 point 15). */
describe('database errors that mean "not now"', () => {
  const formatError = createFormatError(pino({ level: 'silent' }));
  const asFormatted = (error: unknown) =>
    formatError({ message: 'raw', extensions: { code: 'INTERNAL_SERVER_ERROR' } }, error);
  const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

  it.each([
    ['55000', 'database "x" is not accepting connections'],
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection due to crash of another server process'],
    ['57P03', 'the database system is starting up'],
    ['57P04', 'database dropped'],
    ['57014', 'canceling statement due to statement timeout'],
    ['53300', 'sorry, too many clients already'],
    ['53200', 'out of memory'],
    ['53100', 'could not extend file: No space left on device'],
    ['08006', 'connection failure'],
    ['08001', 'could not connect'],
    ['3D000', 'database "x" does not exist'],
    ['28P01', 'password authentication failed for user "x"'],
    ['58030', 'could not read block'],
    ['25006', 'cannot execute INSERT in a read-only transaction'],
  ])('%s (%s) is SERVICE_UNAVAILABLE, without the database message', (code, message) => {
    const formatted = asFormatted(pgError(code, message));
    expect(formatted.extensions?.code).toBe('SERVICE_UNAVAILABLE');
    expect(formatted.message).not.toContain(message);
    // Through TypeORM's wrapper too (QueryFailedError keeps the driver's error).
    expect(asFormatted({ driverError: pgError(code, message) }).extensions?.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('a failed connect pg rejects with a plain object (graphql-js wraps it as NonErrorThrown) is SERVICE_UNAVAILABLE', () => {
    const thrownValue = { errno: -2, code: 'ENOENT', syscall: 'connect', address: '/tmp/x/.s.PGSQL.5432' };
    const wrapped = Object.assign(new Error('Unexpected error value: { … }'), { thrownValue });
    const formatted = asFormatted(wrapped);
    expect(formatted.extensions?.code).toBe('SERVICE_UNAVAILABLE');
    expect(formatted.message).not.toMatch(/ENOENT|PGSQL/);
  });

  it('keeps other 55000 errors (a bug of ours) INTERNAL_SERVER_ERROR', () => {
    expect(asFormatted(pgError('55000', 'some other prerequisite')).extensions?.code).toBe(
      'INTERNAL_SERVER_ERROR',
    );
  });

  // ALLOW_CONNECTIONS is a setting of a PostgreSQL server; the embedded database has one connection, always open.
  if (process.env.TEST_DATABASE_URL) {
    it('answers SERVICE_UNAVAILABLE while PostgreSQL refuses connections (ALLOW_CONNECTIONS false), then recovers', async () => {
      const t = await startTestApp({ DATABASE_CONNECT_TIMEOUT_MS: '2000' });
      const name = new URL((t.app.database.dataSource.options as { url: string }).url).pathname.slice(1);
      const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const allow = (on: boolean) => admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS ${on}`);
      try {
        const query = () => t.gql(`{ resourceTypes { name } }`);
        expect((await query()).errors).toBeUndefined();
        await allow(false);
        // The pool's open connections end; new ones are refused with 55000.
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        let failed = await query();
        // A pooled connection may notice its end only on use (57P01): the next attempt opens a new one.
        for (let attempt = 0; attempt < 5 && !failed.errors; attempt += 1) failed = await query();
        const codes = [failed, await query(), await query()].map(
          (result) => result.errors?.[0].extensions?.code,
        );
        expect(codes).toEqual(['SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE']);
        expect(JSON.stringify(failed.errors)).not.toMatch(/accepting|55000|SELECT/);

        await allow(true);
        let recovered = await query();
        for (let attempt = 0; attempt < 20 && recovered.errors; attempt += 1) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          recovered = await query();
        }
        expect(recovered.errors).toBeUndefined();
      } finally {
        await allow(true);
        await admin.end();
        await t.close();
      }
    });
  }
});
