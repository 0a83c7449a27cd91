import { SignJWT } from 'jose';
import { KeystoneStandIn, SERVICE_USER } from './support/keystone-stand-in';
import { listeningSubscriptions, subscribe, wsUrl, type SubscribeOptions } from './support/subscriptions';
import { postGql, startTestApp, unique, type TestApp } from './support/test-app';

/**
 * The identity matrix over subscriptions, in each AUTH_MODE that tells identities apart: the identity comes
 * from the upgrade request (headers mode: what the proxy sets) or the connection_init payload (jwt, keystone:
 * what a browser can send), and an event about a private namespace reaches only admins and its owner.
 */
type Role = 'admin' | 'owner' | 'other' | 'service';
const OWNER = 'owner-project';
const WHO: Record<Role, { project: string; user: string; roles: string[] }> = {
  admin: { project: 'admin-project', user: 'alice', roles: ['admin', 'member'] },
  owner: { project: OWNER, user: 'olivia', roles: ['member'] },
  other: { project: 'other-project', user: 'mallory', roles: ['member'] },
  service: { project: 'service-project', user: 'nova', roles: ['service'] },
};
const ROLES = Object.keys(WHO) as Role[];
const JWT_SECRET = 'a-test-secret-of-enough-length-1234567890';
const PROXY_SECRET = 'proxy-secret-0123456789abcdef';

interface Mode {
  env(): Promise<Record<string, string>>;
  /** HTTP request headers of this role. */
  headers(role: Role): Promise<Record<string, string>>;
  /** How this role's subscription authenticates. */
  socket(role: Role): Promise<SubscribeOptions>;
  close?(): Promise<void>;
}

let keystone: KeystoneStandIn | undefined;
const jwtHeaders = async (role: Role) => {
  const token = await new SignJWT({ project_id: WHO[role].project, roles: WHO[role].roles })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(WHO[role].user)
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(JWT_SECRET));
  return { Authorization: `Bearer ${token}` };
};
const keystoneHeaders = async (role: Role) => ({
  'X-Auth-Token': keystone!.issue({
    projectId: WHO[role].project,
    userId: WHO[role].user,
    roles: WHO[role].roles,
  }),
});
const proxyHeaders = async (role: Role) => ({
  'x-proxy-secret': PROXY_SECRET,
  'x-project-id': WHO[role].project,
  'x-user-id': WHO[role].user,
  'x-roles': WHO[role].roles.join(','),
});

const MODES: Record<string, Mode> = {
  headers: {
    env: async () => ({ AUTH_MODE: 'headers', AUTH_PROXY_SECRET: PROXY_SECRET }),
    headers: proxyHeaders,
    socket: async (role) => ({ headers: await proxyHeaders(role) }),
  },
  jwt: {
    env: async () => ({ AUTH_MODE: 'jwt', JWT_SECRET }),
    headers: jwtHeaders,
    socket: async (role) => ({ connectionParams: await jwtHeaders(role) }),
  },
  keystone: {
    env: async () => {
      keystone = await KeystoneStandIn.start();
      return { AUTH_MODE: 'keystone', KEYSTONE_URL: keystone.url, ...SERVICE_USER };
    },
    headers: keystoneHeaders,
    socket: async (role) => ({ connectionParams: await keystoneHeaders(role) }),
    close: () => keystone!.close(),
  },
};

const CATALOG = `subscription { catalogChanged { kind namespace } }`;
const CREATE_PROPERTY = `mutation ($ns: String!, $name: String!) {
  createProperty(namespace: $ns, input: { name: $name, title: $name, type: STRING }) { name } }`;

describe.each(Object.keys(MODES))('AUTH_MODE=%s: subscriptions', (modeName) => {
  const mode = MODES[modeName];
  let t: TestApp;
  let http: string;
  const secret = unique('Secret');
  const open = unique('Open');

  const as = async (role: Role, query: string, variables: Record<string, unknown>) => {
    const { status, body } = await postGql(http, query, variables, await mode.headers(role));
    expect({ status, errors: body.errors }).toEqual({ status: 200, errors: undefined });
  };

  beforeAll(async () => {
    t = await startTestApp(await mode.env());
    http = (await wsUrl(t)).replace(/^ws/, 'http');
    const create = `mutation ($name: String!, $owner: String!, $visibility: Visibility!) {
      createNamespace(input: { name: $name, owner: $owner, visibility: $visibility }) { name } }`;
    await as('admin', create, { name: secret, owner: OWNER, visibility: 'PRIVATE' });
    await as('admin', create, { name: open, owner: OWNER, visibility: 'PUBLIC' });
  });
  afterAll(async () => {
    await t.close();
    await mode.close?.();
  });

  it('sends a private namespace change only to admins and the owner', async () => {
    const url = await wsUrl(t);
    const baseline = t.app.changes.listenerCount;
    const subscribers = await Promise.all(
      ROLES.map(async (role) => subscribe(url, CATALOG, {}, await mode.socket(role))),
    );
    await listeningSubscriptions(t, baseline, subscribers.length);
    await as('admin', CREATE_PROPERTY, { ns: secret, name: 'hidden' });
    await as('admin', CREATE_PROPERTY, { ns: open, name: 'sentinel' });
    const firsts = await Promise.all(subscribers.map((s) => s.next()));
    expect(Object.fromEntries(ROLES.map((role, i) => [role, firsts[i].catalogChanged.namespace]))).toEqual({
      admin: secret,
      owner: secret,
      other: open,
      service: open,
    });
    await Promise.all(subscribers.map((s) => s.dispose()));
  });

  it('refuses a connection without valid credentials (4403)', async () => {
    const url = await wsUrl(t);
    // In headers mode an identity in the payload counts for nothing: only the proxy sets identities.
    const refused = subscribe(url, CATALOG, {}, { connectionParams: await proxyHeaders('admin') });
    expect((await refused.closed).code).toBe(4403);
  });
});
