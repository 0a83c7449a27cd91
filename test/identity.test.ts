import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { startTestApp, type Data, type TestApp } from './support/test-app';

const WHO_AM_I = `mutation ($name: String!) { createNamespace(input: { name: $name }) { owner } }`;

async function call(
  url: string,
  headers: Record<string, string>,
  name = `ID::${Math.random().toString(36).slice(2)}`,
) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query: WHO_AM_I, variables: { name } }),
  });
  return { status: response.status, body: (await response.json()) as Data };
}

describe('AUTH_MODE=none', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_MODE: 'none' });
    url = await t.app.listen(0, '127.0.0.1');
  });
  afterAll(() => t.close());

  it('treats every request as an admin of project "default"', async () => {
    const { body } = await call(url, {});
    expect(body.data.createNamespace.owner).toBe('default');
  });
});

describe('AUTH_MODE=headers', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_MODE: 'headers' });
    url = await t.app.listen(0, '127.0.0.1');
  });
  afterAll(() => t.close());

  it('takes project, user and roles from the proxy headers', async () => {
    const { body } = await call(url, {
      'x-project-id': 'proj-h',
      'x-user-id': 'u1',
      'x-roles': 'member, admin',
    });
    expect(body.data.createNamespace.owner).toBe('proj-h');
  });

  it('a request without the admin role cannot write definitions', async () => {
    const { body } = await call(url, { 'x-project-id': 'proj-h', 'x-roles': 'member,reader' });
    expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('a request without X-Project-Id is UNAUTHENTICATED (HTTP 401, the status not repeated in the body)', async () => {
    const { status, body } = await call(url, { 'x-roles': 'admin' });
    expect(status).toBe(401);
    expect(body.errors[0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
  });
});

describe('AUTH_MODE=jwt with a shared secret', () => {
  const secret = 'a-test-secret-of-enough-length-1234567890';
  let t: TestApp;
  let url: string;
  const sign = (
    claims: Record<string, unknown>,
    { key = secret, issuer = 'keystone', audience = 'metacatalog', expires = '5m' } = {},
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setIssuer(issuer)
      .setAudience(audience)
      .setExpirationTime(expires)
      .sign(new TextEncoder().encode(key));

  beforeAll(async () => {
    t = await startTestApp({
      AUTH_MODE: 'jwt',
      JWT_SECRET: secret,
      JWT_ISSUER: 'keystone',
      JWT_AUDIENCE: 'metacatalog',
    });
    url = await t.app.listen(0, '127.0.0.1');
  });
  afterAll(() => t.close());

  it('accepts a valid token and reads sub, project_id and roles', async () => {
    const token = await sign({ sub: 'u-7', project_id: 'proj-jwt', roles: ['admin'] });
    const { body } = await call(url, { authorization: `Bearer ${token}` });
    expect(body.data.createNamespace.owner).toBe('proj-jwt');
  });

  it('roles may also be a comma-separated string', async () => {
    const token = await sign({ sub: 'u-7', project_id: 'proj-jwt', roles: 'member,admin' });
    const { body } = await call(url, { authorization: `Bearer ${token}` });
    expect(body.data.createNamespace.owner).toBe('proj-jwt');
  });

  it.each([
    ['no token', async () => ({})],
    ['a malformed header', async () => ({ authorization: 'Token abc' })],
    [
      'a wrong signature',
      async () => ({
        authorization: `Bearer ${await sign({ project_id: 'p' }, { key: 'another-secret-another-secret-xx' })}`,
      }),
    ],
    [
      'an expired token',
      async () => ({ authorization: `Bearer ${await sign({ project_id: 'p' }, { expires: '-1m' })}` }),
    ],
    [
      'a wrong issuer',
      async () => ({ authorization: `Bearer ${await sign({ project_id: 'p' }, { issuer: 'evil' })}` }),
    ],
    [
      'a wrong audience',
      async () => ({ authorization: `Bearer ${await sign({ project_id: 'p' }, { audience: 'other' })}` }),
    ],
    ['no project_id claim', async () => ({ authorization: `Bearer ${await sign({ sub: 'u' })}` })],
  ])('rejects %s with UNAUTHENTICATED', async (_what, headers) => {
    const { status, body } = await call(url, (await headers()) as Record<string, string>);
    expect(status).toBe(401);
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(body.data).toBeUndefined();
  });
});

describe('AUTH_MODE=jwt with a JWKS endpoint', () => {
  let t: TestApp;
  let url: string;
  let jwks: http.Server;
  let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwks = http.createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const { port } = jwks.address() as AddressInfo;
    t = await startTestApp({ AUTH_MODE: 'jwt', JWT_JWKS_URL: `http://127.0.0.1:${port}/jwks.json` });
    url = await t.app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => jwks.close(resolve));
  });

  it('verifies tokens against the published keys', async () => {
    const token = await new SignJWT({ project_id: 'proj-rsa', roles: ['admin'] })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setSubject('svc')
      .setExpirationTime('5m')
      .sign(privateKey);
    const { body } = await call(url, { authorization: `Bearer ${token}` });
    expect(body.data.createNamespace.owner).toBe('proj-rsa');
  });

  it('rejects a token signed by an unknown key', async () => {
    const other = await generateKeyPair('RS256');
    const token = await new SignJWT({ project_id: 'p' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setExpirationTime('5m')
      .sign(other.privateKey);
    const { status } = await call(url, { authorization: `Bearer ${token}` });
    expect(status).toBe(401);
  });
});
