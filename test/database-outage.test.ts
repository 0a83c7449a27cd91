import net from 'node:net';
import type { AddressInfo } from 'node:net';
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
