/**
 * The rules of validateMetadata in tables, through GraphQL on a real database (no oracle needed): values read as
 * Nova reads them, parameterized keys and their kinds, complete namespaces, deprecation, lenient and
 * case-insensitive definitions, links to traits and resource classes; the new definition fields through create,
 * read, load and export; and what the default seeds (Nova's definitions) answer for a few keys.
 */
import { asGlanceDocument, metadefsService } from '../src/modules/metadefs-io/metadefs.service';
import { ADMIN, headersOf, startTestApp, unique, type TestApp } from './support/test-app';

const VALIDATE = `query ($rt: String!, $metadata: JSON!) {
  validateMetadata(resourceType: $rt, metadata: $metadata) {
    valid
    errors { key message parameter suggestions }
    warnings { key message replacement }
    unknownKeys
    keys { key rule followed { name namespace { name } } notFollowed { name } parameters { name kind value } }
  }
}`;

const CREATE = `mutation ($input: CreateNamespaceInput!) { createNamespace(input: $input) { name complete } }`;

interface Validation {
  valid: boolean;
  errors: { key: string; message: string; parameter: string | null; suggestions: string[] }[];
  warnings: { key: string; message: string; replacement: string | null }[];
  unknownKeys: string[];
  keys: {
    key: string;
    rule: string | null;
    followed: { name: string; namespace: { name: string } } | null;
    notFollowed: { name: string }[];
    parameters: { name: string; kind: string; value: string }[];
  }[];
}

describe('validateMetadata rules', () => {
  let t: TestApp;
  const rt = unique('Test::Rules');
  const ns = unique('Rules');
  const loose = unique('Loose');

  const validate = async (metadata: Record<string, unknown>, resourceType = rt): Promise<Validation> =>
    (await t.ok<{ validateMetadata: Validation }>(VALIDATE, { rt: resourceType, metadata })).validateMetadata;
  /** Whether one key/value is valid, and its errors' messages. */
  const verdict = async (key: string, value: unknown) => {
    const result = await validate({ [key]: value });
    return { valid: result.valid, errors: result.errors.map((error) => error.message) };
  };

  beforeAll(async () => {
    t = await startTestApp();
    await t.ok(`mutation { createTrait(name: "CUSTOM_RULES_GOLD") { created } }`);
    await t.ok(CREATE, {
      input: {
        name: ns,
        visibility: 'PUBLIC',
        complete: true,
        resourceTypeAssociations: [{ name: rt, prefix: 'x:' }],
        properties: [
          { name: 'flag', title: 'Flag', type: 'BOOLEAN' },
          { name: 'count', title: 'Count', type: 'INTEGER', minimum: 0, maximum: 100 },
          { name: 'mode', title: 'Mode', type: 'STRING', enum: ['fast', 'safe'] },
          { name: 'os', title: 'OS', type: 'STRING', enum: ['linux', 'windows'], caseInsensitive: true },
          { name: 'soft', title: 'Soft', type: 'BOOLEAN', lenient: true },
          {
            name: 'old_mode',
            title: 'Old mode',
            type: 'STRING',
            deprecated: { reason: 'Renamed.', replacement: 'x:mode' },
          },
          {
            name: 'cpus.{num}',
            title: 'CPUs of node',
            type: 'STRING',
            pattern: '^[0-9]+(-[0-9]+)?$',
            parameters: [{ name: 'num', kind: 'NUMBER' }],
          },
          // an exact name under a pattern: it wins
          { name: 'cpus.0', title: 'CPUs of node 0', type: 'INTEGER' },
          {
            name: 'res{group}:{rc}',
            title: 'Resource',
            type: 'INTEGER',
            minimum: 0,
            parameters: [
              { name: 'group', kind: 'GROUP' },
              { name: 'rc', kind: 'RESOURCE_CLASS' },
            ],
          },
          {
            name: 'trait{group}:{trait}',
            title: 'Trait',
            type: 'STRING',
            enum: ['required', 'forbidden'],
            parameters: [
              { name: 'group', kind: 'GROUP' },
              { name: 'trait', kind: 'TRAIT' },
            ],
          },
          {
            name: 'label:{text}',
            title: 'Label',
            type: 'STRING',
            parameters: [
              { name: 'text', kind: 'TEXT', pattern: '^[a-z]+$', description: 'Lower-case letters.' },
            ],
          },
        ],
      },
    });
    // Another, not complete namespace defining a key of the complete one differently, and one of its own.
    await t.ok(CREATE, {
      input: {
        name: loose,
        visibility: 'PUBLIC',
        resourceTypeAssociations: [{ name: rt, prefix: 'x:' }],
        properties: [
          { name: 'count', title: 'Count', type: 'INTEGER', maximum: 1000 },
          { name: 'extra', title: 'Extra', type: 'INTEGER' },
        ],
      },
    });
  });
  afterAll(() => t?.close());

  it.each([
    // booleans: oslo's strict bool_from_string
    ['x:flag', 'true', true],
    ['x:flag', 'FALSE', true],
    ['x:flag', 'Yes', true],
    ['x:flag', 'off', true],
    ['x:flag', '1', true],
    ['x:flag', ' t\n', true],
    ['x:flag', 'N', true],
    ['x:flag', true, true],
    ['x:flag', 'maybe', false],
    ['x:flag', '2', false],
    ['x:flag', '', false],
    // integers: Python's int()
    ['x:count', ' 7 ', true],
    ['x:count', '+3', true],
    ['x:count', '1_0', true],
    ['x:count', '007', true],
    ['x:count', '100', true],
    ['x:count', '101', false],
    ['x:count', '-1', false],
    ['x:count', '1__0', false],
    ['x:count', '3.0', false],
    ['x:count', '99999999999999999999999', false],
    // enums: exact, or in any case where the definition says so
    ['x:mode', 'fast', true],
    ['x:mode', 'Fast', false],
    ['x:mode', ' fast', false],
    ['x:os', 'LINUX', true],
    ['x:os', 'Windows', true],
    ['x:os', 'mac', false],
    // placeholders: exact names win over patterns, each kind checked
    ['x:cpus.3', '0-3', true],
    ['x:cpus.3', 'a', false],
    ['x:cpus.0', '4', true],
    ['x:cpus.0', '0-3', false],
    ['x:res:VCPU', '4', true],
    ['x:res1:CUSTOM_FPGA', '1', true],
    ['x:res_a-b:MEMORY_MB', '0', true],
    ['x:res:VCPU', '-1', false],
    ['x:resG:VCPUS', '1', false],
    ['x:trait:HW_CPU_X86_AVX2', 'required', true],
    ['x:trait2:CUSTOM_RULES_GOLD', 'forbidden', true],
    ['x:trait:HW_CPU_X86_AVX2', 'preferred', false],
    ['x:trait:CUSTOM_RULES_NONE', 'required', false],
    ['x:label:abc', 'anything', true],
    // complete: a stranger under the prefix is refused; outside it, unknown
    ['x:cuont', '1', false],
    ['y:anything', '1', true],
  ])('%s = %j: valid %s', async (key, value, valid) => {
    expect((await verdict(key, value)).valid).toBe(valid);
  });

  it('names an unknown trait or resource class and its placeholder', async () => {
    const result = await validate({ 'x:trait:CUSTOM_RULES_NONE': 'required', 'x:res:VCPUS': '1' });
    expect(result.errors).toEqual([
      {
        key: 'x:trait:CUSTOM_RULES_NONE',
        message: 'unknown trait CUSTOM_RULES_NONE (placeholder {trait})',
        parameter: 'trait',
        suggestions: [],
      },
      {
        key: 'x:res:VCPUS',
        message: 'unknown resource class VCPUS (placeholder {rc}): not a standard one nor CUSTOM_…',
        parameter: 'rc',
        suggestions: [],
      },
    ]);
    expect(result.keys[1].parameters).toEqual([
      { name: 'group', kind: 'GROUP', value: '' },
      { name: 'rc', kind: 'RESOURCE_CLASS', value: 'VCPUS' },
    ]);
  });

  it('refuses a stranger in a complete namespace with the nearest names, and lets one outside through', async () => {
    const result = await validate({ 'x:cuont': '1', 'x:extra': '5', 'z:free': '1' });
    expect(result.errors).toEqual([
      {
        key: 'x:cuont',
        message: `is not a key of the complete namespace ${ns}; did you mean x:count?`,
        parameter: null,
        suggestions: ['x:count'],
      },
      // x:extra is in the complete namespace's scope too: another namespace's definition does not make it a key
      expect.objectContaining({ key: 'x:extra', suggestions: [] }),
    ]);
    expect(result.unknownKeys).toEqual(['z:free']);
  });

  it('suggests names for the first 20 refused keys of a request only (the cost bound)', async () => {
    // 25 strangers first, then a typo that alone gets x:count (see above): it comes 26th, past the bound.
    const metadata: Record<string, string> = Object.fromEntries(
      Array.from({ length: 25 }, (_, i) => [`x:zz${i}`, '1']),
    );
    metadata['x:cuont'] = '1';
    const result = await validate(metadata);
    expect(result.errors).toHaveLength(26);
    expect(result.errors[25]).toMatchObject({ key: 'x:cuont', suggestions: [] });
    const alone = await validate({ 'x:zz0': '1', 'x:cuont': '1' });
    expect(alone.errors[1]).toMatchObject({ key: 'x:cuont', suggestions: ['x:count'] });
  });

  it("follows the complete namespace's definition over another's, and says so", async () => {
    const result = await validate({ 'x:count': '500' });
    expect(result.valid).toBe(false);
    expect(result.keys).toEqual([
      {
        key: 'x:count',
        rule: 'COMPLETE_NAMESPACE',
        followed: { name: 'x:count', namespace: { name: ns } },
        notFollowed: [{ name: 'x:count' }],
        parameters: [],
      },
    ]);
  });

  it('follows an exact name over a pattern of the same namespace, listing the pattern as not followed', async () => {
    const [check] = (await validate({ 'x:cpus.0': '4' })).keys;
    expect(check).toEqual({
      key: 'x:cpus.0',
      rule: 'ONLY',
      followed: { name: 'x:cpus.0', namespace: { name: ns } },
      notFollowed: [{ name: 'x:cpus.{num}' }],
      parameters: [],
    });
  });

  it('warns for a deprecated key and for a value a lenient definition accepts', async () => {
    const result = await validate({ 'x:old_mode': 'a', 'x:soft': 'whatever', 'x:flag': 'yes' });
    expect(result.valid).toBe(true);
    expect(result.warnings).toEqual([
      { key: 'x:old_mode', message: 'is deprecated: Renamed. Use x:mode instead.', replacement: 'x:mode' },
      {
        key: 'x:soft',
        message: expect.stringMatching(/^must be a boolean .*: accepted, but its reader ignores the value/),
        replacement: null,
      },
    ]);
  });

  it('reads an operator only when the plain value fails', async () => {
    expect(await verdict('x:label:abc', '<or> a <or> b')).toEqual({ valid: true, errors: [] });
    expect(await verdict('x:mode', '<or> fast <or> safe')).toEqual({
      valid: false,
      errors: ['operator <or> is not allowed for this property (it declares no operators)'],
    });
  });

  it('answers again once a trait it named is created or deleted (the cached answer follows the traits)', async () => {
    const trait = `CUSTOM_RULES_${Date.now().toString(36).toUpperCase()}`;
    const ask = () => validate({ [`x:trait:${trait}`]: 'required' });
    expect((await ask()).valid).toBe(false);
    await t.ok(`mutation ($name: String!) { createTrait(name: $name) { created } }`, { name: trait });
    expect((await ask()).valid).toBe(true);
    await t.ok(`mutation ($name: String!) { deleteTrait(name: $name) }`, { name: trait });
    expect((await ask()).valid).toBe(false);
  });

  it('answers in a constant number of statements, however many keys', async () => {
    const metadata = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`x:trait${i}:HW_CPU_X86_AVX2`, 'required']));
    const count = async (n: number) => {
      const { count: statements } = await t.app.database.counter.measure(() =>
        t.ok(VALIDATE, { rt, metadata: { ...metadata(n), 'x:cpus.1': '1', 'x:cuont': '1' } }),
      );
      return statements;
    };
    const few = await count(1);
    expect(await count(300)).toBe(few);
  });

  it('reads and writes parameters, deprecation, complete; refuses placeholders without parameters', async () => {
    const read = await t.ok(
      `query ($ns: String!) { namespace(name: $ns) { complete properties { name parameters { name kind pattern description } deprecated { reason replacement } caseInsensitive lenient } } }`,
      { ns },
    );
    expect(read.namespace.complete).toBe(true);
    const byName = Object.fromEntries(
      read.namespace.properties.map((p: { name: string }) => [p.name, p] as [string, unknown]),
    );
    expect(byName['label:{text}']).toMatchObject({
      parameters: [{ name: 'text', kind: 'TEXT', pattern: '^[a-z]+$', description: 'Lower-case letters.' }],
      deprecated: null,
    });
    expect(byName.old_mode).toMatchObject({ deprecated: { reason: 'Renamed.', replacement: 'x:mode' } });
    expect(byName.os).toMatchObject({ caseInsensitive: true, parameters: [] });

    const bad = (properties: unknown[]) =>
      t.gql(CREATE, { input: { name: unique('Bad'), resourceTypeAssociations: [{ name: rt }], properties } });
    const fields = async (properties: unknown[]) => {
      const extensions = (await bad(properties)).errors?.[0]?.extensions;
      const errors = extensions?.errors as { field: string }[] | undefined;
      return errors ? errors.map((e) => e.field) : [extensions?.field];
    };
    expect(await fields([{ name: 'a.{n}', title: 'A', type: 'STRING' }])).toEqual([
      'input.properties.0.parameters',
    ]);
    expect(
      await fields([{ name: 'a', title: 'A', type: 'STRING', parameters: [{ name: 'n', kind: 'NUMBER' }] }]),
    ).toEqual(['input.properties.0.parameters.0.name']);
    expect(
      await fields([
        { name: 'a{n}', title: 'A', type: 'STRING', parameters: [{ name: 'n', kind: 'TEXT', pattern: '(' }] },
      ]),
    ).toEqual(['input.properties.0.parameters.0.pattern']);
    expect(await fields([{ name: 'a{', title: 'A', type: 'STRING' }])).toEqual(['input.properties.0.name']);
    expect(await fields([{ name: 'a', title: 'A', type: 'INTEGER', caseInsensitive: true }])).toEqual([
      'input.properties.0.caseInsensitive',
    ]);
  });

  it('loads and exports complete, parameters and deprecated in Glance files', async () => {
    const admin = await t.app.contextFor(headersOf(ADMIN));
    const name = unique('Loaded');
    const doc = {
      namespace: name,
      visibility: 'public' as const,
      protected: false,
      complete: true,
      owner: 'admin',
      resource_type_associations: [{ name: rt, prefix: 'l:' }],
      properties: {
        'n.{num}': {
          type: 'integer' as const,
          title: 'N',
          parameters: [{ name: 'num', kind: 'number' }],
          deprecated: { reason: 'Old.', replacement: 'l:m' },
        },
      },
    };
    await metadefsService.loadDocument(admin, doc);
    const exported = (await metadefsService.exportAll(admin)).find((item) => item.namespace === name);
    expect(exported).toEqual(doc);
    // In Glance's own format (metadefs export --glance): our keys and parameterized properties left out.
    const leftOut: string[] = [];
    expect(asGlanceDocument(exported!, leftOut)).toEqual({
      namespace: name,
      visibility: 'public',
      protected: false,
      owner: 'admin',
      resource_type_associations: [{ name: rt, prefix: 'l:' }],
      properties: {},
    });
    expect(leftOut).toEqual([`${name}: n.{num} (parameterized)`]);
    expect(await verdict('l:n.7', '3')).toEqual({ valid: true, errors: [] });
    expect(await verdict('l:m', '3')).toMatchObject({ valid: false });
  });
});

describe("the default seeds: Nova's definitions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const validate = async (resourceType: string, metadata: Record<string, unknown>): Promise<Validation> =>
    (await t.ok<{ validateMetadata: Validation }>(VALIDATE, { rt: resourceType, metadata })).validateMetadata;

  it('refuse a misspelt flavor extra spec with the key meant, and the keys only Glance spells', async () => {
    const result = await validate('OS::Nova::Flavor', {
      'hw:cpu_polciy': 'dedicated',
      'hw:cpu_max_sockets': '2',
      'hw:max_cpu_sockets': '2',
      'hw:cpu_policy': 'mixed',
      'hw:boot_menu': 'Yes',
      'my:key': 'x',
    });
    expect(result.errors.map((error) => [error.key, error.suggestions])).toEqual([
      ['hw:cpu_polciy', ['hw:cpu_policy']],
      ['hw:cpu_max_sockets', ['hw:max_cpu_sockets']],
    ]);
    expect(result.unknownKeys).toEqual(['my:key']);
  });

  it('warn for a deprecated extra spec and a legacy image property, with their replacements', async () => {
    const flavor = await validate('OS::Nova::Flavor', { hide_hypervisor_id: 'true' });
    expect(flavor.warnings.map((w) => w.replacement)).toEqual(['hw:hide_hypervisor_id']);
    const image = await validate('OS::Glance::Image', { architecture: 'X86_64', hw_boot_menu: 'sure' });
    expect(image.valid).toBe(true);
    expect(image.warnings.map((w) => [w.key, w.replacement])).toEqual([
      ['architecture', 'hw_architecture'],
      ['hw_boot_menu', null],
    ]);
  });

  it('read resources and traits of any request group', async () => {
    const result = await validate('OS::Nova::Flavor', {
      'resources1:VCPU': '2',
      'resources_gpu:CUSTOM_GPU': '1',
      'trait1:HW_CPU_X86_AVX2': 'required',
      'trait:NOT_A_TRAIT': 'required',
    });
    expect(result.errors.map((error) => [error.key, error.parameter])).toEqual([
      ['trait:NOT_A_TRAIT', 'trait'],
    ]);
  });
});

describe('searchProperties and deprecation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('ranks deprecated definitions last, however relevant', async () => {
    const rt = unique('Test::Search');
    const word = `zq${Date.now().toString(36)}`;
    await t.ok(CREATE, {
      input: {
        name: unique('Dep'),
        visibility: 'PUBLIC',
        resourceTypeAssociations: [{ name: rt }],
        properties: [
          // the name holds the word: the best tier, but deprecated
          { name: `${word}_old`, title: 'Old', type: 'STRING', deprecated: { reason: 'Gone.' } },
          // only the description holds it
          { name: 'other', title: 'Other', type: 'STRING', description: `about ${word}` },
        ],
      },
    });
    const { searchProperties } = await t.ok(
      `query ($q: String!, $rt: String) { searchProperties(query: $q, resourceType: $rt) { nodes { property { name deprecated { reason } } } } }`,
      { q: word, rt },
    );
    expect(searchProperties.nodes.map((hit: { property: { name: string } }) => hit.property.name)).toEqual([
      'other',
      `${word}_old`,
    ]);
  });
});
