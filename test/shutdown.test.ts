import { bodyOf, startTestApp } from './support/test-app';

describe('graceful shutdown', () => {
  it('stops taking new requests but finishes the ones in flight', async () => {
    // One connection, held by the test, so that a request is reliably in flight while we stop.
    const t = await startTestApp({ DATABASE_POOL_SIZE: '1' });
    const url = await t.app.listen(0, '127.0.0.1');
    const holder = t.app.database.dataSource.createQueryRunner();
    await holder.connect();
    await holder.query('SELECT 1');

    const inFlight = fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-project-id': 'p1' },
      body: JSON.stringify({ query: '{ resourceTypes { name } }' }),
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    let stopped = false;
    const stopping = t.app.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stopped).toBe(false);
    await expect(fetch(url.replace('/graphql', '/health/live'))).rejects.toThrow();

    await holder.release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect((await bodyOf(response)).data.resourceTypes.length).toBeGreaterThanOrEqual(5);
    await stopping;
    expect(stopped).toBe(true);
    await t.close();
  });
});
