import { KeystoneStandIn, SERVICE_USER } from './support/keystone-stand-in';
import { ORACLES, itWithOracle } from './support/oracles';
import { glanceClient, restBase, restCall } from './support/rest';
import { startTestApp, unique, type TestApp } from './support/test-app';

/**
 * Debian's python3-glanceclient runs unchanged against the served Glance metadefs (issue 39): the md-namespace-*
 * and md-resource-type-* commands, with `--os-image-url` and `--os-auth-token` (no identity service asked), against
 * AUTH_MODE=noauth2 and against Keystone tokens (a stand-in Keystone validates them). Debian's openstackclient 6.0
 * and openstacksdk 0.101 have no metadef commands (docs/openstack.md).
 */

/** The value of a field in glanceclient's `Property | Value` table. */
function field(table: string, name: string): string | undefined {
  for (const line of table.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells[1] === name) return cells[2];
  }
  return undefined;
}

/** The first column of every row of a one- or more-column table (the header left out). */
function firstColumn(table: string): string[] {
  const rows = table.split('\n').filter((line) => line.startsWith('|'));
  return rows.slice(1).map((line) => line.split('|')[1].trim());
}

describe('glanceclient (noauth2)', () => {
  let t: TestApp;
  let endpoint: string;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_MODE: 'noauth2' });
    endpoint = restBase(await t.app.listen(0, '127.0.0.1'), '/image');
  });
  afterAll(() => t.close());

  const glance = glanceClient(() => endpoint);

  itWithOracle(
    ORACLES.glanceclient,
    'md-namespace-create / list / show / update / delete, md-resource-type-list / associate / deassociate',
    async () => {
      const name = unique('OS::Glance::Cli');
      const type = unique('OS::Cli::Type');
      const created = await glance([
        'md-namespace-create',
        name,
        '--display-name',
        'From the CLI',
        '--visibility',
        'public',
        '--description',
        'Made by glance md-namespace-create',
      ]);
      expect(field(created.stdout, 'namespace')).toBe(name);
      expect(field(created.stdout, 'display_name')).toBe('From the CLI');
      expect(field(created.stdout, 'visibility')).toBe('public');

      const listed = await glance(['md-namespace-list']);
      expect(firstColumn(listed.stdout)).toContain(name);

      const associated = await glance([
        'md-resource-type-associate',
        name,
        '--name',
        type,
        '--prefix',
        'cli:',
      ]);
      expect(field(associated.stdout, 'name')).toBe(type);
      expect(field(associated.stdout, 'prefix')).toBe('cli:');
      const associations = await glance(['md-namespace-resource-type-list', name]);
      expect(firstColumn(associations.stdout)).toEqual([type]);
      expect(firstColumn((await glance(['md-resource-type-list'])).stdout)).toEqual(
        expect.arrayContaining([type, 'OS::Nova::Flavor']),
      );
      // The list filtered by resource type (glanceclient pages with limit and marker: 20 a page).
      const filtered = await glance(['md-namespace-list', '--resource-types', type]);
      expect(firstColumn(filtered.stdout)).toEqual([name]);

      const shown = await glance(['md-namespace-show', name]);
      expect(field(shown.stdout, 'description')).toBe('Made by glance md-namespace-create');
      expect(field(shown.stdout, 'resource_type_associations')).toContain(type);

      const updated = await glance(['md-namespace-update', name, '--display-name', 'Renamed by the CLI']);
      expect(field(updated.stdout, 'display_name')).toBe('Renamed by the CLI');
      // glanceclient sends the whole namespace back: the other fields are kept.
      expect(field(updated.stdout, 'description')).toBe('Made by glance md-namespace-create');

      await glance(['md-resource-type-deassociate', name, type]);
      expect(firstColumn((await glance(['md-namespace-resource-type-list', name])).stdout)).toEqual([]);

      await glance(['md-namespace-delete', name]);
      const gone = await glance(['md-namespace-show', name], { allowFailure: true });
      expect(gone.code).not.toBe(0);
      // The client reads Glance's HTML error page: its status line and message, without tags.
      expect(gone.stderr).toMatch(/404 Not Found/);
      expect(gone.stderr).toContain(name);
      expect(gone.stderr).not.toContain('<br');
    },
    240_000,
  );

  itWithOracle(
    ORACLES.glanceclient,
    'many namespaces are listed whole, following the next links (limit and marker)',
    async () => {
      const type = unique('OS::Cli::Paged');
      const names = Array.from({ length: 23 }, (_, index) => `${unique('OS::Glance::Paged')}-${index}`);
      for (const name of names) {
        const body = { namespace: name, resource_type_associations: [{ name: type }] };
        const answer = await restCall('POST', `${endpoint}/v2/metadefs/namespaces`, {
          body,
          as: null,
          headers: { 'x-auth-token': 'admin' },
        });
        expect(answer.status).toBe(201);
      }
      const listed = await glance(['md-namespace-list', '--resource-types', type, '--page-size', '5']);
      expect(firstColumn(listed.stdout).sort()).toEqual([...names].sort());
    },
    240_000,
  );
});

describe('glanceclient (Keystone tokens)', () => {
  let t: TestApp;
  let keystone: KeystoneStandIn;
  let endpoint: string;
  beforeAll(async () => {
    keystone = await KeystoneStandIn.start();
    t = await startTestApp({
      AUTH_MODE: 'keystone',
      KEYSTONE_URL: keystone.url,
      KEYSTONE_TIMEOUT_MS: '10000',
      ...SERVICE_USER,
    });
    endpoint = restBase(await t.app.listen(0, '127.0.0.1'), '/image');
  });
  afterAll(async () => {
    await t.close();
    await keystone.close();
  });

  itWithOracle(
    ORACLES.glanceclient,
    "an admin's token creates and lists; a member's token is refused as GraphQL refuses it (403)",
    async () => {
      const admin = keystone.issue({
        projectId: 'p-admin',
        userId: 'alice',
        roles: ['admin', 'member', 'reader'],
      });
      const member = keystone.issue({ projectId: 'p-member', userId: 'bob', roles: ['member', 'reader'] });
      const asAdmin = glanceClient(
        () => endpoint,
        () => admin,
      );
      const asMember = glanceClient(
        () => endpoint,
        () => member,
      );
      const name = unique('OS::Glance::Keystone');
      const created = await asAdmin(['md-namespace-create', name, '--visibility', 'public']);
      expect(field(created.stdout, 'owner')).toBe('p-admin');
      expect(firstColumn((await asMember(['md-namespace-list'])).stdout)).toContain(name);

      const refused = await asMember(['md-namespace-create', unique('OS::Glance::Refused')], {
        allowFailure: true,
      });
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(/403 Forbidden/);
      const unknown = await glanceClient(
        () => endpoint,
        () => 'not-a-token',
      )(['md-namespace-list'], { allowFailure: true });
      expect(unknown.code).not.toBe(0);
    },
    240_000,
  );
});
