import { ApolloClient, ApolloLink, InMemoryCache, gql, type TypedDocumentNode } from '@apollo/client';
import { print } from 'graphql';
import { from } from 'rxjs';
import { createNamespace } from './support/factories';
import { createResource } from './support/resource-factories';
import { ADMIN, project, startTestApp, unique, type Data, type TestApp, type Who } from './support/test-app';

const FLAVOR = 'OS::Nova::Flavor';
const IMAGE = 'OS::Glance::Image';
/** Associated without a prefix: its view is the plain namespace. */
const SERVER = 'OS::Nova::Server';
const OWNER = project('p-views');

/** What a frontend loads for a namespace, as seen for a resource type (or plain). Fields the API always had. */
const VIEW: TypedDocumentNode<Data, { name: string; rt: string | null }> = gql`
  query View($name: String!, $rt: String) {
    namespace(name: $name, resourceType: $rt) {
      id
      name
      properties {
        id
        name
        title
      }
      objects {
        id
        name
        required
        properties {
          id
          name
        }
      }
    }
  }
`;

const NODE = `query ($id: ID!) {
  node(id: $id) {
    id
    ... on Namespace { name view { resourceType prefix } properties { id name } }
    ... on MetadefObject { name required view { resourceType prefix } properties { id name } }
    ... on PropertyDefinition { name storedName view { resourceType prefix } }
  }
}`;

/** A real Apollo Client with a normalized cache, whose link executes operations through the test server. */
function clientOf(t: TestApp, who: Who = ADMIN) {
  return new ApolloClient({
    cache: new InMemoryCache(),
    link: new ApolloLink((operation) =>
      from(t.gql(print(operation.query), operation.variables, who) as Promise<ApolloLink.Result>),
    ),
  });
}

/** The names a view shows: namespace properties, then each object's required and property names. */
function namesOf(namespace: Data) {
  return {
    properties: namespace.properties.map((property: Data) => property.name),
    objects: namespace.objects.map((object: Data) => ({
      required: object.required,
      properties: object.properties.map((property: Data) => property.name),
    })),
  };
}

const expected = (prefix: string) => ({
  properties: [`${prefix}view_cores`, `${prefix}view_sockets`],
  objects: [{ required: [`${prefix}view_threads`], properties: [`${prefix}view_threads`] }],
});

/** Every id a view holds: the namespace's, its properties', its objects' and their properties'. */
function idsOf(namespace: Data): string[] {
  return [
    namespace.id,
    ...namespace.properties.map((property: Data) => property.id),
    ...namespace.objects.flatMap((object: Data) => [
      object.id,
      ...object.properties.map((property: Data) => property.id),
    ]),
  ];
}

describe('catalog: resource type views have ids of their own', () => {
  let t: TestApp;
  let name: string;
  beforeAll(async () => {
    t = await startTestApp({ DISCOVERY_ALLOW_ALL_USERS: 'true' });
    name = await createNamespace(t, {
      name: unique('Views'),
      visibility: 'PRIVATE',
      owner: OWNER.project,
      resourceTypeAssociations: [
        { name: FLAVOR, prefix: 'hw:' },
        { name: IMAGE, prefix: 'hw_' },
        { name: SERVER },
      ],
      properties: [
        { name: 'view_sockets', title: 'Sockets', type: 'INTEGER' },
        { name: 'view_cores', title: 'Cores', type: 'INTEGER' },
      ],
      objects: [
        {
          name: 'Threads',
          required: ['view_threads'],
          properties: [{ name: 'view_threads', title: 'Threads', type: 'INTEGER' }],
        },
      ],
    });
  });
  afterAll(() => t.close());

  const load = async (rt: string | null, who: Who = ADMIN) =>
    (await t.ok(print(VIEW), { name, rt }, who)).namespace;

  it('a normalized cache (Apollo InMemoryCache) shows the flavor, image and plain views right after loading all', async () => {
    const client = clientOf(t);
    const views: [string | null, ReturnType<typeof expected>][] = [
      [FLAVOR, expected('hw:')],
      [IMAGE, expected('hw_')],
      [null, expected('')],
      [SERVER, expected('')],
    ];
    for (const [rt, names] of views) {
      const { data } = await client.query({
        query: VIEW,
        variables: { name, rt },
        fetchPolicy: 'network-only',
      });
      expect(namesOf(data.namespace)).toEqual(names);
    }
    // read back from the cache alone, after every view was written to it
    for (const [rt, names] of views) {
      const cached = client.readQuery({ query: VIEW, variables: { name, rt } });
      expect(namesOf(cached.namespace)).toEqual(names);
    }
    const { data } = await client.query({
      query: VIEW,
      variables: { name, rt: FLAVOR },
      fetchPolicy: 'cache-only',
    });
    expect(namesOf(data.namespace)).toEqual(expected('hw:'));
  });

  it('ids differ between views that apply a prefix; the plain view keeps its ids; all are stable', async () => {
    const [flavor, image, plain, server] = await Promise.all([
      load(FLAVOR),
      load(IMAGE),
      load(null),
      load(SERVER),
    ]);
    const ids = [flavor, image, plain].map(idsOf);
    expect(new Set(ids.flat()).size).toBe(3 * ids[0].length);
    expect(idsOf(server)).toEqual(ids[2]);
    expect(idsOf(await load(FLAVOR))).toEqual(ids[0]);
    expect(idsOf(await load(IMAGE, OWNER))).toEqual(ids[1]);
  });

  it('node(id) gives each view back as it was loaded, with view and storedName relating the views', async () => {
    for (const [rt, prefix] of [
      [FLAVOR, 'hw:'],
      [IMAGE, 'hw_'],
      [null, ''],
    ] as const) {
      const namespace = await load(rt);
      const view = rt && { resourceType: rt, prefix };
      const node = async (id: string) => (await t.ok(NODE, { id })).node;
      expect(await node(namespace.id)).toEqual({
        id: namespace.id,
        name,
        view,
        properties: namespace.properties.map(({ id, name }: Data) => ({ id, name })),
      });
      for (const property of namespace.properties) {
        expect(await node(property.id)).toEqual({
          id: property.id,
          name: property.name,
          storedName: property.name.slice(prefix.length),
          view,
        });
      }
      const [object] = namespace.objects;
      expect(await node(object.id)).toEqual({ ...object, view });
      expect(await node(object.properties[0].id)).toEqual({
        id: object.properties[0].id,
        name: `${prefix}view_threads`,
        storedName: 'view_threads',
        view,
      });
    }
  });

  it('node(id) of a view is null when the association is gone, or the namespace is not visible', async () => {
    const other = await createNamespace(t, {
      visibility: 'PUBLIC',
      resourceTypeAssociations: [{ name: FLAVOR, prefix: 'hw:' }],
      properties: [{ name: 'gone', title: 'Gone', type: 'STRING' }],
    });
    const flavor = (await t.ok(print(VIEW), { name: other, rt: FLAVOR })).namespace;
    const plain = (await t.ok(print(VIEW), { name: other, rt: null })).namespace;
    const nodeId = async (id: string, who: Who = ADMIN) => (await t.ok(NODE, { id }, who)).node?.id ?? null;
    expect(await nodeId(flavor.properties[0].id, project('anyone'))).toBe(flavor.properties[0].id);
    await t.ok(
      `mutation ($ns: String!) { dissociateResourceType(namespace: $ns, resourceType: "${FLAVOR}") }`,
      {
        ns: other,
      },
    );
    for (const id of [flavor.id, flavor.properties[0].id]) expect(await nodeId(id)).toBeNull();
    expect(await nodeId(plain.properties[0].id)).toBe(plain.properties[0].id);

    const hidden = await load(FLAVOR);
    for (const id of idsOf(hidden)) {
      expect(await nodeId(id, OWNER)).toBe(id);
      expect(await nodeId(id, project('p-stranger'))).toBeNull();
    }
    const forged = (key: string) => Buffer.from(`PropertyDefinition:${key}`).toString('base64url');
    const pk = Buffer.from(plain.properties[0].id, 'base64url').toString().split(':')[1];
    for (const key of [`${pk}@Unknown::Type`, `${pk}@`, 'x@OS::Nova::Flavor', `${pk}@${FLAVOR}@x`]) {
      expect(await nodeId(forged(key))).toBeNull();
    }
  });

  it('search hits and discovered definitions are seen in the view, with its ids', async () => {
    const flavor = await load(FLAVOR);
    const { searchProperties } = await t.ok(
      `query ($q: String!, $rt: String) {
         searchProperties(query: $q, resourceType: $rt, first: 10) {
           nodes { property { id name } namespace { id } object { id required } }
         }
       }`,
      { q: 'view_threads', rt: FLAVOR },
    );
    expect(searchProperties.nodes).toEqual([
      {
        property: flavor.objects[0].properties[0],
        namespace: { id: flavor.id },
        object: { id: flavor.objects[0].id, required: ['hw:view_threads'] },
      },
    ]);

    const type = unique('OS::Nova::Flavorish');
    await t.ok(
      `mutation ($ns: String!, $rt: String!) { associateResourceType(namespace: $ns, input: { name: $rt, prefix: "x:" }) { name } }`,
      { ns: name, rt: type },
    );
    await createResource(t, { resourceType: type, properties: { 'x:view_cores': 2 } });
    const { resourceProperty } = await t.ok(
      `query ($rt: String!) { resourceProperty(resourceType: $rt, name: "x:view_cores") { definition { id name view { resourceType prefix } } } }`,
      { rt: type },
    );
    const cores = (await load(type)).properties.find((property: Data) => property.name === 'x:view_cores');
    expect(resourceProperty.definition).toEqual({
      id: cores.id,
      name: 'x:view_cores',
      view: { resourceType: type, prefix: 'x:' },
    });
  });
});
