import { PropertyDefinition } from '../src/modules/properties/property.entity';
import { insertObject, insertProperty } from './support/catalog-factories';
import { createNamespace } from './support/factories';
import {
  ADMIN,
  expectError,
  project,
  startTestApp,
  unique,
  type TestApp,
  type Who,
} from './support/test-app';

const OWNER = project('p-validate-owner');
const OTHER = project('p-validate-other');

const VALIDATE = `query ($rt: String!, $metadata: JSON!) {
  validateMetadata(resourceType: $rt, metadata: $metadata) { valid errors { key message } unknownKeys }
}`;

describe('validateMetadata', () => {
  let t: TestApp;
  /** A resource type of each test's own, so that definitions of other tests never interfere. */
  let rt: string;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => {
    rt = unique('OS::Test::Flavor');
  });

  async function validate(metadata: unknown, as: Who = ADMIN, resourceType = rt) {
    return (await t.ok(VALIDATE, { rt: resourceType, metadata }, as)).validateMetadata;
  }

  /** A public namespace associated with `rt` (prefix hw:) holding the given namespace-level properties. */
  async function catalog(properties: Record<string, object>, fields: Record<string, unknown> = {}) {
    const ns = await createNamespace(t, {
      resourceTypeAssociations: [{ name: rt, prefix: 'hw:' }],
      ...fields,
    });
    for (const [name, schema] of Object.entries(properties)) await insertProperty(t, ns, name, schema);
    return ns;
  }

  it('checks integers given as strings or numbers against the schema', async () => {
    await catalog({ cpu_cores: { type: 'integer', title: 'vCPU Cores', minimum: 1, maximum: 64 } });
    expect(await validate({ 'hw:cpu_cores': '4' })).toEqual({ valid: true, errors: [], unknownKeys: [] });
    expect(await validate({ 'hw:cpu_cores': 8 })).toMatchObject({ valid: true });
    expect(await validate({ 'hw:cpu_cores': '0' })).toEqual({
      valid: false,
      errors: [{ key: 'hw:cpu_cores', message: 'must be >= 1' }],
      unknownKeys: [],
    });
    expect((await validate({ 'hw:cpu_cores': 65 })).errors).toEqual([
      { key: 'hw:cpu_cores', message: 'must be <= 64' },
    ]);
    expect((await validate({ 'hw:cpu_cores': '4.5' })).errors).toEqual([
      { key: 'hw:cpu_cores', message: 'must be an integer, not "4.5"' },
    ]);
    expect((await validate({ 'hw:cpu_cores': 'four' })).errors).toEqual([
      { key: 'hw:cpu_cores', message: 'must be an integer, not "four"' },
    ]);
  });

  it('checks booleans (any case), numbers, strings with enum, pattern and length', async () => {
    await catalog({
      secure_boot: { type: 'boolean', title: 'Secure boot' },
      ratio: { type: 'number', title: 'Ratio', maximum: 2 },
      machine_type: { type: 'string', title: 'Machine type', enum: ['pc', 'q35'] },
      serial: { type: 'string', title: 'Serial', pattern: '^[A-Z]+$', maxLength: 4 },
    });
    expect(
      await validate({
        'hw:secure_boot': 'True',
        'hw:ratio': '1.5',
        'hw:machine_type': 'q35',
        'hw:serial': 'AB',
      }),
    ).toEqual({ valid: true, errors: [], unknownKeys: [] });
    expect(await validate({ 'hw:secure_boot': false })).toMatchObject({ valid: true });
    const result = await validate({
      'hw:secure_boot': 'maybe',
      'hw:ratio': '2.5',
      'hw:machine_type': 'i440',
      'hw:serial': 'abcdef',
    });
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([
      {
        key: 'hw:secure_boot',
        message: 'must be a boolean (true/false, yes/no, on/off, 1/0, t/f, y/n), not "maybe"',
      },
      { key: 'hw:ratio', message: 'must be <= 2' },
      { key: 'hw:machine_type', message: 'must be one of: pc, q35' },
      { key: 'hw:serial', message: 'must NOT have more than 4 characters' },
      { key: 'hw:serial', message: 'must match pattern "^[A-Z]+$"' },
    ]);
  });

  it('checks arrays given as JSON arrays, JSON text or lists, item by item', async () => {
    await catalog({
      features: {
        type: 'array',
        title: 'Features',
        items: { type: 'string', enum: ['aes', 'vme', 'de'] },
        maxItems: 2,
      },
    });
    for (const value of [['aes', 'vme'], '["aes","de"]', 'aes, vme', 'aes vme']) {
      expect(await validate({ 'hw:features': value })).toMatchObject({ valid: true });
    }
    expect((await validate({ 'hw:features': 'aes,sse' })).errors).toEqual([
      { key: 'hw:features', message: 'item 1: must be one of: aes, vme, de' },
    ]);
    expect((await validate({ 'hw:features': 'aes vme de' })).errors).toEqual([
      { key: 'hw:features', message: 'must NOT have more than 2 items' },
    ]);
    expect((await validate({ 'hw:features': '[aes' })).errors).toEqual([
      { key: 'hw:features', message: 'is not a valid JSON array' },
    ]);
  });

  it('checks multivalue operators: each choice, and only the operators the property declares', async () => {
    await catalog({
      features: {
        type: 'array',
        title: 'Features',
        operators: ['<or>', '<all-in>'],
        items: { type: 'string', enum: ['aes', 'vme', 'de'] },
      },
      model: { type: 'string', title: 'Model', operators: ['<or>', '<in>'], enum: ['Haswell', 'Abu Dhabi'] },
      cores: { type: 'integer', title: 'Cores', minimum: 1 },
    });
    expect(
      await validate({
        'hw:features': '<or> aes <or> vme',
        'hw:model': '<or> Haswell <or> Abu Dhabi',
      }),
    ).toMatchObject({ valid: true, errors: [] });
    expect(await validate({ 'hw:features': '<all-in> aes vme' })).toMatchObject({ valid: true });
    expect(await validate({ 'hw:model': '<in> Has' })).toMatchObject({ valid: true });

    const bad = await validate({
      'hw:features': '<or> aes <or> sse',
      'hw:model': '<all-in> Haswell',
      'hw:cores': '<or> 2 <or> 4',
    });
    expect(bad.errors).toEqual([
      { key: 'hw:features', message: '"sse" must be one of: aes, vme, de' },
      {
        key: 'hw:model',
        message: 'operator <all-in> is not allowed for this property (allowed: <or>, <in>)',
      },
      {
        key: 'hw:cores',
        message: 'operator <or> is not allowed for this property (it declares no operators)',
      },
    ]);
    expect((await validate({ 'hw:model': '<in> Zen' })).errors).toEqual([
      { key: 'hw:model', message: '"Zen" is not part of any of: Haswell, Abu Dhabi' },
    ]);
    expect((await validate({ 'hw:model': '<or> Haswell <or>' })).errors).toEqual([
      { key: 'hw:model', message: 'operator <or> needs a value after each operator' },
    ]);
    expect((await validate({ 'hw:model': '<any> Haswell' })).errors).toEqual([
      { key: 'hw:model', message: 'unknown operator <any>; operators are <or>, <all-in>, <in>' },
    ]);
  });

  it('checks object properties and lists keys no definition covers as unknown', async () => {
    const ns = await catalog({});
    const object = await insertObject(t, ns, 'Topology');
    await insertProperty(t, ns, 'sockets', { type: 'integer', title: 'Sockets', maximum: 4 }, object);
    const result = await validate({ 'hw:sockets': '8', sockets: '1', 'other:key': 'x' });
    expect(result).toEqual({
      valid: false,
      errors: [{ key: 'hw:sockets', message: 'must be <= 4' }],
      unknownKeys: ['sockets', 'other:key'],
    });
    // Unknown keys alone do not make metadata invalid.
    expect(await validate({ 'some:key': 'x' })).toEqual({
      valid: true,
      errors: [],
      unknownKeys: ['some:key'],
    });
    expect(await validate({})).toEqual({ valid: true, errors: [], unknownKeys: [] });
  });

  it('uses the prefix of the asked resource type only', async () => {
    const ns = await createNamespace(t, {
      resourceTypeAssociations: [
        { name: rt, prefix: 'hw:' },
        { name: `${rt}::Image`, prefix: 'hw_' },
      ],
    });
    await insertProperty(t, ns, 'cpu_cores', { type: 'integer', title: 'Cores' });
    expect(await validate({ hw_cpu_cores: 'x', 'hw:cpu_cores': '2' })).toEqual({
      valid: true,
      errors: [],
      unknownKeys: ['hw_cpu_cores'],
    });
    expect((await validate({ hw_cpu_cores: 'x' }, ADMIN, `${rt}::Image`)).errors).toEqual([
      { key: 'hw_cpu_cores', message: 'must be an integer, not "x"' },
    ]);
  });

  it("ignores other projects' private definitions: their keys are unknown to others", async () => {
    await catalog(
      { secret_cores: { type: 'integer', title: 'Secret', maximum: 2 } },
      { visibility: 'PRIVATE', owner: OWNER.project },
    );
    // Known only through OWNER's private namespace, the resource type itself is OWNER's.
    expectError(await t.gql(VALIDATE, { rt, metadata: {} }, OTHER), 'NOT_FOUND');
    await catalog({});
    expect(await validate({ 'hw:secret_cores': '9' }, OTHER)).toEqual({
      valid: true,
      errors: [],
      unknownKeys: ['hw:secret_cores'],
    });
    expect((await validate({ 'hw:secret_cores': '9' }, OWNER)).errors).toEqual([
      { key: 'hw:secret_cores', message: 'must be <= 2' },
    ]);
    expect((await validate({ 'hw:secret_cores': '9' }, ADMIN)).valid).toBe(false);
  });

  it('accepts a value that one of several definitions of the same key accepts', async () => {
    await catalog({ mode: { type: 'string', title: 'Mode', enum: ['a'] } });
    await catalog({ mode: { type: 'string', title: 'Mode', enum: ['b'] } });
    expect(await validate({ 'hw:mode': 'b' })).toMatchObject({ valid: true });
    const result = await validate({ 'hw:mode': 'c' });
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0].message).toMatch(/^must be one of: [ab]$/);
  });

  it('follows a changed definition (compiled schemas are cached by key and update time)', async () => {
    const ns = await catalog({});
    const pk = await insertProperty(t, ns, 'level', { type: 'integer', title: 'Level', maximum: 3 });
    expect((await validate({ 'hw:level': '5' })).valid).toBe(false);
    const repository = t.app.database.dataSource.getRepository(PropertyDefinition);
    const row = await repository.findOneByOrFail({ pk });
    row.schema = { ...row.schema, maximum: 10 };
    await repository.save(row);
    expect((await validate({ 'hw:level': '5' })).valid).toBe(true);
  });

  it("checks values against Glance's definitions even where they are not strict JSON Schema", async () => {
    // As in compute-host-capabilities.json: an enum listing a value twice, and Glance's own keywords.
    await catalog({
      model: {
        type: 'string',
        title: 'Model',
        operators: ['<or>'],
        readonly: false,
        enum: ['Valencia', 'Zurich', 'Valencia'],
      },
    });
    expect(await validate({ 'hw:model': '<or> Valencia <or> Zurich' })).toMatchObject({ valid: true });
    expect((await validate({ 'hw:model': 'Paris' })).errors).toEqual([
      { key: 'hw:model', message: 'must be one of: Valencia, Zurich' },
    ]);
  });

  it('reports a definition ajv cannot compile as an error of that key, not a server error', async () => {
    await catalog({ odd: { type: 'string', title: 'Odd', pattern: '(?<' } });
    const result = await validate({ 'hw:odd': 'x' });
    expect(result.errors).toEqual([
      {
        key: 'hw:odd',
        message: expect.stringMatching(/^cannot be checked: its definition's schema is invalid/),
      },
    ]);
  });

  it('rejects metadata that is not an object of scalars or arrays of scalars', async () => {
    for (const metadata of [
      [1, 2],
      'text',
      42,
      null,
      { a: { nested: 1 } },
      { a: null },
      { a: [{ x: 1 }] },
      { '': 'x' },
    ]) {
      expectError(await t.gql(VALIDATE, { rt: 'OS::Nova::Flavor', metadata }), 'BAD_USER_INPUT', 'metadata');
    }
    const tooMany = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`k${i}`, 'v']));
    expectError(
      await t.gql(VALIDATE, { rt: 'OS::Nova::Flavor', metadata: tooMany }),
      'BAD_USER_INPUT',
      'metadata',
    );
  });

  it('fails NOT_FOUND for an unknown resource type', async () => {
    const error = expectError(
      await t.gql(VALIDATE, { rt: 'OS::No::Such', metadata: { a: '1' } }),
      'NOT_FOUND',
    );
    expect(error.message).toContain('OS::No::Such');
  });

  it('loads the definitions of any number of keys in one statement', async () => {
    await catalog(
      Object.fromEntries(
        Array.from({ length: 30 }, (_, i) => [`p${i}`, { type: 'integer', title: `P${i}` }]),
      ),
    );
    const statements = async (n: number) =>
      (
        await t.app.database.counter.measure(() =>
          validate(Object.fromEntries(Array.from({ length: n }, (_, i) => [`hw:p${i}`, String(i)]))),
        )
      ).count;
    expect(await statements(30)).toBe(await statements(3));
  });
});
