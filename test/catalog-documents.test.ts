import { createNamespace } from './support/factories';
import { expectError, startTestApp, unique, type TestApp } from './support/test-app';

const CREATE = `mutation ($input: CreateNamespaceInput!) { createNamespace(input: $input) { name properties { name } objects { name } tags { name } } }`;
const READ = `query ($ns: String!, $rt: String) {
  namespace(name: $ns, resourceType: $rt) { name properties { name } objects { name required properties { name } } tags { name } }
}`;

const P = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  title: name,
  type: 'STRING',
  ...extra,
});

describe('catalog: whole-document create and prefixes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('creates a namespace with properties, objects and tags in one mutation', async () => {
    const name = unique('Doc');
    const { createNamespace: created } = await t.ok(CREATE, {
      input: {
        name,
        properties: [P('a'), P('b', { type: 'INTEGER', default: 2 })],
        objects: [{ name: 'O', required: ['x'], properties: [P('x')] }],
        tags: ['Web', 'DB'],
      },
    });
    expect(created).toEqual({
      name,
      properties: [{ name: 'a' }, { name: 'b' }],
      objects: [{ name: 'O' }],
      tags: [{ name: 'DB' }, { name: 'Web' }],
    });
  });

  it.each([
    [
      { properties: [P('a'), P('b'), P('c'), P('d', { type: 'INTEGER', minimum: 2, maximum: 1 })] },
      'input.properties.3.maximum',
    ],
    [{ properties: [P('a'), P('a')] }, 'input.properties.1.name'],
    [
      { objects: [{ name: 'O', properties: [P('x', { type: 'ARRAY' })] }] },
      'input.objects.0.properties.0.items',
    ],
    [{ objects: [{ name: 'O', required: ['y'] }] }, 'input.objects.0.required.0'],
    [{ objects: [{ name: 'O' }, { name: 'O' }] }, 'input.objects.1.name'],
    [{ tags: ['a', 'A'] }, 'input.tags.1'],
    [{ tags: ['ok', 'x'.repeat(81)] }, 'input.tags.1'],
  ])('is all or nothing: %j fails at %s and leaves nothing', async (content, field) => {
    const name = unique('Doc');
    const result = await t.gql(CREATE, {
      input: {
        name,
        resourceTypeAssociations: [{ name: 'OS::Nova::Flavor' }],
        properties: [P('ok')],
        ...content,
      },
    });
    expectError(result, 'BAD_USER_INPUT', field);
    expect((await t.ok(READ, { ns: name })).namespace).toBeNull();
  });

  it('a createObject whose 3rd property is invalid creates nothing', async () => {
    const ns = await createNamespace(t);
    const result = await t.gql(
      `mutation ($ns: String!, $input: MetadefObjectInput!) { createObject(namespace: $ns, input: $input) { name } }`,
      { ns, input: { name: 'O', properties: [P('a'), P('b'), P('c', { pattern: '(' })] } },
    );
    expectError(result, 'BAD_USER_INPUT', 'input.properties.2.pattern');
    const { count } = await t.app.database.counter.measure(async () => {
      const { namespace } = await t.ok(READ, { ns });
      expect(namespace.objects).toEqual([]);
    });
    expect(count).toBeGreaterThan(0);
  });

  describe('prefixes', () => {
    let ns: string;
    beforeAll(async () => {
      ns = await createNamespace(t, {
        resourceTypeAssociations: [
          { name: 'OS::Nova::Flavor', prefix: 'hw:' },
          { name: 'OS::Glance::Image', prefix: 'hw_' },
          { name: 'OS::Cinder::Volume' },
        ],
        properties: [P('cpu_cores'), P('cpu_sockets')],
        objects: [{ name: 'Topology', required: ['cpu_threads'], properties: [P('cpu_threads')] }],
      });
    });

    it.each([
      ['OS::Nova::Flavor', 'hw:'],
      ['OS::Glance::Image', 'hw_'],
      ['OS::Cinder::Volume', ''],
      ['OS::Nova::Aggregate', ''],
      [null, ''],
    ])('for %s prefixes names with "%s" everywhere', async (rt, prefix) => {
      const { namespace } = await t.ok(READ, { ns, rt });
      expect(namespace.properties).toEqual([
        { name: `${prefix}cpu_cores` },
        { name: `${prefix}cpu_sockets` },
      ]);
      expect(namespace.objects).toEqual([
        {
          name: 'Topology',
          required: [`${prefix}cpu_threads`],
          properties: [{ name: `${prefix}cpu_threads` }],
        },
      ]);
    });

    it('gives each alias its own prefix within one request', async () => {
      const data = await t.ok(
        `query ($ns: String!) {
          flavor: namespace(name: $ns, resourceType: "OS::Nova::Flavor") { properties { name } objects { required properties { name } } }
          image: namespace(name: $ns, resourceType: "OS::Glance::Image") { properties { name } objects { required properties { name } } }
          plain: namespace(name: $ns) { properties { name } }
        }`,
        { ns },
      );
      expect(data.flavor.properties.map((p: { name: string }) => p.name)).toEqual([
        'hw:cpu_cores',
        'hw:cpu_sockets',
      ]);
      expect(data.flavor.objects[0]).toEqual({
        required: ['hw:cpu_threads'],
        properties: [{ name: 'hw:cpu_threads' }],
      });
      expect(data.image.properties.map((p: { name: string }) => p.name)).toEqual([
        'hw_cpu_cores',
        'hw_cpu_sockets',
      ]);
      expect(data.image.objects[0]).toEqual({
        required: ['hw_cpu_threads'],
        properties: [{ name: 'hw_cpu_threads' }],
      });
      expect(data.plain.properties.map((p: { name: string }) => p.name)).toEqual([
        'cpu_cores',
        'cpu_sockets',
      ]);
    });
  });
});
