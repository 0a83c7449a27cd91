import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';

/** mulberry32: a small seeded PRNG, so that a failing case reproduces from its seed and number. */
export function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return {
    next,
    int,
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[int(items.length)],
  };
}
export type Random = ReturnType<typeof prng>;

/** Values of the running service that make a request reach deeper than a NOT_FOUND (names, uuids, ids). */
export interface Plausible {
  strings: string[];
  uuids: string[];
  ids: string[];
  cursors: string[];
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** Text no correct service stores or echoes as is; none of it looks like SQL or a file path (see LEAK). */
function hostileString(random: Random, plausible: Plausible): string {
  const base = random.pick(plausible.strings);
  switch (random.int(16)) {
    case 0:
      return '';
    case 1:
      return 'x'.repeat(random.pick([256, 4097, 65_536, 200_000]));
    case 2:
      return `${base}\u0000`;
    case 3:
      return `${base.slice(0, 3)}\u0001\u001f\u007f\n\t\r${base.slice(3)}`;
    case 4:
      return random.pick([`${base}\ud800`, `\udc00${base}`, `a\ud800x`, '\udfff\ud800']);
    case 5:
      return random.pick(["' OR 1=1 --", '%', '_', '\\', '%_\\%', '"quoted"', "it's", '$1', '::', ':']);
    case 6:
      return random.pick(['😀'.repeat(70), 'é'.repeat(300), '\u202e\u200b', '\ufeff', ' ', '  padded  ']);
    case 7:
      // A forged cursor: of a list (right shape, wrong values) or garbage.
      return b64(
        JSON.stringify(
          random.pick([
            ['namespaces:name:ASC', '\u0000', 1],
            ['traits', 'a', -1],
            ['o', 'x', 1e308],
            ['traits', { a: 1 }, 1],
            [null, null, null],
            'x',
            [],
          ]),
        ),
      );
    case 8:
      return random.pick(['!!!', '====', 'a', b64('\u0000'), b64('\ud800'), b64('x'.repeat(1000))]);
    case 9:
      // A forged global id: a real type with a wrong key, or no type at all.
      return b64(
        random.pick([
          'Namespace:\u0000',
          'Trait:',
          'Namespace:-1',
          'ResourceProvider:99999999999999999999999',
          'Resource:not-a-uuid',
          'PropertyDefinition:1:2:3',
          'MetadefTag:1e400',
          'Nope:1',
          ':1',
          'Namespace:1\ud800',
        ]),
      );
    case 10:
      return random.pick(plausible.cursors);
    case 11:
      return random.pick(plausible.ids);
    case 12:
      return random.pick(['00000000-0000-0000-0000-000000000000', 'ZZZZZZZZ-0000-0000-0000-000000000000']);
    case 13:
      return random.pick(['CUSTOM_', 'CUSTOM_A', 'HW_CPU_X86_AVX2', 'OS::Nova::Flavor', 'OS::Glance::Image']);
    case 14:
      return `${base}${random.int(1000)}`;
    default:
      return base;
  }
}

function hostileNumber(random: Random, integer: boolean): unknown {
  const value = random.pick([
    0,
    -1,
    1,
    2,
    50,
    500,
    501,
    2147483647,
    -2147483648,
    2147483648,
    Number.MAX_SAFE_INTEGER,
    1e308,
    -1e308,
    1.5,
    5e-324,
  ]);
  return integer && random.chance(0.7) ? Math.trunc(value) : value;
}

/** A JSON value: plain, deep (up to 10,000 levels), wide, or with unstorable text in keys and values. */
function hostileJson(random: Random, plausible: Plausible): unknown {
  switch (random.int(8)) {
    case 0: {
      const depth = random.pick([10, 63, 65, 200, 10_000]);
      if (depth > 1000) return `__DEEP_${depth}__`;
      let value: unknown = 1;
      for (let i = 0; i < depth; i += 1) value = random.chance(0.5) ? { a: value } : [value];
      return value;
    }
    case 1:
      return Object.fromEntries(Array.from({ length: random.pick([501, 2000]) }, (_, i) => [`k${i}`, i]));
    case 2:
      return { [hostileString(random, plausible)]: hostileString(random, plausible) };
    case 3:
      return { hw_cpu_cores: random.pick(['4', 4, -1, 1e308, true, null, [], ['<or>', '1'], { x: 1 }]) };
    case 4:
      return random.pick([null, 0, 'text', true, [], {}, [1, 'a', null]]);
    case 5:
      return { __proto__: { polluted: true }, constructor: 'x', toString: 1 };
    case 6:
      return { hw_mem_page_size: 'large', os_distro: 'ubuntu', 'a:b': 'c' };
    default:
      return { [random.pick(plausible.strings)]: hostileString(random, plausible) };
  }
}

/** A well-formed (version 4) UUID from the seeded PRNG. */
function randomUuid(random: Random): string {
  const hex = Array.from({ length: 32 }, () => random.int(16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

const JUNK: unknown[] = [1, -1, 1.5, true, 'x', '', [], {}, [null], { a: 1 }, null];

/** A value for an argument or input field of this type: mostly plausible, often hostile, sometimes wrong. */
export function fuzzValue(type: GraphQLInputType, random: Random, plausible: Plausible, depth = 0): unknown {
  if (random.chance(0.06)) return random.pick(JUNK);
  if (isNonNullType(type)) return fuzzValue(type.ofType, random, plausible, depth);
  if (random.chance(0.05)) return null;
  if (isListType(type)) {
    const length = random.pick([0, 1, 2, 3, 5, 501, 10_000]);
    if (length > 10) {
      // A long list of one small value (10,000 random values, some of 200,000 characters, would be gigabytes).
      let item = fuzzValue(type.ofType, random, plausible, depth + 1);
      if (typeof item === 'string') item = item.slice(0, 40);
      else if ((JSON.stringify(item) ?? '').length > 200) item = null;
      return Array.from({ length }, (_, i) => (typeof item === 'string' ? `${item}${i}` : item));
    }
    return Array.from({ length }, () => fuzzValue(type.ofType, random, plausible, depth + 1));
  }
  if (isInputObjectType(type)) {
    if (depth > 4) return {};
    const value: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) {
      if (isNonNullType(field.type) || random.chance(0.5))
        value[field.name] = fuzzValue(field.type, random, plausible, depth + 1);
    }
    if (random.chance(0.05)) value.unknownField = 1;
    return value;
  }
  if (isEnumType(type)) {
    return random.chance(0.9) ? random.pick(type.getValues()).name : random.pick(['NOPE', 'asc', '']);
  }
  if (!isScalarType(type)) return null;
  switch (type.name) {
    case 'Int':
      return hostileNumber(random, true);
    case 'Float':
      return hostileNumber(random, false);
    case 'Boolean':
      return random.chance(0.9) ? random.chance(0.5) : 'true';
    case 'UUID':
      return random.chance(0.6) && plausible.uuids.length
        ? random.pick(plausible.uuids)
        : random.chance(0.5)
          ? randomUuid(random)
          : hostileString(random, plausible);
    case 'DateTime':
      return random.pick(['2020-01-01T00:00:00Z', 'yesterday', '9999-99-99T00:00:00Z', '']);
    case 'JSON':
      return hostileJson(random, plausible);
    case 'ID':
      return random.chance(0.5) ? random.pick(plausible.ids) : hostileString(random, plausible);
    default:
      return hostileString(random, plausible);
  }
}

/** A value as a GraphQL literal, as a GraphiQL user writes it (enum values bare where the type says enum). */
export function literal(value: unknown, type: GraphQLInputType | undefined): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) {
    const itemType = type && (isNonNullType(type) ? type.ofType : type);
    const ofType = itemType && isListType(itemType) ? itemType.ofType : itemType;
    return `[${value.map((item) => literal(item, ofType)).join(', ')}]`;
  }
  // The named type only where it matters (objects, enum values): a fuzzed list has up to 10,000 items.
  if (typeof value === 'object') {
    const named = type && getNamedType(type);
    const fields = named && isInputObjectType(named) ? named.getFields() : undefined;
    const entries = Object.entries(value).map(
      ([key, item]) =>
        `${/^[_A-Za-z][_0-9A-Za-z]*$/.test(key) ? key : JSON.stringify(key)}: ${literal(item, fields?.[key]?.type)}`,
    );
    return `{${entries.join(', ')}}`;
  }
  if (
    typeof value === 'string' &&
    type &&
    isEnumType(getNamedType(type)) &&
    /^[_A-Za-z][_0-9A-Za-z]*$/.test(value)
  )
    return value;
  if (typeof value === 'number' && !Number.isFinite(value)) return '0';
  return JSON.stringify(value);
}

/** The selection of a field's result: __typename and its argument-free leaf fields (which run resolvers). */
export function selection(field: GraphQLField<unknown, unknown>): string {
  const type = getNamedType(field.type);
  if (isLeafType(type)) return '';
  const leaves = isObjectType(type)
    ? Object.values(type.getFields())
        .filter((f) => f.args.every((arg) => !isNonNullType(arg.type)) && isLeafType(getNamedType(f.type)))
        .map((f) => f.name)
    : [];
  return ` { __typename ${leaves.join(' ')} }`;
}

/**
 * The body of a request for an operation. A JSON value deeper than JSON.stringify can write (fuzzValue gives
 * it as "__DEEP_<depth>__") is written here: as JSON in the variables, as a GraphQL literal inline.
 */
export function requestBody(operation: FuzzOperation): string {
  return JSON.stringify(operation)
    .replace(
      /\\"__DEEP_(\d+)__\\"/g,
      (_, depth: string) => `${'{a: '.repeat(Number(depth))}1${'}'.repeat(Number(depth))}`,
    )
    .replace(
      /"__DEEP_(\d+)__"/g,
      (_, depth: string) => `${'{"a":'.repeat(Number(depth))}1${'}'.repeat(Number(depth))}`,
    );
}

export interface FuzzOperation {
  query: string;
  variables?: Record<string, unknown>;
  /** Absent, null, or a name (of an operation of the document, or of none). */
  operationName?: string | null;
}

/** One operation on one root field with fuzzed arguments, as variables or written inline. */
export function fuzzOperation(
  kind: 'query' | 'mutation' | 'subscription',
  field: GraphQLField<unknown, unknown>,
  random: Random,
  plausible: Plausible,
  inline: boolean,
): FuzzOperation {
  const args = field.args.filter((arg) => isNonNullType(arg.type) || random.chance(0.6));
  const values = args.map((arg) => fuzzValue(arg.type, random, plausible));
  if (inline) {
    const written = args.map((arg, i) => `${arg.name}: ${literal(values[i], arg.type)}`);
    const list = written.length ? `(${written.join(', ')})` : '';
    return { query: `${kind} { ${field.name}${list}${selection(field)} }` };
  }
  const definitions = args.map((arg) => `$${arg.name}: ${String(arg.type)}`);
  const uses = args.map((arg) => `${arg.name}: $${arg.name}`);
  const query =
    `${kind}${definitions.length ? `(${definitions.join(', ')})` : ''} ` +
    `{ ${field.name}${uses.length ? `(${uses.join(', ')})` : ''}${selection(field)} }`;
  return { query, variables: Object.fromEntries(args.map((arg, i) => [arg.name, values[i]])) };
}

/**
 * The operation with operation names fuzzed: named or anonymous, alone, beside a second operation, or replaced by a
 * document of no operation; the request's `operationName` absent, null, naming one of them, naming none, or empty.
 * `picks` says whether the request selects an operation to run (graphql-js's rule: a name picks the one operation
 * of that name; no name, the only operation; an anonymous operation beside another fails validation). A request
 * that picks none must run nothing: refused before execution, whatever its operations would have written.
 */
export function withOperationNames(
  operation: FuzzOperation,
  random: Random,
): { operation: FuzzOperation; picks: boolean } {
  const named = random.chance(0.5);
  const shape = random.pick(['alone', 'alone', 'beside', 'none'] as const);
  const own = named
    ? operation.query.replace(/^(query|mutation|subscription)/, '$1 Fuzzed')
    : operation.query;
  const query =
    shape === 'none'
      ? random.pick(['fragment Only on Query { __typename }', '', '# only a comment'])
      : shape === 'beside'
        ? `${own} query Other { __typename }`
        : own;
  const operationName = random.pick([undefined, null, 'Fuzzed', 'Other', 'Nope', ''] as const);
  const names =
    shape === 'none'
      ? []
      : shape === 'beside'
        ? [named ? 'Fuzzed' : null, 'Other']
        : [named ? 'Fuzzed' : null];
  const valid = !(shape === 'beside' && !named);
  const picks =
    valid &&
    (operationName == null
      ? names.length === 1
      : names.filter((name) => name === operationName).length === 1);
  const fuzzed: FuzzOperation = { ...operation, query };
  if (operationName !== undefined) fuzzed.operationName = operationName;
  return { operation: fuzzed, picks };
}
