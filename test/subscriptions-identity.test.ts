import {
  jwtHeaders,
  JWT_SECRET,
  keystoneHeaders,
  OWNER,
  PROXY_SECRET,
  proxyHeaders,
  ROLES,
  type Role,
} from './support/identity-roles';
import { KeystoneStandIn, SERVICE_USER } from './support/keystone-stand-in';
import { listeningSubscriptions, subscribe, wsUrl, type SubscribeOptions } from './support/subscriptions';
import { postGql, startTestApp, unique, type TestApp } from './support/test-app';

/**
 * The identity matrix over subscriptions, in each AUTH_MODE that tells identities apart: the identity comes
 * from the upgrade request (headers mode: what the proxy sets) or the connection_init payload (jwt, keystone:
 * what a browser can send), and an event about a private namespace reaches only admins and its owner.
 */
interface Mode {
  env(): Promise<Record<string, string>>;
  /** HTTP request headers of this role. */
  headers(role: Role): Promise<Record<string, string>>;
  /** How this role's subscription authenticates. */
  socket(role: Role): Promise<SubscribeOptions>;
  close?(): Promise<void>;
}

let keystone: KeystoneStandIn | undefined;

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
    headers: async (role) => keystoneHeaders(keystone!, role),
    socket: async (role) => ({ connectionParams: keystoneHeaders(keystone!, role) }),
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
      reader: secret,
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
