import { createNamespace } from './support/factories';
import { createResource } from './support/resource-factories';
import { ADMIN, project, startTestApp, unique, type TestApp } from './support/test-app';

const OWNER = project('p-def-owner');
const OTHER = project('p-def-other');

const LIST = `query ($rt: String!) {
  resourceProperties(resourceType: $rt) { name definition { name title type } }
}`;
const PUBLISH = `mutation ($rt: String!, $name: String!) {
  updateResourceProperty(resourceType: $rt, name: $name, private: false) { name }
}`;

/** Discovery links each key to the catalog's definition of it, with the resource type's prefix rules. */
describe('discovered properties link their catalog definitions', () => {
  let t: TestApp;
  let type: string;
  beforeAll(async () => {
    t = await startTestApp({ DISCOVERY_ALLOW_ALL_USERS: 'true' });
    type = unique('OS::Nova::Flavorish');
    await createNamespace(t, {
      visibility: 'PUBLIC',
      resourceTypeAssociations: [{ name: type, prefix: 'hw:' }],
      properties: [{ name: 'cpu_cores', title: 'vCPU cores', type: 'INTEGER', minimum: 1 }],
      objects: [
        {
          name: 'Watchdog',
          properties: [{ name: 'watchdog_action', title: 'Watchdog action', type: 'STRING' }],
        },
      ],
    });
    // A definition only its owner project (and admins) can see.
    await createNamespace(t, {
      visibility: 'PRIVATE',
      owner: OWNER.project,
      resourceTypeAssociations: [{ name: type }],
      properties: [{ name: 'secret_knob', title: 'Secret knob', type: 'BOOLEAN' }],
    });
    await createResource(t, {
      resourceType: type,
      projectId: OWNER.project,
      properties: {
        'hw:cpu_cores': 4,
        'hw:watchdog_action': 'reset',
        cpu_cores: 2,
        secret_knob: true,
        free_form: 'x',
      },
    });
    for (const name of ['hw:cpu_cores', 'hw:watchdog_action', 'cpu_cores', 'secret_knob', 'free_form']) {
      await t.ok(PUBLISH, { rt: type, name });
    }
  });
  afterAll(() => t.close());

  const definitions = async (who = ADMIN) => {
    const { resourceProperties } = await t.ok(LIST, { rt: type }, who);
    return Object.fromEntries(
      resourceProperties.map((p: { name: string; definition: { name: string; title: string } | null }) => [
        p.name,
        p.definition && { name: p.definition.name, title: p.definition.title },
      ]),
    );
  };

  it('finds namespace and object properties by prefixed key, and nothing for unprefixed or undefined keys', async () => {
    expect(await definitions()).toEqual({
      'hw:cpu_cores': { name: 'hw:cpu_cores', title: 'vCPU cores' },
      'hw:watchdog_action': { name: 'hw:watchdog_action', title: 'Watchdog action' },
      cpu_cores: null,
      free_form: null,
      secret_knob: { name: 'secret_knob', title: 'Secret knob' },
    });
  });

  it('shows a definition from a private namespace only to its owner project and admins', async () => {
    expect((await definitions(OWNER)).secret_knob).toEqual({ name: 'secret_knob', title: 'Secret knob' });
    expect((await definitions(OTHER)).secret_knob).toBeNull();
    expect((await definitions(OTHER))['hw:cpu_cores']).toEqual({ name: 'hw:cpu_cores', title: 'vCPU cores' });
  });

  it('loads the definitions of all keys in a fixed number of statements', async () => {
    const measured = await t.app.database.counter.measure(() => t.ok(LIST, { rt: type }));
    expect(measured.result.resourceProperties).toHaveLength(5);
    expect(measured.count).toBeLessThanOrEqual(5);
  });
});
