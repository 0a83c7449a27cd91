import { ConfigError, loadConfig } from '../src/config';
import { customTrait, providerName } from './support/placement';
import { ORACLES, itWithOracle } from './support/oracles';
import { openstackClient } from './support/rest';
import { postGql, startTestApp, type Data, type TestApp } from './support/test-app';

/**
 * AUTH_MODE=noauth2 (the upstream services' no-Keystone mode) and Debian's openstackclient with osc-placement run
 * unchanged against the served Placement routes (issue 39, points 2 and 3).
 */

const WHO_AM_I = `mutation ($name: String!) { createNamespace(input: { name: $name }) { owner } }`;
const who = (headers: Record<string, string>, url: string) =>
  postGql(url, WHO_AM_I, { name: `NA::${Math.random().toString(36).slice(2)}` }, headers);

describe('AUTH_MODE=noauth2', () => {
  it.each(['0.0.0.0', '10.0.0.5'])('is refused on HOST=%s unless AUTH_NONE_ALLOW_REMOTE=true', (HOST) => {
    const load = () => loadConfig({ AUTH_MODE: 'noauth2', HOST });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/AUTH_MODE=noauth2 on HOST=.*AUTH_NONE_ALLOW_REMOTE=true/);
    expect(loadConfig({ AUTH_MODE: 'noauth2', HOST, AUTH_NONE_ALLOW_REMOTE: 'true' }).auth.mode).toBe(
      'noauth2',
    );
    expect(loadConfig({ AUTH_MODE: 'noauth2' }).auth.mode).toBe('noauth2');
  });

  describe('served', () => {
    let t: TestApp;
    let url: string;
    beforeAll(async () => {
      t = await startTestApp({ AUTH_MODE: 'noauth2' });
      url = await t.app.listen(0, '127.0.0.1');
    });
    afterAll(() => t.close());

    it('X-Auth-Token: admin is an admin; user:project is that user of that project with X-Roles', async () => {
      const admin = await who({ 'x-auth-token': 'admin' }, url);
      expect(admin.body.errors).toBeUndefined();
      expect(admin.body.data.createNamespace.owner).toBe('admin');

      const member = await who({ 'x-auth-token': 'bob:proj-b', 'x-roles': 'member' }, url);
      expect(member.body.errors?.[0].extensions.code).toBe('FORBIDDEN');

      const data: Data = await (
        await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-auth-token': 'bob:proj-b', 'x-roles': 'admin' },
          body: JSON.stringify({ query: WHO_AM_I, variables: { name: `NA::${Date.now()}` } }),
        })
      ).json();
      expect(data.data.createNamespace.owner).toBe('proj-b');
    });

    it('X-Project-Id and X-User-Id win over the token; OpenStack-System-Scope: all writes only with admin', async () => {
      const named = await who(
        { 'x-auth-token': 'admin', 'x-project-id': 'proj-x', 'x-user-id': 'carol' },
        url,
      );
      expect(named.body.data.createNamespace.owner).toBe('proj-x');
      const system = await who({ 'x-auth-token': 'admin', 'openstack-system-scope': 'all' }, url);
      // An admin of no project must name the owner.
      expect(system.body.errors[0].extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'input.owner',
      });
      // Without the admin role, a system scope is no project's and the rules refuse it the write.
      const refused = await who({ 'x-auth-token': 'bob', 'openstack-system-scope': 'all' }, url);
      expect(refused.body.errors[0].extensions).toMatchObject({
        code: 'FORBIDDEN',
        policy: 'add_metadef_namespace',
      });
    });

    it('no X-Auth-Token: 401, over GraphQL and over Placement (its error body)', async () => {
      const graphql = await who({}, url);
      expect(graphql.status).toBe(401);
      expect(graphql.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
      const placement = await fetch(url.replace(/\/graphql$/, '/placement/traits'), {
        headers: { 'openstack-api-version': 'placement 1.6' },
      });
      expect(placement.status).toBe(401);
      const refusal = (await placement.json()) as { errors: unknown[] };
      expect(refusal.errors[0]).toMatchObject({ status: 401, title: 'Unauthorized' });
    });
  });
});

describe('openstackclient with osc-placement', () => {
  let t: TestApp;
  let endpoint: string;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_MODE: 'noauth2' });
    endpoint = (await t.app.listen(0, '127.0.0.1')).replace(/\/graphql$/, '/placement');
  });
  afterAll(() => t.close());

  /** `openstack …` as an operator types it, against the noauth endpoint (admin_token: X-Auth-Token admin). */
  async function openstack(args: string[], version?: string): Promise<Data> {
    const run = openstackClient(
      () => endpoint,
      () => 'admin',
      () => (version ? ['--os-placement-api-version', version] : []),
    );
    const { stdout } = await run(args);
    return args.includes('json') ? JSON.parse(stdout) : stdout;
  }

  itWithOracle(
    [ORACLES.openstackclient, ORACLES.oscPlacement],
    'trait list / create / show / delete, resource provider create / list / trait set / list / delete',
    async () => {
      const gold = customTrait('OSC');
      // The version negotiated from the version document (osc-placement asks for 1.29 at most).
      await openstack(['trait', 'create', gold]);
      const traits = (await openstack(['trait', 'list', '-f', 'json'])) as { name: string }[];
      expect(traits.map((trait) => trait.name)).toEqual(expect.arrayContaining(['HW_CPU_X86_AVX2', gold]));
      const prefixed = await openstack(
        ['trait', 'list', '--name', `startswith:${gold}`, '-f', 'json'],
        '1.6',
      );
      expect(prefixed).toEqual([{ name: gold }]);

      const name = providerName('osc');
      // At 1.0 a create answers 201 with Location, which the client then reads.
      const created = await openstack(['resource', 'provider', 'create', name, '-f', 'json'], '1.0');
      expect(created).toMatchObject({ name, generation: 0 });
      const listed = await openstack(['resource', 'provider', 'list', '--name', name, '-f', 'json'], '1.14');
      expect(listed).toEqual([
        expect.objectContaining({ uuid: created.uuid, name, root_provider_uuid: created.uuid }),
      ]);

      const set = await openstack(
        [
          'resource',
          'provider',
          'trait',
          'set',
          '--trait',
          gold,
          '--trait',
          'HW_CPU_X86_AVX2',
          created.uuid,
          '-f',
          'json',
        ],
        '1.6',
      );
      expect(set.map((trait: { name: string }) => trait.name).sort()).toEqual(
        ['HW_CPU_X86_AVX2', gold].sort(),
      );
      const [withGold] = await openstack(
        ['resource', 'provider', 'list', '--required', gold, '-f', 'json'],
        '1.18',
      );
      expect(withGold.uuid).toBe(created.uuid);
      const shown = await openstack(
        ['resource', 'provider', 'trait', 'list', created.uuid, '-f', 'json'],
        '1.6',
      );
      expect(shown.map((trait: { name: string }) => trait.name).sort()).toEqual(
        ['HW_CPU_X86_AVX2', gold].sort(),
      );

      // In use: the client shows Placement's 409.
      await expect(openstack(['trait', 'delete', gold], '1.6')).rejects.toThrow(/409|in use|has it/i);
      await openstack(['resource', 'provider', 'trait', 'delete', created.uuid], '1.6');
      expect(
        await openstack(['resource', 'provider', 'trait', 'list', created.uuid, '-f', 'json'], '1.6'),
      ).toEqual([]);
      await openstack(['trait', 'delete', gold], '1.6');
      await openstack(['resource', 'provider', 'delete', created.uuid]);
      const gone = await fetch(`${endpoint}/resource_providers/${created.uuid}`, {
        headers: { 'x-auth-token': 'admin' },
      });
      expect(gone.status).toBe(404);
    },
    // Some thirty `openstack` runs, each a Python start of seconds on a loaded machine.
    600_000,
  );
});
