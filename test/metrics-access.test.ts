import { startTestApp, type TestApp } from './support/test-app';

/** GET /metrics shows every client's operation names: METRICS and METRICS_TOKEN say who may read it. */
describe('GET /metrics with METRICS_TOKEN', () => {
  const TOKEN = 'metrics-token-0123456789';
  let t: TestApp;
  let metricsUrl: string;

  beforeAll(async () => {
    t = await startTestApp({ METRICS_TOKEN: TOKEN });
    metricsUrl = (await t.app.listen(0, '127.0.0.1')).replace(/\/graphql$/, '/metrics');
  });
  afterAll(() => t.close());

  it.each([
    ['no Authorization header', {}],
    ['a wrong token', { authorization: 'Bearer metrics-token-0123456780' }],
    ['another scheme', { authorization: `Basic ${TOKEN}` }],
  ])('refuses %s with 401 and a Bearer challenge', async (_what, headers) => {
    const response = await fetch(metricsUrl, { headers });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(await response.text()).not.toContain('metacatalog_');
  });

  it('serves the metrics to a scraper with the token', async () => {
    const response = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/^process_cpu_seconds_total /m);
  });
});

describe('GET /metrics with METRICS=off', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp({ METRICS: 'off' });
    base = (await t.app.listen(0, '127.0.0.1')).replace(/\/graphql$/, '');
  });
  afterAll(() => t.close());

  it('does not exist', async () => {
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('metacatalog_');
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
  });
});
