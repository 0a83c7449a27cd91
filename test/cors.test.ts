import { raw, type RawResponse } from './support/raw-http';
import { startTestApp, type TestApp } from './support/test-app';

const QUERY = JSON.stringify({ query: '{ __typename }' });
const IDENTITY = { 'content-type': 'application/json', 'x-project-id': 'p1' };

/** What a browser sends before a cross-origin POST with JSON and an identity header. */
const preflightOf = (origin: string, requestHeaders = 'content-type,x-project-id') => ({
  headers: {
    origin,
    'access-control-request-method': 'POST',
    'access-control-request-headers': requestHeaders,
  },
});

const CORS_HEADERS = [
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-expose-headers',
  'access-control-max-age',
];

function expectNoCors(response: RawResponse) {
  for (const name of CORS_HEADERS) expect(response.headers[name]).toBeUndefined();
}

/**
 * The answer says it depends on the Origin header (`Vary: Origin`), refused or allowed alike: else a cache between
 * browser and service could hand one origin's answer (its allow-origin, or its refusal) to another.
 */
function expectVaryOrigin(response: RawResponse) {
  const vary = String(response.headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  expect(vary).toContain('origin');
}

describe('CORS over HTTP (CORS_ORIGINS)', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp({
      CORS_ORIGINS: 'https://horizon.example, https://*.apps.example,http://localhost:5173',
    });
    base = (await t.app.listen(0, '127.0.0.1')).replace(/\/graphql$/, '');
  });
  afterAll(() => t.close());

  it('answers the preflight of a listed origin with what Apollo Client, Relay and OpenStack clients need', async () => {
    const response = await raw(
      base,
      'OPTIONS',
      '/graphql',
      preflightOf(
        'https://horizon.example',
        'content-type,authorization,x-auth-token,apollo-require-preflight,x-openstack-request-id,traceparent',
      ),
    );
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('https://horizon.example');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers['access-control-allow-methods']).toBe('GET,POST,OPTIONS');
    const allowed = String(response.headers['access-control-allow-headers']).split(',');
    for (const name of [
      'content-type',
      'authorization',
      'x-auth-token',
      'x-project-id',
      'x-user-id',
      'x-roles',
      'apollo-require-preflight',
      'x-apollo-operation-name',
      'x-openstack-request-id',
      'traceparent',
    ]) {
      expect(allowed).toContain(name);
    }
    expect(Number(response.headers['access-control-max-age'])).toBeGreaterThan(0);
    expectVaryOrigin(response);
    expect(response.text).toBe('');
  });

  it('gives an actual request of a listed origin its allow-origin headers and the headers it may read', async () => {
    const response = await raw(base, 'POST', '/graphql', {
      headers: { ...IDENTITY, origin: 'http://localhost:5173' },
      body: QUERY,
    });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ data: { __typename: 'Query' } });
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(String(response.headers['access-control-expose-headers']).split(',')).toEqual(
      expect.arrayContaining(['x-request-id', 'x-openstack-request-id', 'www-authenticate', 'etag']),
    );
    expectVaryOrigin(response);
  });

  it('matches a pattern entry: any subdomain, not the domain itself nor another port', async () => {
    const ok = await raw(base, 'OPTIONS', '/graphql', preflightOf('https://team-a.apps.example'));
    expect(ok.status).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe('https://team-a.apps.example');
    expectVaryOrigin(ok);
    for (const origin of ['https://apps.example', 'https://a.apps.example:8443', 'http://a.apps.example']) {
      const refused = await raw(base, 'OPTIONS', '/graphql', preflightOf(origin));
      expect(refused.status).toBe(403);
      expectNoCors(refused);
      expectVaryOrigin(refused);
    }
  });

  it('refuses the preflight of an origin not listed with a clear 403, and sends it no CORS header', async () => {
    const response = await raw(base, 'OPTIONS', '/graphql', preflightOf('https://evil.example'));
    expect(response.status).toBe(403);
    expectNoCors(response);
    expectVaryOrigin(response);
    const [error] = response.json().errors;
    expect(error.extensions.code).toBe('FORBIDDEN');
    expect(error.message).toMatch(/https:\/\/evil\.example.*CORS_ORIGINS/);
  });

  it('an actual request of an origin not listed gets no CORS header (the browser keeps the answer from the page)', async () => {
    const response = await raw(base, 'POST', '/graphql', {
      headers: { ...IDENTITY, origin: 'https://evil.example' },
      body: QUERY,
    });
    expectNoCors(response);
    expectVaryOrigin(response);
  });

  it('CORS headers come with error answers too, so that the page can read them', async () => {
    const response = await raw(base, 'POST', '/graphql', {
      headers: { 'content-type': 'application/json', origin: 'https://horizon.example' },
      body: QUERY,
    });
    expect(response.status).toBe(401);
    expect(response.headers['access-control-allow-origin']).toBe('https://horizon.example');
    expectVaryOrigin(response);
    const refused = await raw(base, 'POST', '/graphql', {
      headers: { 'content-type': 'text/plain', origin: 'https://horizon.example' },
      body: QUERY,
    });
    expect(refused.status).toBe(415);
    expect(refused.headers['access-control-allow-origin']).toBe('https://horizon.example');
  });

  it('an OPTIONS that is no preflight (no Origin) says what is allowed', async () => {
    const response = await raw(base, 'OPTIONS', '/graphql');
    expect(response.status).toBe(204);
    expect(response.headers.allow).toBe('GET, POST, OPTIONS');
    expectNoCors(response);
  });
});

describe('CORS with CORS_ORIGINS=* and with none', () => {
  it('*: any origin may call, without credentials', async () => {
    const t = await startTestApp({ CORS_ORIGINS: '*' });
    try {
      const base = (await t.app.listen(0, '127.0.0.1')).replace(/\/graphql$/, '');
      const response = await raw(base, 'OPTIONS', '/graphql', preflightOf('https://anyone.example'));
      expect(response.status).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe('https://anyone.example');
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      expectVaryOrigin(response);
    } finally {
      await t.close();
    }
  });

  it('unset (the default): every preflight is refused and no CORS header is ever sent', async () => {
    const t = await startTestApp({});
    try {
      const base = (await t.app.listen(0, '127.0.0.1')).replace(/\/graphql$/, '');
      const preflight = await raw(base, 'OPTIONS', '/graphql', preflightOf('http://localhost:5173'));
      expect(preflight.status).toBe(403);
      expect(preflight.json().errors[0].message).toMatch(/CORS_ORIGINS is empty/);
      expectNoCors(preflight);
      expectVaryOrigin(preflight);
      const actual = await raw(base, 'POST', '/graphql', {
        headers: { ...IDENTITY, origin: 'http://localhost:5173' },
        body: QUERY,
      });
      expect(actual.status).toBe(200);
      expectNoCors(actual);
    } finally {
      await t.close();
    }
  });
});
