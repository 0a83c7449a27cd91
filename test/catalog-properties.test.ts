import { createNamespace } from './support/factories';
import { ADMIN, expectError, startTestApp, unique, type TestApp } from './support/test-app';

const FIELDS = `name title description type default enum readonly minimum maximum minLength maxLength pattern
  items { type enum } minItems maxItems uniqueItems additionalItems operators schema`;
const CREATE = `mutation ($ns: String!, $input: PropertyDefinitionInput!) { createProperty(namespace: $ns, input: $input) { id ${FIELDS} } }`;
const UPDATE = `mutation ($ns: String!, $name: String!, $input: PropertyDefinitionInput!) { updateProperty(namespace: $ns, name: $name, input: $input) { id ${FIELDS} } }`;
const DELETE = `mutation ($ns: String!, $name: String!) { deleteProperty(namespace: $ns, name: $name) }`;
const DELETE_ALL = `mutation ($ns: String!) { deleteAllProperties(namespace: $ns) }`;
const READ = `query ($ns: String!, $rt: String) { namespace(name: $ns, resourceType: $rt) { properties { ${FIELDS} } objects { name required properties { name } } } }`;

describe('catalog: properties', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('creates a property keeping JSON types exact and reads it back', async () => {
    const ns = await createNamespace(t);
    const input = {
      name: 'hw_cpu_cores',
      title: 'Cores',
      type: 'INTEGER',
      description: 'CPU cores',
      default: 3,
      minimum: 0.5,
      maximum: 64.5,
      operators: ['<or>'],
    };
    const { createProperty } = await t.ok(CREATE, { ns, input });
    expect(createProperty).toMatchObject({
      name: 'hw_cpu_cores',
      type: 'INTEGER',
      default: 3,
      minimum: 0.5,
      maximum: 64.5,
      operators: ['<or>'],
      enum: null,
      items: null,
    });
    expect(createProperty.schema).toEqual({
      type: 'integer',
      title: 'Cores',
      description: 'CPU cores',
      default: 3,
      minimum: 0.5,
      maximum: 64.5,
      operators: ['<or>'],
    });
    const { namespace } = await t.ok(READ, { ns });
    expect(namespace.properties).toEqual([createProperty].map(({ id: _id, ...rest }) => rest));
  });

  it('keeps operators absent when not given and [] when given empty', async () => {
    const ns = await createNamespace(t);
    const a = await t.ok(CREATE, { ns, input: { name: 'a', title: 'A', type: 'STRING' } });
    expect(a.createProperty.operators).toBeNull();
    expect(a.createProperty.schema).toEqual({ type: 'string', title: 'A' });
    const b = await t.ok(CREATE, { ns, input: { name: 'b', title: 'B', type: 'STRING', operators: [] } });
    expect(b.createProperty.operators).toEqual([]);
  });

  it('stores arrays with item enums', async () => {
    const ns = await createNamespace(t);
    const { createProperty } = await t.ok(CREATE, {
      ns,
      input: {
        name: 'features',
        title: 'Features',
        type: 'ARRAY',
        items: { type: 'STRING', enum: ['aes', 'avx'] },
        operators: ['<or>', '<all-in>'],
      },
    });
    expect(createProperty.items).toEqual({ type: 'STRING', enum: ['aes', 'avx'] });
    expect(createProperty.schema.items).toEqual({ type: 'string', enum: ['aes', 'avx'] });
  });

  it.each([
    [{ type: 'INTEGER', minimum: 5, maximum: 1 }, 'input.maximum'],
    [{ type: 'INTEGER', maximum: 4, default: 5 }, 'input.default'],
    [{ type: 'INTEGER', default: 'x' }, 'input.default'],
    [{ type: 'STRING', enum: ['a', 'b'], default: 'c' }, 'input.default'],
    [{ type: 'STRING', enum: ['a', 'a'] }, 'input.enum.1'],
    [{ type: 'STRING', pattern: '([' }, 'input.pattern'],
    [{ type: 'STRING', minLength: 3, maxLength: 2 }, 'input.maxLength'],
    [{ type: 'ARRAY' }, 'input.items'],
    [{ type: 'ARRAY', items: { enum: ['a'] } }, 'input.items.type'],
    [{ type: 'ARRAY', items: { type: 'ARRAY' } }, 'input.items.type'],
    [{ type: 'STRING', operators: ['<and>'] }, 'input.operators.0'],
    [{ type: 'STRING', title: '' }, 'input.title'],
    [{ type: 'STRING', name: '' }, 'input.name'],
  ])('rejects %j at %s', async (fields, field) => {
    const ns = await createNamespace(t);
    const result = await t.gql(CREATE, { ns, input: { name: 'p', title: 'P', ...fields } });
    expectError(result, 'BAD_USER_INPUT', field);
    const { namespace } = await t.ok(READ, { ns });
    expect(namespace.properties).toEqual([]);
  });

  it('lists every problem in extensions.errors', async () => {
    const ns = await createNamespace(t);
    const result = await t.gql(CREATE, {
      ns,
      input: { name: 'p', title: 'P', type: 'INTEGER', minimum: 5, maximum: 1, enum: [1, 1] },
    });
    const error = expectError(result, 'BAD_USER_INPUT');
    expect((error.extensions?.errors as { field: string }[]).map((problem) => problem.field).sort()).toEqual([
      'input.enum.1',
      'input.maximum',
    ]);
  });

  it('fails CONFLICT for a taken name and NOT_FOUND for an unknown namespace', async () => {
    const ns = await createNamespace(t);
    await t.ok(CREATE, { ns, input: { name: 'p', title: 'P', type: 'STRING' } });
    expectError(await t.gql(CREATE, { ns, input: { name: 'p', title: 'Q', type: 'STRING' } }), 'CONFLICT');
    expectError(
      await t.gql(CREATE, { ns: unique('missing'), input: { name: 'p', title: 'P', type: 'STRING' } }),
      'NOT_FOUND',
    );
  });

  it('replaces and renames on update, CONFLICT when the new name is taken', async () => {
    const ns = await createNamespace(t);
    const created = await t.ok(CREATE, {
      ns,
      input: { name: 'p', title: 'P', type: 'INTEGER', minimum: 1, description: 'old' },
    });
    await t.ok(CREATE, { ns, input: { name: 'q', title: 'Q', type: 'STRING' } });
    const { updateProperty } = await t.ok(UPDATE, {
      ns,
      name: 'p',
      input: { name: 'p2', title: 'P2', type: 'STRING', maxLength: 5 },
    });
    expect(updateProperty.id).toBe(created.createProperty.id);
    expect(updateProperty.schema).toEqual({ type: 'string', title: 'P2', maxLength: 5 });
    expectError(
      await t.gql(UPDATE, { ns, name: 'p2', input: { name: 'q', title: 'X', type: 'STRING' } }),
      'CONFLICT',
    );
    expectError(
      await t.gql(UPDATE, { ns, name: 'nope', input: { name: 'nope', title: 'X', type: 'STRING' } }),
      'NOT_FOUND',
    );
    expectError(
      await t.gql(UPDATE, {
        ns,
        name: 'p2',
        input: { name: 'p2', title: 'X', type: 'STRING', minLength: -1 },
      }),
      'BAD_USER_INPUT',
      'input.minLength',
    );
    const { namespace } = await t.ok(READ, { ns });
    expect(namespace.properties.map((property: { name: string }) => property.name)).toEqual(['p2', 'q']);
  });

  it('deletes one and all namespace-level properties (object properties stay)', async () => {
    const ns = await createNamespace(t, {
      properties: [
        { name: 'a', title: 'A', type: 'STRING' },
        { name: 'b', title: 'B', type: 'STRING' },
        { name: 'c', title: 'C', type: 'STRING' },
      ],
      objects: [{ name: 'O', properties: [{ name: 'x', title: 'X', type: 'STRING' }] }],
    });
    expect((await t.ok(DELETE, { ns, name: 'a' })).deleteProperty).toBe(true);
    expectError(await t.gql(DELETE, { ns, name: 'a' }), 'NOT_FOUND');
    expect((await t.ok(DELETE_ALL, { ns })).deleteAllProperties).toBe(2);
    const { namespace } = await t.ok(READ, { ns });
    expect(namespace.properties).toEqual([]);
    expect(namespace.objects[0].properties).toEqual([{ name: 'x' }]);
  });

  it('fetches a property by node id', async () => {
    const ns = await createNamespace(t);
    const { createProperty } = await t.ok(CREATE, { ns, input: { name: 'p', title: 'P', type: 'BOOLEAN' } });
    const { node } = await t.ok(
      `query ($id: ID!) { node(id: $id) { ... on PropertyDefinition { name } } }`,
      {
        id: createProperty.id,
      },
      ADMIN,
    );
    expect(node).toEqual({ name: 'p' });
  });
});
