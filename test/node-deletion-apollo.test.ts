import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ApolloClient, ApolloLink, InMemoryCache, gql, type TypedDocumentNode } from '@apollo/client';
import { print } from 'graphql';
import { from } from 'rxjs';
import { projectRoot } from '../src/config/paths';
import { createNamespace } from './support/factories';
import { ADMIN, startTestApp, type Data, type TestApp } from './support/test-app';

/**
 * docs/live.md's Apollo Client block (the evictDeleted helper and the deleteNode mutation that uses it), run as it
 * is written against a real InMemoryCache filled by real queries through the server.
 */
const FLAVOR = 'OS::Nova::Flavor';
const IMAGE = 'OS::Glance::Image';
/** Associated without a prefix: its view is the plain namespace (no id of its own). */
const SERVER = 'OS::Nova::Server';

/** The ```js block after the `evict-deleted` marker of docs/live.md, exactly as a reader copies it. */
function documentedSnippet(): string {
  const doc = readFileSync(path.join(projectRoot(), 'docs/live.md'), 'utf8');
  const marker = doc.indexOf('<!-- evict-deleted');
  expect(marker).toBeGreaterThan(0);
  const block = /```js\n([\s\S]*?)\n```/.exec(doc.slice(marker));
  expect(block).not.toBeNull();
  return block![1];
}

type Snippet = (client: ApolloClient, gqlTag: typeof gql, id: string) => Promise<void>;

/** The snippet as a function of what it expects in scope (`client`, `gql`, `id`). ES module `export` aside. */
function runnable(code: string): Snippet {
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
    ...args: string[]
  ) => Snippet;
  return new AsyncFunction('client', 'gql', 'id', code.replace(/^export /gm, ''));
}

const NAMESPACE: TypedDocumentNode<Data, { name: string; rt: string | null }> = gql`
  query Namespace($name: String!, $rt: String) {
    namespace(name: $name, resourceType: $rt) {
      id
      name
      view {
        resourceType
        prefix
      }
      properties {
        id
        name
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
      tags {
        id
        name
      }
    }
  }
`;

const SEARCH = gql`
  query Search($q: String!, $rt: String) {
    searchProperties(query: $q, resourceType: $rt) {
      nodes {
        namespace {
          id
        }
        object {
          id
        }
        property {
          id
          name
        }
      }
    }
  }
`;

describe('deleteNode: the documented Apollo Client eviction', () => {
  let t: TestApp;
  let snippet: Snippet;
  beforeAll(async () => {
    t = await startTestApp();
    snippet = runnable(documentedSnippet());
  });
  afterAll(() => t.close());

  function clientOf(): ApolloClient {
    return new ApolloClient({
      cache: new InMemoryCache(),
      link: new ApolloLink((operation) =>
        from(t.gql(print(operation.query), operation.variables, ADMIN) as Promise<ApolloLink.Result>),
      ),
    });
  }

  /** A namespace seen plain and through two prefixed views, each read into the cache as a client would. */
  async function cachedNamespace() {
    const word = `zqevict${Math.random().toString(36).slice(2, 8).replace(/[0-9]/g, 'x')}`;
    const name = await createNamespace(t, {
      resourceTypeAssociations: [
        { name: FLAVOR, prefix: 'hw:' },
        { name: IMAGE, prefix: 'hw_' },
        { name: SERVER },
      ],
      properties: [
        { name: `${word}_cores`, title: 'Cores', type: 'INTEGER' },
        { name: `${word}_sockets`, title: 'Sockets', type: 'INTEGER' },
      ],
      objects: [
        {
          name: 'Topology',
          required: [`${word}_threads`],
          properties: [{ name: `${word}_threads`, title: 'T', type: 'INTEGER' }],
        },
      ],
      tags: ['evict-a', 'evict-b'],
    });
    const client = clientOf();
    const views: Record<string, Data> = {};
    for (const rt of [null, FLAVOR, IMAGE, SERVER]) {
      views[rt ?? 'plain'] = (
        await client.query({ query: NAMESPACE, variables: { name, rt } })
      ).data!.namespace;
    }
    for (const rt of [null, FLAVOR]) await client.query({ query: SEARCH, variables: { q: word, rt } });
    // Two prefixed views are nodes of their own; the unprefixed association shows the plain nodes.
    expect(views[FLAVOR].id).not.toBe(views.plain.id);
    expect(views[IMAGE].id).not.toBe(views[FLAVOR].id);
    expect(views[SERVER].id).toBe(views.plain.id);
    return { client, name, views };
  }

  const entries = (client: ApolloClient) =>
    Object.keys(client.cache.extract() as Record<string, unknown>).filter((key) => !key.startsWith('ROOT_'));

  it('deleting a namespace through a view id leaves no entry of it, its views or its contents', async () => {
    const { client, name, views } = await cachedNamespace();
    const before = entries(client);
    // namespace, 3 properties, 1 object (each plain + 2 views), 2 tags
    expect(before).toHaveLength(5 * 3 + 2);

    let answered: Data;
    const mutate = client.mutate.bind(client);
    client.mutate = (async (options: Parameters<ApolloClient['mutate']>[0]) => {
      const result = await mutate(options);
      answered = result.data;
      return result;
    }) as ApolloClient['mutate'];
    await snippet(client, gql, views[FLAVOR].id);

    expect(entries(client)).toEqual([]);
    const listed = answered.deleteNode.deletedNodes.map(
      (gone: { typename: string; nodeId: string }) => `${gone.typename}:${gone.nodeId}`,
    );
    expect(new Set(listed)).toEqual(new Set(before));
    expect(listed).toHaveLength(before.length);
    expect(answered.deleteNode.deletedNodes[0]).toEqual({
      __typename: 'DeletedNode',
      typename: 'Namespace',
      nodeId: views[FLAVOR].id,
    });
    // The cached queries no longer read as complete: a watching query would fetch again.
    expect(client.cache.readQuery({ query: NAMESPACE, variables: { name, rt: FLAVOR } })).toBeNull();
    expect(client.cache.readQuery({ query: NAMESPACE, variables: { name, rt: null } })).toBeNull();
    expect(
      (await t.ok(`query ($name: String!) { namespace(name: $name) { id } }`, { name })).namespace,
    ).toBeNull();
  });

  it('deleting an object through a view id evicts it and its properties in every view, nothing else', async () => {
    const { client, views } = await cachedNamespace();
    const before = entries(client);
    const objectIds = [views.plain, views[FLAVOR], views[IMAGE]].flatMap((view: Data) => [
      view.objects[0].id,
      view.objects[0].properties[0].id,
    ]);
    await snippet(client, gql, views[IMAGE].objects[0].id);
    const gone = objectIds.map((id) => before.find((key) => key.endsWith(`:${id}`)) ?? 'missing');
    expect(gone).not.toContain('missing');
    expect(entries(client).sort()).toEqual(before.filter((key) => !gone.includes(key)).sort());
  });

  it('deleting a property through a view id evicts it in every view', async () => {
    const { client, views } = await cachedNamespace();
    const before = entries(client);
    const ids = [views.plain, views[FLAVOR], views[IMAGE]].map((view: Data) => view.properties[0].id);
    await snippet(client, gql, views[FLAVOR].properties[0].id);
    expect(entries(client).sort()).toEqual(
      before.filter((key) => !ids.some((id) => key === `PropertyDefinition:${id}`)).sort(),
    );
    expect(before.length - entries(client).length).toBe(3);
  });
});
