import { createNamespace } from './support/factories';
import { expectError, startTestApp, type TestApp } from './support/test-app';

const OBJECT = `id name description required properties { name title type schema }`;
const CREATE = `mutation ($ns: String!, $input: MetadefObjectInput!) { createObject(namespace: $ns, input: $input) { ${OBJECT} } }`;
const UPDATE = `mutation ($ns: String!, $name: String!, $input: MetadefObjectInput!) { updateObject(namespace: $ns, name: $name, input: $input) { ${OBJECT} } }`;
const DELETE = `mutation ($ns: String!, $name: String!) { deleteObject(namespace: $ns, name: $name) }`;
const DELETE_ALL = `mutation ($ns: String!) { deleteAllObjects(namespace: $ns) }`;
const READ = `query ($ns: String!) { namespace(name: $ns) { properties { name } objects { ${OBJECT} } } }`;

const prop = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  title: name.toUpperCase(),
  type: 'STRING',
  ...extra,
});

describe('catalog: objects', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('creates an object with properties and required, reads it back', async () => {
    const ns = await createNamespace(t);
    const { createObject } = await t.ok(CREATE, {
      ns,
      input: {
        name: 'Database',
        description: 'A DBMS',
        required: ['sw_database_version'],
        properties: [
          prop('sw_database_version'),
          prop('sw_database_port', { type: 'INTEGER', default: 5432 }),
        ],
      },
    });
    expect(createObject).toMatchObject({
      name: 'Database',
      description: 'A DBMS',
      required: ['sw_database_version'],
    });
    expect(createObject.properties.map((property: { name: string }) => property.name)).toEqual([
      'sw_database_port',
      'sw_database_version',
    ]);
    const { namespace } = await t.ok(READ, { ns });
    expect(namespace.objects).toEqual([createObject]);
    // object properties are not namespace properties
    expect(namespace.properties).toEqual([]);
  });

  it('rejects required naming something else, at input.required.N', async () => {
    const ns = await createNamespace(t);
    const result = await t.gql(CREATE, {
      ns,
      input: { name: 'O', required: ['a', 'zzz'], properties: [prop('a')] },
    });
    expectError(result, 'BAD_USER_INPUT', 'input.required.1');
  });

  it('validates object properties at input.properties.N.<field> and creates nothing', async () => {
    const ns = await createNamespace(t);
    const result = await t.gql(CREATE, {
      ns,
      input: {
        name: 'O',
        properties: [prop('a'), prop('b'), prop('c', { type: 'INTEGER', minimum: 3, maximum: 2 })],
      },
    });
    expectError(result, 'BAD_USER_INPUT', 'input.properties.2.maximum');
    expect((await t.ok(READ, { ns })).namespace.objects).toEqual([]);
    expectError(
      await t.gql(CREATE, { ns, input: { name: 'O', properties: [prop('a'), prop('a')] } }),
      'BAD_USER_INPUT',
      'input.properties.1.name',
    );
  });

  it('fails CONFLICT on a taken name', async () => {
    const ns = await createNamespace(t);
    await t.ok(CREATE, { ns, input: { name: 'O' } });
    expectError(await t.gql(CREATE, { ns, input: { name: 'O' } }), 'CONFLICT');
  });

  it('replaces an object with its properties, may rename it (same id), CONFLICT if taken', async () => {
    const ns = await createNamespace(t);
    const { createObject } = await t.ok(CREATE, {
      ns,
      input: { name: 'O', description: 'old', required: ['a'], properties: [prop('a'), prop('b')] },
    });
    await t.ok(CREATE, { ns, input: { name: 'Taken' } });
    const { updateObject } = await t.ok(UPDATE, {
      ns,
      name: 'O',
      input: { name: 'O2', properties: [prop('c', { type: 'BOOLEAN' })], required: ['c'] },
    });
    expect(updateObject).toMatchObject({
      id: createObject.id,
      name: 'O2',
      description: null,
      required: ['c'],
    });
    expect(updateObject.properties).toEqual([
      { name: 'c', title: 'C', type: 'BOOLEAN', schema: { type: 'boolean', title: 'C' } },
    ]);
    expectError(await t.gql(UPDATE, { ns, name: 'O2', input: { name: 'Taken' } }), 'CONFLICT');
    expectError(await t.gql(UPDATE, { ns, name: 'missing', input: { name: 'x' } }), 'NOT_FOUND');
    expectError(
      await t.gql(UPDATE, { ns, name: 'O2', input: { name: 'O2', required: ['nope'] } }),
      'BAD_USER_INPUT',
      'input.required.0',
    );
    const { namespace } = await t.ok(READ, { ns });
    expect(namespace.objects.map((object: { name: string }) => object.name)).toEqual(['O2', 'Taken']);
    expect(namespace.objects[0].properties.map((property: { name: string }) => property.name)).toEqual(['c']);
  });

  it('deletes one object and all objects', async () => {
    const ns = await createNamespace(t, {
      objects: [{ name: 'A', properties: [prop('x')] }, { name: 'B' }, { name: 'C' }],
    });
    expect((await t.ok(DELETE, { ns, name: 'A' })).deleteObject).toBe(true);
    expectError(await t.gql(DELETE, { ns, name: 'A' }), 'NOT_FOUND');
    expect((await t.ok(DELETE_ALL, { ns })).deleteAllObjects).toBe(2);
    expect((await t.ok(READ, { ns })).namespace.objects).toEqual([]);
  });
});
