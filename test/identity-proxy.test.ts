import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../src/config';
import { buildProgram } from '../src/main';
import { captureLogs, type CapturedLogs } from './support/log-capture';
import { postGql, startTestApp, type TestApp } from './support/test-app';

/**
 * AUTH_MODE=headers believes identity headers only from the authenticating proxy: over real HTTP, so the
 * peer address is real. The servers listen on `::` (dual stack): a client on 127.0.0.1 arrives as the
 * IPv4-mapped ::ffff:127.0.0.1, one on ::1 as ::1 — two addresses on one machine.
 */
const WHO_AM_I = `mutation ($name: String!) { createNamespace(input: { name: $name }) { owner } }`;
const SECRET = 'proxy-secret-0123456789abcdef';
const IDENTITY = { 'x-project-id': 'proj-proxy', 'x-user-id': 'u1', 'x-roles': 'admin' };

const call = (base: string, headers: Record<string, string>) =>
  postGql(`${base}/graphql`, WHO_AM_I, { name: `PX::${Math.random().toString(36).slice(2)}` }, headers);

async function expectAccepted(base: string, headers: Record<string, string>) {
  const { status, body } = await call(base, headers);
  expect(status).toBe(200);
  expect(body.data.createNamespace.owner).toBe('proj-proxy');
}

async function expectRefused(base: string, headers: Record<string, string>) {
  const { status, body } = await call(base, headers);
  expect(status).toBe(401);
  expect(body.data).toBeUndefined();
  expect(body.errors).toEqual([
    {
      message: 'Identity headers are accepted only from the authenticating proxy',
      extensions: { code: 'UNAUTHENTICATED' },
    },
  ]);
}

async function listenDualStack(t: TestApp) {
  const url = await t.app.listen(0, '::');
  const port = new URL(url).port;
  return { ipv4: `http://127.0.0.1:${port}`, ipv6: `http://[::1]:${port}` };
}

describe('AUTH_MODE=headers with AUTH_PROXY_SECRET and AUTH_TRUSTED_PROXIES=127.0.0.0/8', () => {
  let t: TestApp;
  let logs: CapturedLogs;
  let ipv4: string;
  let ipv6: string;

  beforeAll(async () => {
    logs = captureLogs();
    t = await startTestApp(
      { AUTH_PROXY_SECRET: SECRET, AUTH_TRUSTED_PROXIES: '127.0.0.0/8' },
      { logger: logs.logger },
    );
    ({ ipv4, ipv6 } = await listenDualStack(t));
  });
  afterAll(() => t.close());

  it('believes the headers from a trusted address with the secret', async () => {
    await expectAccepted(ipv4, { ...IDENTITY, 'x-proxy-secret': SECRET });
  });

  it.each([
    ['without X-Proxy-Secret', {}],
    ['with a wrong secret', { 'x-proxy-secret': 'proxy-secret-0123456789abcdeX' }],
    ['with a secret of another length', { 'x-proxy-secret': 'short' }],
    ['with the secret twice', { 'x-proxy-secret': `${SECRET}, ${SECRET}` }],
  ])('refuses a request %s (401), whatever identity it claims', async (_what, extra) => {
    await expectRefused(ipv4, { ...IDENTITY, ...extra });
  });

  it('refuses the right secret from an address outside the trusted ranges (::1)', async () => {
    await expectRefused(ipv6, { ...IDENTITY, 'x-proxy-secret': SECRET });
  });

  it('logs each refusal with the peer address and the reason, never a secret', () => {
    const refusals = logs.lines().filter((line) => /identity headers refused/.test(String(line.msg)));
    expect(refusals.map((line) => line.reason)).toEqual([
      'no X-Proxy-Secret header',
      'wrong X-Proxy-Secret',
      'wrong X-Proxy-Secret',
      'wrong X-Proxy-Secret',
      'peer address not in AUTH_TRUSTED_PROXIES',
    ]);
    expect(refusals[0].remoteAddress).toBe('::ffff:127.0.0.1');
    expect(refusals[4].remoteAddress).toBe('::1');
    expect(logs.text()).not.toContain('proxy-secret-0123');
  });

  it('health and readiness stay open to anyone', async () => {
    expect((await fetch(`${ipv6}/health/live`)).status).toBe(200);
  });
});

describe('AUTH_MODE=headers with AUTH_TRUSTED_PROXIES only (IPv6 and a CIDR range)', () => {
  let t: TestApp;
  let ipv4: string;
  let ipv6: string;

  beforeAll(async () => {
    t = await startTestApp({ AUTH_TRUSTED_PROXIES: '::1, 10.0.0.0/8 fd00::/64' });
    ({ ipv4, ipv6 } = await listenDualStack(t));
  });
  afterAll(() => t.close());

  it('believes the headers from a trusted address, no secret needed', async () => {
    await expectAccepted(ipv6, IDENTITY);
  });

  it('refuses them from any other address', async () => {
    await expectRefused(ipv4, IDENTITY);
  });

  it('in-process requests without a peer address are refused too', async () => {
    const context = t.app.contextFor(IDENTITY);
    await expect(context).rejects.toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
  });
});

describe('start-up refuses headers mode open to the network', () => {
  const saved = { ...process.env };
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'metacatalog-open-'));
  });
  afterEach(() => {
    process.env = { ...saved };
    rmSync(dir, { recursive: true, force: true });
  });

  it('`metacatalog serve` with AUTH_MODE=headers on HOST=0.0.0.0 stops before touching the database', async () => {
    delete process.env.DATABASE_URL;
    Object.assign(process.env, { AUTH_MODE: 'headers', HOST: '0.0.0.0', DATA_DIR: join(dir, 'data') });
    const serving = buildProgram().exitOverride().parseAsync(['serve'], { from: 'user' });
    await expect(serving).rejects.toThrow(ConfigError);
    await expect(serving).rejects.toThrow(/AUTH_PROXY_SECRET and\/or AUTH_TRUSTED_PROXIES/);
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });
});
