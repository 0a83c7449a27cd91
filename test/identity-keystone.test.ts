import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GraphQLError } from 'graphql';
import { createAuthenticator, type Authenticator } from '../src/common/identity/authenticate';
import type { Identity } from '../src/common/identity/identity';
import { loadConfig } from '../src/config';
import { FIXED_SERVICE_TOKEN, KeystoneStandIn, SERVICE_USER } from './support/keystone-stand-in';
import { captureLogs, type CapturedLogs } from './support/log-capture';
import { ORACLES, PYTHON, itWithOracle } from './support/oracles';
import { postGql, startTestApp, type Data, type TestApp } from './support/test-app';

const WHO_AM_I = `mutation ($name: String!) { createNamespace(input: { name: $name }) { owner } }`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ADMIN_GRANT = { projectId: 'proj-ks', userId: 'alice', roles: ['reader', 'member', 'admin'] };

const call = (url: string, headers: Record<string, string>) =>
  postGql(url, WHO_AM_I, { name: `KS::${Math.random().toString(36).slice(2)}` }, headers);

const DOC_EXAMPLE = /```python\n([\s\S]*?)```/.exec(
  readFileSync(join(__dirname, '..', 'docs', 'openstack.md'), 'utf8'),
)![1];

/** Loads the docs' example as a module (its __main__ part does not run) and prints what the test checks. */
const PYTHON_DRIVER = `
import json, os, sys
example = {"__name__": "metacatalog_example"}
exec(open(sys.argv[1]).read(), example)
Metacatalog, GraphQLError = example["Metacatalog"], example["GraphQLError"]
from keystoneauth1 import session, token_endpoint
from keystoneauth1.identity import v3

def coded(call):
    try:
        call()
    except GraphQLError as error:
        return {"code": error.code, "field": error.field, "status": error.status, "message": str(error)}

auth = v3.Password(auth_url=os.environ["OS_AUTH_URL"], username=os.environ["OS_USERNAME"],
                   password=os.environ["OS_PASSWORD"], project_name=os.environ["OS_PROJECT_NAME"],
                   user_domain_name="Default", project_domain_name="Default")
catalog = Metacatalog(session.Session(auth=auth))
bogus = Metacatalog(session.Session(auth=token_endpoint.Token(os.environ["METACATALOG_URL"], "gAAAAA-bogus")))
print(json.dumps({
    "validate": catalog.validate_traits(["HW_CPU_X86_AVX2", "CUSTOM_PY_GOLD", "NOT_A_TRAIT"]),
    "providers": [provider["name"] for provider in catalog.providers_with(["CUSTOM_PY_GOLD"])],
    "unknown": coded(lambda: catalog.providers_with(["CUSTOM_NO_SUCH"])),
    "unauthenticated": coded(lambda: bogus.validate_traits(["X"])),
}))
`;

/** Runs `driver` with the docs' example beside it; its stdout (fails with its stderr). */
async function runPython(driver: string, env: Record<string, string>): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'keystoneauth-'));
  try {
    writeFileSync(join(dir, 'example.py'), DOC_EXAMPLE);
    writeFileSync(join(dir, 'driver.py'), driver);
    const child = spawn(PYTHON, [join(dir, 'driver.py'), join(dir, 'example.py')], {
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    if (code !== 0) throw new Error(`python exited ${code}:\n${stderr}`);
    return stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function expectRefused(result: { status: number; body: Data }, status: number, code: string) {
  expect(result.status).toBe(status);
  expect(result.body.data).toBeUndefined();
  expect(result.body.errors).toHaveLength(1);
  expect(result.body.errors[0].extensions).toEqual({ code });
}

describe('AUTH_MODE=keystone through the server', () => {
  let keystone: KeystoneStandIn;
  let logs: CapturedLogs;
  let t: TestApp;
  let url: string;
  const issued: string[] = [];
  const issue = (grant: Parameters<KeystoneStandIn['issue']>[0]) => {
    const token = keystone.issue(grant);
    issued.push(token);
    return token;
  };

  beforeAll(async () => {
    keystone = await KeystoneStandIn.start();
    logs = captureLogs();
    // 10 s: a loaded machine can take seconds to answer (2 s made a first call time out in CI); the hang test waits it.
    t = await startTestApp(
      { AUTH_MODE: 'keystone', KEYSTONE_URL: keystone.url, KEYSTONE_TIMEOUT_MS: '10000', ...SERVICE_USER },
      { logger: logs.logger },
    );
    url = await t.app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    await t.close();
    await keystone.close();
  });
  beforeEach(() => {
    keystone.mode = 'ok';
  });

  it('takes project, user and roles from the token Keystone validated', async () => {
    const token = issue(ADMIN_GRANT);
    const { status, body } = await call(url, { 'x-auth-token': token });
    expect(status).toBe(200);
    expect(body.data.createNamespace.owner).toBe('proj-ks');
    const asked = keystone.seen.at(-1)!;
    expect(asked.subjectToken).toBe(token);
    expect(asked.serviceToken).toMatch(/^gAAAAA-service-/);
    expect(asked.query).toBe('nocatalog');
  });

  it('a member of a project is that project, without admin rights', async () => {
    const token = issue({ projectId: 'proj-ks', userId: 'bob', roles: ['member', 'reader'] });
    const { status, body } = await call(url, { 'x-auth-token': token });
    expect(status).toBe(200);
    expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('identity headers are not believed in keystone mode', async () => {
    expectRefused(
      await call(url, { 'x-project-id': 'p', 'x-roles': 'admin', 'x-user-id': 'mallory' }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it.each([
    ['an unknown token', () => 'gAAAAA-never-issued'],
    ['an expired token', () => issue({ ...ADMIN_GRANT, expiresAt: new Date(Date.now() - 1000) })],
    ['a token without project scope (unscoped)', () => issue({ userId: 'alice', roles: [] })],
    ['a domain-scoped token', () => issue({ domainId: 'default', userId: 'alice', roles: ['admin'] })],
  ])('%s is UNAUTHENTICATED', async (_what, token) => {
    const before = keystone.validations;
    expectRefused(await call(url, { 'x-auth-token': token() }), 401, 'UNAUTHENTICATED');
    expect(keystone.validations).toBe(before + 1);
  });

  it('says why a token without project scope is refused', async () => {
    const token = issue({ userId: 'alice', roles: ['admin'] });
    const { body } = await call(url, { 'x-auth-token': token });
    expect(body.errors[0].message).toMatch(/not scoped to a project/);
  });

  it('a missing or malformed X-Auth-Token is UNAUTHENTICATED without asking Keystone', async () => {
    const before = keystone.validations;
    expectRefused(await call(url, {}), 401, 'UNAUTHENTICATED');
    expectRefused(await call(url, { 'x-auth-token': 'not a token' }), 401, 'UNAUTHENTICATED');
    expect(keystone.validations).toBe(before);
  });

  it.each([
    ['answers 500', 500],
    ['answers 503', 503],
    ['hangs past KEYSTONE_TIMEOUT_MS', 'hang' as const],
  ])('Keystone that %s gives SERVICE_UNAVAILABLE (503), never a silent accept', async (_what, mode) => {
    const token = issue(ADMIN_GRANT);
    keystone.mode = mode;
    expectRefused(await call(url, { 'x-auth-token': token }), 503, 'SERVICE_UNAVAILABLE');
    keystone.mode = 'ok';
    // Failures are not remembered: the same token works once Keystone does.
    expect((await call(url, { 'x-auth-token': token })).body.data.createNamespace.owner).toBe('proj-ks');
  });

  it('Keystone refusing our service credentials (403) is SERVICE_UNAVAILABLE and logged as such', async () => {
    keystone.mode = 403;
    expectRefused(await call(url, { 'x-auth-token': issue(ADMIN_GRANT) }), 503, 'SERVICE_UNAVAILABLE');
    expect(logs.lines().some((line) => /service credentials/.test(String(line.msg)))).toBe(true);
  });

  it('a 401 names Keystone in WWW-Authenticate, as keystonemiddleware does; other answers do not', async () => {
    const challenge = `Keystone uri="${keystone.url}"`;
    const refusals: Record<string, string>[] = [{}, { 'x-auth-token': 'gAAAAA-never-issued' }];
    for (const headers of refusals) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(challenge);
      // keystoneauth shows the body of an error answer: JSON with the message and code.
      expect(((await response.json()) as Data).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    }
    const ok = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': issue(ADMIN_GRANT) },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('www-authenticate')).toBeNull();
  });

  describe('system-scoped tokens', () => {
    const CREATE = `mutation ($name: String!, $owner: String) {
      createNamespace(input: { name: $name, owner: $owner, visibility: PRIVATE }) { name owner }
    }`;
    const name = () => `KS::sys${Math.random().toString(36).slice(2)}`;

    it('with the admin role: an admin of no project, who names the project of what it creates', async () => {
      const token = issue({ system: true, userId: 'cloud-admin', roles: ['reader', 'member', 'admin'] });
      const owned = name();
      const created = await postGql(
        url,
        CREATE,
        { name: owned, owner: 'proj-other' },
        { 'x-auth-token': token },
      );
      expect(created.status).toBe(200);
      expect(created.body.data.createNamespace).toEqual({ name: owned, owner: 'proj-other' });
      // Across projects: another project's private namespace is visible to it.
      const seen = await postGql(
        url,
        `query ($name: String!) { namespace(name: $name) { owner } }`,
        { name: owned },
        { 'x-auth-token': token },
      );
      expect(seen.body.data.namespace).toEqual({ owner: 'proj-other' });
      const unnamed = await postGql(url, CREATE, { name: name() }, { 'x-auth-token': token });
      expect(unnamed.body.errors[0].extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'input.owner',
      });
      expect(unnamed.body.errors[0].message).toMatch(/system-scoped token acts for no project/);
    });

    it('with the reader role: reads across projects, writes nothing; with neither role: what everyone may', async () => {
      const admin = issue({ system: true, userId: 'cloud-admin', roles: ['reader', 'member', 'admin'] });
      const owned = name();
      await postGql(url, CREATE, { name: owned, owner: 'proj-private' }, { 'x-auth-token': admin });
      const SEE = `query ($name: String!) { namespace(name: $name) { owner } }`;
      const reader = issue({ system: true, userId: 'auditor', roles: ['reader'] });
      const seen = await postGql(url, SEE, { name: owned }, { 'x-auth-token': reader });
      expect(seen.body.data.namespace).toEqual({ owner: 'proj-private' });
      const write = await postGql(
        url,
        CREATE,
        { name: name(), owner: 'proj-private' },
        { 'x-auth-token': reader },
      );
      expect(write.body.errors[0].extensions).toMatchObject({
        code: 'FORBIDDEN',
        policy: 'add_metadef_namespace',
      });
      // A system token with another role is authenticated; the rules decide (a private namespace is absent).
      const other = issue({ system: true, userId: 'ops', roles: ['observer'] });
      const absent = await postGql(url, SEE, { name: owned }, { 'x-auth-token': other });
      expect(absent.status).toBe(200);
      expect(absent.body.data.namespace).toBeNull();
      const traits = await postGql(url, `{ traits(first: 1) { totalCount } }`, {}, { 'x-auth-token': other });
      expect(traits.body.data.traits.totalCount).toBeGreaterThan(0);
    });
  });

  describe('service tokens (X-Service-Token), as keystonemiddleware', () => {
    const CREATE_TRAIT = `mutation ($name: String!) { createTrait(name: $name) { created } }`;
    const trait = () => `CUSTOM_KS_${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
    const member = () => issue({ projectId: 'proj-ks', userId: 'bob', roles: ['member', 'reader'] });

    it("a valid service token with the service role makes a user's request a trusted service's", async () => {
      const user = member();
      const alone = await postGql(url, CREATE_TRAIT, { name: trait() }, { 'x-auth-token': user });
      expect(alone.body.errors[0].extensions.code).toBe('FORBIDDEN');
      const service = issue({ projectId: 'service', userId: 'nova', roles: ['service'] });
      const before = keystone.validations;
      const { status, body } = await postGql(
        url,
        CREATE_TRAIT,
        { name: trait() },
        { 'x-auth-token': user, 'x-service-token': service },
      );
      expect(status).toBe(200);
      expect(body).toEqual({ data: { createTrait: { created: true } } });
      // The service token was validated too (the user token came from the cache).
      expect(keystone.seen.slice(before).map((seen) => seen.subjectToken)).toEqual([service]);
    });

    it('an invalid or expired service token refuses the request (401), even with a valid user token', async () => {
      for (const service of [
        'gAAAAA-never-issued',
        issue({
          projectId: 'service',
          userId: 'nova',
          roles: ['service'],
          expiresAt: new Date(Date.now() - 1000),
        }),
        'not a token',
      ]) {
        const refused = await call(url, { 'x-auth-token': issue(ADMIN_GRANT), 'x-service-token': service });
        expectRefused(refused, 401, 'UNAUTHENTICATED');
        expect(refused.body.errors[0].message).toMatch(
          /service token \(X-Service-Token\) is invalid or expired/,
        );
      }
    });

    it('a valid service token without the service role is accepted but trusts nothing more', async () => {
      const other = issue({ projectId: 'proj-ks', userId: 'carol', roles: ['member'] });
      const { status, body } = await postGql(
        url,
        CREATE_TRAIT,
        { name: trait() },
        { 'x-auth-token': member(), 'x-service-token': other },
      );
      expect(status).toBe(200);
      expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
    });

    it('a service token alone is no identity', async () => {
      const service = issue({ projectId: 'service', userId: 'nova', roles: ['service'] });
      expectRefused(await call(url, { 'x-service-token': service }), 401, 'UNAUTHENTICATED');
    });
  });

  // docs/openstack.md's Python client, run as written, where keystoneauth1 is installed (CI installs it).
  itWithOracle(
    ORACLES.keystoneauth,
    "docs/openstack.md's keystoneauth1 client logs in, finds the endpoint, queries and raises coded errors",
    async () => {
      keystone.catalog.set('metacatalog', url);
      keystone.addUser('py-user', 'py-password', 'proj-py', {
        projectId: 'proj-py',
        userId: 'py-user',
        roles: ['member', 'service'],
      });
      const admin = { 'x-auth-token': issue(ADMIN_GRANT) };
      const seeded = await postGql(
        url,
        `mutation {
          trait: createTrait(name: "CUSTOM_PY_GOLD") { created }
          provider: createResourceProvider(input: { name: "py-compute-1" }) { uuid generation }
        }`,
        {},
        admin,
      );
      const { uuid } = seeded.body.data.provider;
      const traits = await postGql(
        url,
        `mutation ($uuid: UUID!) { setResourceProviderTraits(uuid: $uuid, generation: 0, traits: ["CUSTOM_PY_GOLD"]) { generation } }`,
        { uuid },
        admin,
      );
      expect(traits.body.errors).toBeUndefined();
      const out = await runPython(PYTHON_DRIVER, {
        OS_AUTH_URL: keystone.url,
        OS_USERNAME: 'py-user',
        OS_PASSWORD: 'py-password',
        OS_PROJECT_NAME: 'proj-py',
        METACATALOG_URL: url,
      });
      expect(JSON.parse(out)).toEqual({
        validate: { valid: ['HW_CPU_X86_AVX2', 'CUSTOM_PY_GOLD'], invalid: ['NOT_A_TRAIT'] },
        providers: ['py-compute-1'],
        unknown: {
          code: 'BAD_USER_INPUT',
          field: 'filter.required',
          status: 200,
          message: expect.stringMatching(/^BAD_USER_INPUT: .*CUSTOM_NO_SUCH/),
        },
        unauthenticated: { code: 'UNAUTHENTICATED', field: null, status: 401, message: expect.any(String) },
      });
    },
  );

  it('never logs a token or the service password', () => {
    const text = logs.text();
    expect(issued.length).toBeGreaterThan(5);
    for (const token of issued) expect(text).not.toContain(token);
    expect(text).not.toContain(SERVICE_USER.KEYSTONE_PASSWORD);
    expect(text).not.toContain('gAAAAA-service-');
  });

  // Last: it stops the stand-in.
  it('Keystone down (connection refused) gives SERVICE_UNAVAILABLE (503)', async () => {
    const token = issue(ADMIN_GRANT);
    await keystone.close();
    expectRefused(await call(url, { 'x-auth-token': token }), 503, 'SERVICE_UNAVAILABLE');
    expect(logs.lines().some((line) => /unreachable/.test(String(line.msg)))).toBe(true);
  });
});

describe('AUTH_MODE=keystone: caching and the service token', () => {
  let keystone: KeystoneStandIn;
  beforeEach(async () => {
    keystone = await KeystoneStandIn.start();
  });
  afterEach(() => keystone.close());

  const authenticator = (env: Record<string, string> = {}, logs = captureLogs()): Authenticator =>
    createAuthenticator(
      loadConfig({ AUTH_MODE: 'keystone', KEYSTONE_URL: keystone.url, ...SERVICE_USER, ...env }),
      logs.logger,
    );
  const withToken = (token: string) => ({ headers: { 'x-auth-token': token }, remoteAddress: '127.0.0.1' });
  const codeOf = async (promise: Promise<Identity>) =>
    promise.then(
      () => 'accepted',
      (error: GraphQLError) => error.extensions.code,
    );

  it('validates a token once, then answers from the cache', async () => {
    const authenticate = authenticator();
    const token = keystone.issue(ADMIN_GRANT);
    const first = await authenticate(withToken(token));
    const second = await authenticate(withToken(token));
    expect(second).toEqual(first);
    expect(first).toMatchObject({ projectId: 'proj-ks', userId: 'alice', isService: false });
    expect(keystone.validations).toBe(1);
  });

  it('concurrent requests with the same new token share one validation', async () => {
    const authenticate = authenticator();
    const token = keystone.issue(ADMIN_GRANT);
    const identities = await Promise.all(Array.from({ length: 10 }, () => authenticate(withToken(token))));
    expect(new Set(identities.map((identity) => identity.projectId))).toEqual(new Set(['proj-ks']));
    expect(keystone.validations).toBe(1);
  });

  it('KEYSTONE_CACHE_SECONDS=0 validates every request', async () => {
    const authenticate = authenticator({ KEYSTONE_CACHE_SECONDS: '0' });
    const token = keystone.issue(ADMIN_GRANT);
    await authenticate(withToken(token));
    await authenticate(withToken(token));
    expect(keystone.validations).toBe(2);
  });

  it('never serves a token from the cache past its expires_at', async () => {
    const authenticate = authenticator({ KEYSTONE_CACHE_SECONDS: '3600' });
    const token = keystone.issue({ ...ADMIN_GRANT, expiresAt: new Date(Date.now() + 2000) });
    await authenticate(withToken(token));
    await authenticate(withToken(token));
    expect(keystone.validations).toBe(1);
    await sleep(2100);
    expect(await codeOf(authenticate(withToken(token)))).toBe('UNAUTHENTICATED');
    expect(keystone.validations).toBe(2);
  });

  it('keeps at most KEYSTONE_CACHE_SIZE tokens (the least recently used goes)', async () => {
    const authenticate = authenticator({ KEYSTONE_CACHE_SIZE: '2' });
    const [a, b, c] = [1, 2, 3].map(() => keystone.issue(ADMIN_GRANT));
    for (const token of [a, b, c]) await authenticate(withToken(token));
    expect(keystone.validations).toBe(3);
    await authenticate(withToken(c));
    expect(keystone.validations).toBe(3);
    await authenticate(withToken(a));
    expect(keystone.validations).toBe(4);
  });

  it('does not remember refusals: an invalid token is asked about each time', async () => {
    const authenticate = authenticator();
    expect(await codeOf(authenticate(withToken('gAAAAA-bogus')))).toBe('UNAUTHENTICATED');
    expect(await codeOf(authenticate(withToken('gAAAAA-bogus')))).toBe('UNAUTHENTICATED');
    expect(keystone.validations).toBe(2);
  });

  it('logs in once as the service user and reuses its token', async () => {
    const authenticate = authenticator();
    await authenticate(withToken(keystone.issue(ADMIN_GRANT)));
    await authenticate(withToken(keystone.issue(ADMIN_GRANT)));
    expect(keystone.logins).toBe(1);
    expect(keystone.validations).toBe(2);
  });

  it('renews the service token when Keystone refuses it (401) and retries once', async () => {
    const logs = captureLogs();
    const authenticate = authenticator({}, logs);
    await authenticate(withToken(keystone.issue(ADMIN_GRANT)));
    keystone.revokeServiceTokens();
    const identity = await authenticate(withToken(keystone.issue({ ...ADMIN_GRANT, projectId: 'after' })));
    expect(identity.projectId).toBe('after');
    expect(keystone.logins).toBe(2);
    expect(keystone.validations).toBe(3); // the first, the refused one, the retry
    expect(keystone.seen[2].serviceToken).not.toBe(keystone.seen[1].serviceToken);
    expect(logs.text()).toMatch(/obtaining a new one/);
  });

  it('requests that find the service token refused at the same time renew it once', async () => {
    const authenticate = authenticator();
    await authenticate(withToken(keystone.issue(ADMIN_GRANT)));
    keystone.revokeServiceTokens();
    const tokens = Array.from({ length: 5 }, () => keystone.issue(ADMIN_GRANT));
    await Promise.all(tokens.map((token) => authenticate(withToken(token))));
    expect(keystone.logins).toBe(2);
  });

  it('renews the service token before it expires', async () => {
    keystone.setServiceTokenLifetime(400);
    const authenticate = authenticator();
    await authenticate(withToken(keystone.issue(ADMIN_GRANT)));
    await sleep(300); // past the halfway point of a short-lived token
    await authenticate(withToken(keystone.issue(ADMIN_GRANT)));
    expect(keystone.logins).toBe(2);
    expect(keystone.validations).toBe(2); // renewed ahead, not after a refusal
  });

  it('wrong service credentials: SERVICE_UNAVAILABLE, logged, no token accepted', async () => {
    const logs = captureLogs();
    const authenticate = authenticator({ KEYSTONE_PASSWORD: 'wrong-password' }, logs);
    expect(await codeOf(authenticate(withToken(keystone.issue(ADMIN_GRANT))))).toBe('SERVICE_UNAVAILABLE');
    expect(keystone.validations).toBe(0);
    expect(logs.text()).toMatch(/refused the service credentials/);
    expect(logs.text()).not.toContain('wrong-password');
  });

  it('a fixed KEYSTONE_SERVICE_TOKEN is used as is; when refused, SERVICE_UNAVAILABLE', async () => {
    const env = {
      AUTH_MODE: 'keystone',
      KEYSTONE_URL: keystone.url,
      KEYSTONE_SERVICE_TOKEN: FIXED_SERVICE_TOKEN,
    };
    const authenticate = createAuthenticator(loadConfig(env), captureLogs().logger);
    const identity = await authenticate(withToken(keystone.issue({ ...ADMIN_GRANT, roles: ['service'] })));
    expect(identity).toMatchObject({ isService: true });
    expect(identity.roles).not.toContain('admin');
    expect(keystone.seen[0].serviceToken).toBe(FIXED_SERVICE_TOKEN);
    keystone.revokeServiceTokens();
    expect(await codeOf(authenticate(withToken(keystone.issue(ADMIN_GRANT))))).toBe('SERVICE_UNAVAILABLE');
    expect(keystone.logins).toBe(0);
  });

  it('an answer that is not a token is SERVICE_UNAVAILABLE, not an accept', async () => {
    const authenticate = authenticator();
    const token = keystone.issue(ADMIN_GRANT);
    await authenticate(withToken(keystone.issue(ADMIN_GRANT))); // log in first
    keystone.mode = 200;
    expect(await codeOf(authenticate(withToken(token)))).toBe('SERVICE_UNAVAILABLE');
  });
});
