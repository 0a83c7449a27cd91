import { createNamespace } from './support/factories';
import { createProvider, createTraits, customTrait } from './support/placement';
import { createResource } from './support/resource-factories';
import { startTestApp, unique, type TestApp } from './support/test-app';

/**
 * Every connection field against forged cursors: whatever a client puts in `after` / `before` (NUL, lone
 * surrogates, another JSON shape, other types, numbers past what a column holds, timestamps the database cannot
 * read, another list's cursor) is BAD_USER_INPUT with `extensions.field` naming the argument, never
 * INTERNAL_SERVER_ERROR. Cursors are opaque to clients; these are what a forger can send.
 */
jest.setTimeout(300_000);

interface Connection {
  name: string;
  query: string;
  field: string;
  variables?: Record<string, unknown>;
  forwardOnly?: boolean;
}

const PAGE = `edges { cursor } pageInfo { endCursor }`;
const BOTH = `$first: Int, $after: String, $last: Int, $before: String`;
const BOTH_ARGS = `first: $first, after: $after, last: $last, before: $before`;
const FORWARD = `$first: Int, $after: String`;
const FORWARD_ARGS = `first: $first, after: $after`;

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const forge = (value: unknown) => b64(JSON.stringify(value));

/** Values that no position of a cursor of ours may hold, by what the position holds in a genuine cursor. */
function badValuesFor(genuine: unknown): unknown[] {
  if (typeof genuine === 'boolean') return [null, {}, [], [genuine], String(genuine), 0, 1, 'x\u0000'];
  const common = [null, {}, [], true, [genuine]];
  if (typeof genuine === 'number') {
    return [
      ...common,
      String(genuine),
      genuine + 0.5,
      0,
      -1,
      -(2 ** 31) - 1,
      2 ** 31,
      2 ** 53,
      2 ** 53 + 2,
      1e308,
    ];
  }
  const text = String(genuine);
  const strings = [`${text}\u0000`, '\u0000', `${text}\ud800`, '\udc00x', 1, 0];
  // A timestamp position: only the exact form our cursors hold, within what PostgreSQL reads.
  if (/^\d{4}-\d\d-\d\dT/.test(text)) {
    strings.push(
      '2020',
      'Tue, 01 Jan 2030 00:00:00 GMT',
      '0000-01-01T00:00:00.000Z',
      '-271821-04-20T00:00:00.000Z',
      '+275760-09-13T00:00:00.000Z',
      '2020-13-45T00:00:00.000Z',
      `${text.slice(0, -1)}+01:00`,
    );
  }
  return [...common, ...strings];
}

/** Cursors of every kind of wrong, built from a genuine one of the list (and the tags of the other lists). */
function forgeries(genuine: string, otherTags: string[]): string[] {
  const parts = JSON.parse(Buffer.from(genuine, 'base64url').toString('utf8')) as unknown[];
  expect(Array.isArray(parts)).toBe(true);
  const forged: string[] = [
    '',
    '!!',
    'not a cursor',
    '\u0000',
    `${genuine}\u0000`,
    b64('['),
    b64('\u0000'),
    Buffer.from([0xff, 0xfe, 0x5b, 0x5d]).toString('base64url'),
    b64(`["${String(parts[0])}\u0000"]`),
    forge(null),
    forge({}),
    forge('x'),
    forge(42),
    forge([]),
    forge(parts.slice(0, -1)),
    forge([...parts, 1]),
    forge(Object.fromEntries(parts.map((part, index) => [index, part]))),
    b64(JSON.stringify(parts).replace(/,[^,]*\]$/, ',1e400]')),
    b64(JSON.stringify(parts).replace(/,[^,]*\]$/, ',-1e400]')),
  ];
  parts.forEach((part, index) => {
    for (const bad of badValuesFor(part)) forged.push(forge(parts.map((p, i) => (i === index ? bad : p))));
  });
  // Another list's cursor, or this list's under another order: the first element names where it was made.
  for (const tag of otherTags) {
    forged.push(forge([tag, ...parts.slice(1)]));
    forged.push(forge(['o', tag, ...parts.slice(1)]));
  }
  return [...new Set(forged)];
}

describe('forged cursors on every connection', () => {
  let t: TestApp;
  const connections: Connection[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    const owner = unique('forge');
    const rt = unique('OS::Forge::Type');
    const namespaceNames: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      namespaceNames.push(
        await createNamespace(t, {
          owner,
          displayName: i ? `Forge ${i}` : undefined,
          protected: i === 1,
          resourceTypeAssociations: [{ name: rt }],
          properties: [{ name: `zqforge_${i}`, title: 'Forge', type: 'STRING' }],
          tags: ['forge-b', 'Forge-A', 'forge-c'],
        }),
      );
    }
    const traits = [0, 1, 2].map((i) => `${customTrait('FORGE')}_${i}`);
    await createTraits(t, traits);
    const root = await createProvider(t, { name: unique('forge') });
    await createProvider(t, { name: unique('forge'), parentUuid: root.uuid });
    const projectId = unique('forge');
    await createResource(t, { projectId, tags: ['forge-a', 'forge-b'] });
    await createResource(t, { projectId, tags: ['forge-c'] });
    const { resourceTypes } = await t.ok(`{ resourceTypes { id name } }`);
    const typeId = resourceTypes.find((type: { name: string }) => type.name === rt).id;

    const namespaces = (orderBy: Record<string, string>): Connection => ({
      name: `namespaces ordered by ${orderBy.field} ${orderBy.direction}`,
      query: `query (${BOTH}, $filter: NamespaceFilter, $orderBy: NamespaceOrder) {
        namespaces(${BOTH_ARGS}, filter: $filter, orderBy: $orderBy) { ${PAGE} } }`,
      field: 'namespaces',
      variables: { filter: { owner }, orderBy },
    });
    connections.push(
      namespaces({ field: 'NAME', direction: 'ASC' }),
      namespaces({ field: 'NAME', direction: 'DESC' }),
      namespaces({ field: 'CREATED_AT', direction: 'ASC' }),
      namespaces({ field: 'UPDATED_AT', direction: 'DESC' }),
      namespaces({ field: 'DISPLAY_NAME', direction: 'ASC' }),
      namespaces({ field: 'PROTECTED', direction: 'ASC' }),
      namespaces({ field: 'PROTECTED', direction: 'DESC' }),
      namespaces({ field: 'VISIBILITY', direction: 'ASC' }),
      namespaces({ field: 'OWNER', direction: 'DESC' }),
      ...[
        { field: 'NAME', direction: 'ASC' },
        { field: 'CREATED_AT', direction: 'DESC' },
      ].map((orderBy) => ({
        name: `Namespace.tagConnection ordered by ${orderBy.field} ${orderBy.direction}`,
        query: `query ($ns: String!, ${BOTH}, $orderBy: MetadefTagOrder) {
          namespace(name: $ns) { tagConnection(${BOTH_ARGS}, orderBy: $orderBy) { ${PAGE} } } }`,
        field: 'namespace.tagConnection',
        variables: { ns: namespaceNames[0], orderBy },
      })),
      {
        name: 'ResourceType.namespaces',
        query: `query ($id: ID!, ${BOTH}) { node(id: $id) { ... on ResourceType { namespaces(${BOTH_ARGS}) { ${PAGE} } } } }`,
        field: 'node.namespaces',
        variables: { id: typeId },
      },
      {
        name: 'traits',
        query: `query (${BOTH}, $filter: TraitFilter) { traits(${BOTH_ARGS}, filter: $filter) { ${PAGE} } }`,
        field: 'traits',
        variables: { filter: { names: traits } },
      },
      {
        name: 'resourceProviders',
        query: `query (${BOTH}, $filter: ResourceProviderFilter) { resourceProviders(${BOTH_ARGS}, filter: $filter) { ${PAGE} } }`,
        field: 'resourceProviders',
        variables: { filter: { inTree: root.uuid } },
      },
      {
        name: 'resources',
        query: `query (${BOTH}, $filter: ResourceFilter) { resources(${BOTH_ARGS}, filter: $filter) { ${PAGE} } }`,
        field: 'resources',
        variables: { filter: { projectId } },
      },
      {
        name: 'resourceTagUsage',
        query: `query (${FORWARD}, $filter: ResourceTagUsageFilter) { resourceTagUsage(${FORWARD_ARGS}, filter: $filter) { ${PAGE} } }`,
        field: 'resourceTagUsage',
        variables: { filter: { projectId } },
        forwardOnly: true,
      },
      {
        name: 'searchProperties',
        query: `query (${FORWARD}) { searchProperties(query: "zqforge", ${FORWARD_ARGS}) { ${PAGE} } }`,
        field: 'searchProperties',
        forwardOnly: true,
      },
      {
        name: 'changes',
        query: `query (${FORWARD}) { changes(${FORWARD_ARGS}, filter: { types: ["Trait"] }) { ${PAGE} } }`,
        field: 'changes',
        forwardOnly: true,
      },
      {
        name: 'Trait.history',
        query: `query ($name: String!, ${FORWARD}) { trait(name: $name) { history(${FORWARD_ARGS}) { ${PAGE} } } }`,
        field: 'trait.history',
        variables: { name: traits[0] },
        forwardOnly: true,
      },
      {
        name: 'Node.history',
        query: `query ($id: ID!, ${FORWARD}) { node(id: $id) { ... on Node { history(${FORWARD_ARGS}) { ${PAGE} } } } }`,
        field: 'node.history',
        variables: { id: typeId },
        forwardOnly: true,
      },
    );
  });
  afterAll(() => t.close());

  it('covers every connection field of the schema', async () => {
    const { __schema } = await t.ok(
      `{ __schema { types { name fields { name type { kind name ofType { name } } } } } }`,
    );
    const fields = new Set<string>();
    for (const type of __schema.types) {
      for (const field of type.fields ?? []) {
        const named = field.type.ofType?.name ?? field.type.name;
        if (named?.endsWith('Connection') && !type.name.startsWith('__'))
          fields.add(`${type.name}.${field.name}`);
      }
    }
    // history: every node type's, and the Node interface's (the rows above page two of them; one resolver).
    const histories = [
      'DiscoveredProperty',
      'MetadefObject',
      'MetadefTag',
      'Namespace',
      'Node',
      'PropertyDefinition',
      'Resource',
      'ResourceProvider',
      'ResourceType',
      'Trait',
    ].map((type) => `${type}.history`);
    expect([...fields].sort()).toEqual(
      [
        ...histories,
        'Query.changes',
        'Namespace.tagConnection',
        'Query.namespaces',
        'Query.resourceProviders',
        'Query.resourceTagUsage',
        'Query.resources',
        'Query.searchProperties',
        'Query.traits',
        'ResourceType.namespaces',
      ].sort(),
    );
  });

  it('answers BAD_USER_INPUT naming after / before for every forged cursor, and pages with the genuine one', async () => {
    const genuine = new Map<Connection, string>();
    const valueAt = (data: Record<string, unknown>, field: string) =>
      field.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], data) as {
        edges: { cursor: string }[];
        pageInfo: { endCursor: string };
      };
    for (const connection of connections) {
      const data = await t.ok(connection.query, { ...connection.variables, first: 1 });
      const cursor = valueAt(data, connection.field).pageInfo.endCursor;
      expect(typeof cursor).toBe('string');
      genuine.set(connection, cursor);
      // The genuine cursor works both ways.
      await t.ok(connection.query, { ...connection.variables, first: 1, after: cursor });
      if (!connection.forwardOnly)
        await t.ok(connection.query, { ...connection.variables, last: 1, before: cursor });
    }
    const tags = (connection: Connection) => {
      const parts = JSON.parse(
        Buffer.from(genuine.get(connection)!, 'base64url').toString('utf8'),
      ) as unknown[];
      return parts[0] === 'o' ? String(parts[1]) : String(parts[0]);
    };
    const failures: string[] = [];
    let tried = 0;
    for (const connection of connections) {
      const others = connections.filter((other) => tags(other) !== tags(connection)).map(tags);
      for (const cursor of forgeries(genuine.get(connection)!, [...new Set(others)])) {
        const directions = connection.forwardOnly
          ? [{ first: 1, after: cursor, field: 'after' }]
          : [
              { first: 1, after: cursor, field: 'after' },
              { last: 1, before: cursor, field: 'before' },
            ];
        for (const { field, ...args } of directions) {
          tried += 1;
          const result = await t.gql(connection.query, { ...connection.variables, ...args });
          const error = result.errors?.[0];
          if (error?.extensions?.code !== 'BAD_USER_INPUT' || error.extensions.field !== field) {
            const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
            failures.push(
              `${connection.name} ${field}=${JSON.stringify(cursor)} (${JSON.stringify(decoded)}): ${JSON.stringify(error?.extensions ?? result.data)}`,
            );
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  });
});
