import { connectedRequest, oneRequest } from './support/connections';
import { startMetacatalogServer, type ServerProcess } from './support/processes';
import { createProcessDatabase, type TestDatabase } from './support/test-database';
import { bodyOf, startTestApp } from './support/test-app';
import { waitFor, waitUntil } from './support/wait';

describe('graceful shutdown', () => {
  it('stops taking new requests but finishes the ones in flight', async () => {
    // One connection, held by the test, so that a request is reliably in flight while we stop.
    const t = await startTestApp({ DATABASE_POOL_SIZE: '1' });
    const url = await t.app.listen(0, '127.0.0.1');
    const holder = t.app.database.dataSource.createQueryRunner();
    await holder.connect();
    await holder.query('SELECT 1');

    const received = new Promise((resolve) => t.app.httpServer.once('request', resolve));
    const inFlight = fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-project-id': 'p1' },
      body: JSON.stringify({ query: '{ resourceTypes { name } }' }),
    });
    // The request has reached the server (it then waits for the connection the test holds).
    await received;
    let stopped = false;
    const stopping = t.app.stop().then(() => {
      stopped = true;
    });
    await waitUntil('the server stopped listening', () => !t.app.httpServer.listening);
    await expect(fetch(url.replace('/graphql', '/health/live'))).rejects.toThrow();
    // Not stopped while the request is in flight.
    expect(stopped).toBe(false);

    await holder.release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect((await bodyOf(response)).data.resourceTypes.length).toBeGreaterThanOrEqual(5);
    await stopping;
    expect(stopped).toBe(true);
    await t.close();
  });
});

/**
 * The process as an orchestrator stops it: SIGTERM, with connections arriving. Every connection the kernel
 * accepted for the server (its handshake done, so the client believes it is connected) must get a complete
 * HTTP answer, or else be refused before it connects (ECONNREFUSED): never a reset after connecting.
 */
describe('SIGTERM with connections arriving (a real process)', () => {
  const servers: ServerProcess[] = [];
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await Promise.all(databases.map((database) => database.drop()));
  });
  /** A server on a database of its own, migrated and seeded before (the prepared one). */
  const start = async (env: Record<string, string> = {}) => {
    const database = await createProcessDatabase({ prepared: true });
    databases.push(database);
    const server = await startMetacatalogServer({
      env: { DATABASE_URL: database.url, ...env },
    });
    servers.push(server);
    return server;
  };

  it('answers every connection opened before the signal, none left in the accept queue is reset', async () => {
    const server = await start();
    const port = Number(new URL(server.url).port);
    // A burst: all of them connected (the kernel completed each handshake) before SIGTERM is sent, most of
    // them still waiting in the listen queue for the server to take them.
    const sockets = Array.from({ length: 300 }, () => connectedRequest(port, '/health/live'));
    await Promise.all(sockets.map((socket) => socket.connected));
    const stopped = server.stop('SIGTERM');
    const outcomes = await Promise.all(sockets.map((socket) => socket.outcome));
    const finished = await stopped;
    expect(outcomes.filter((outcome) => outcome.kind !== 'answered')).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.kind === 'answered' && outcome.status !== 200)).toEqual([]);
    expect(finished).toMatchObject({ code: 0, signal: null });
  }, 120_000);

  it('with SHUTDOWN_DELAY_MS: not ready at once, keeps serving (Connection: close) for the delay, then drains', async () => {
    const server = await start({ SHUTDOWN_DELAY_MS: '8000' });
    const port = Number(new URL(server.url).port);
    expect((await server.ready()).status).toBe(200);

    const signalled = Date.now();
    const stopped = server.stop('SIGTERM');
    // Readiness fails first (the endpoint is taken out of the load balancer), while everything else is served.
    const ready = await waitFor(
      'not ready (503)',
      async () => {
        const outcome = await oneRequest(port, '/health/ready');
        return outcome.kind === 'answered' && outcome.status === 503 ? outcome : undefined;
      },
      { everyMs: 20 },
    );
    expect(JSON.parse(ready.body)).toMatchObject({ status: 'stopping' });
    const during = await Promise.all(Array.from({ length: 20 }, () => oneRequest(port, '/health/live')));
    for (const outcome of during) expect(outcome).toMatchObject({ kind: 'answered', status: 200 });
    expect(await server.gql('{ __typename }')).toEqual({ data: { __typename: 'Query' } });
    // A keep-alive client is told to go elsewhere.
    const keepAlive = await fetch(server.url.replace(/\/graphql$/, '/health/live'));
    expect(keepAlive.headers.get('connection')).toBe('close');

    const finished = await stopped;
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(8000);
    expect(finished).toMatchObject({ code: 0, signal: null });
    expect(await oneRequest(port, '/health/live')).toEqual({ kind: 'refused' });
  }, 120_000);
});
