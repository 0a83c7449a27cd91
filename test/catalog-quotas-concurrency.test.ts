import { createNamespace } from './support/factories';
import { ADMIN, project, startTestApps, unique, type GqlResult, type TestApp } from './support/test-app';

const LIMIT = 5;
const WRITERS = 50;

const CREATE_NAMESPACE = `mutation ($input: CreateNamespaceInput!) { createNamespace(input: $input) { name } }`;
const CREATE_PROPERTY = `mutation ($ns: String!, $input: PropertyDefinitionInput!) { createProperty(namespace: $ns, input: $input) { name } }`;
const CREATE_OBJECT = `mutation ($ns: String!, $input: MetadefObjectInput!) { createObject(namespace: $ns, input: $input) { name } }`;
const CREATE_TAG = `mutation ($ns: String!, $name: String!) { createTag(namespace: $ns, name: $name) { name } }`;
const CREATE_TAGS = `mutation ($ns: String!, $names: [String!]!, $append: Boolean) { createTags(namespace: $ns, names: $names, append: $append) { name } }`;
const CONTENT = `query ($ns: String!) {
  namespace(name: $ns) { properties { name } objects { properties { name } } tags { name } }
}`;

const P = (name: string) => ({ name, title: name, type: 'STRING' });

/** Of the results, how many succeeded; every failure must be FORBIDDEN naming the quota's variable. */
function successes(results: GqlResult<unknown>[], variable: string): number {
  for (const result of results) {
    if (!result.errors) continue;
    expect(result.errors.map((error) => [error.extensions?.code, error.message.includes(variable)])).toEqual([
      ['FORBIDDEN', true],
    ]);
  }
  return results.filter((result) => !result.errors).length;
}

/*
 * Quotas are count-then-insert: concurrent writers must take turns, or each sees room for one more. 50 writers
 * at once, spread over two service instances sharing one PostgreSQL database (one instance on PGlite).
 */
describe(`catalog: quotas hold under ${WRITERS} concurrent writers on two instances`, () => {
  let apps: TestApp[];
  let t: TestApp;
  const writer = project('p-quota-race');
  /** Runs `count` operations at once, alternating between the instances. */
  const race = (count: number, run: (app: TestApp, index: number) => Promise<GqlResult<unknown>>) =>
    Promise.all(Array.from({ length: count }, (_, index) => run(apps[index % apps.length], index)));

  beforeAll(async () => {
    apps = await startTestApps(2, {
      METADEF_PROJECT_WRITES: 'true',
      // The embedded database's one connection is opened at start: every wait here is a wait for it, behind up
      // to 49 writers. Far shorter than that wait, the connect timeout must not cut it (it did, as
      // SERVICE_UNAVAILABLE, under load). On a server, new connections are opened during the race: kept at 5 s.
      ...(process.env.TEST_DATABASE_URL ? {} : { DATABASE_CONNECT_TIMEOUT_MS: '200' }),
      METADEF_NAMESPACES_PER_PROJECT: String(LIMIT),
      METADEF_PROPERTIES_PER_NAMESPACE: String(LIMIT),
      METADEF_OBJECTS_PER_NAMESPACE: String(LIMIT),
      METADEF_TAGS_PER_NAMESPACE: String(LIMIT),
    });
    t = apps[0];
  });
  afterAll(() => t.close());

  const ownedCount = async (owner: string) =>
    (
      await t.ok(`query ($owner: String) { namespaces(filter: { owner: $owner }) { totalCount } }`, {
        owner,
      })
    ).namespaces.totalCount;

  it('namespaces per project: plain and whole-document creates', async () => {
    const who = project('p-ns-race');
    const results = await race(WRITERS, (app, index) =>
      app.gql(
        CREATE_NAMESPACE,
        {
          input:
            index % 2
              ? { name: unique('race') }
              : { name: unique('race-doc'), properties: [P('a')], objects: [{ name: 'o' }], tags: ['t'] },
        },
        who,
      ),
    );
    expect(successes(results, 'METADEF_NAMESPACES_PER_PROJECT')).toBe(LIMIT);
    expect(await ownedCount(who.project)).toBe(LIMIT);
  });

  it('properties per namespace: createProperty and createObject (object properties count) at once', async () => {
    const ns = await createNamespace(t, { visibility: 'PRIVATE', owner: writer.project }, ADMIN);
    const results = await race(WRITERS, (app, index) =>
      index % 3
        ? app.gql(CREATE_PROPERTY, { ns, input: P(`p${index}`) }, writer)
        : app.gql(CREATE_OBJECT, { ns, input: { name: `o${index}`, properties: [P(`op${index}`)] } }, writer),
    );
    expect(successes(results, 'METADEF_PROPERTIES_PER_NAMESPACE')).toBe(LIMIT);
    const { namespace } = await t.ok(CONTENT, { ns });
    const objectProperties = namespace.objects.flatMap(
      (object: { properties: unknown[] }) => object.properties,
    );
    expect(namespace.properties.length + objectProperties.length).toBe(LIMIT);
  });

  it('objects per namespace', async () => {
    const ns = await createNamespace(t, { visibility: 'PRIVATE', owner: writer.project }, ADMIN);
    const results = await race(WRITERS, (app, index) =>
      app.gql(CREATE_OBJECT, { ns, input: { name: `o${index}` } }, writer),
    );
    expect(successes(results, 'METADEF_OBJECTS_PER_NAMESPACE')).toBe(LIMIT);
    expect((await t.ok(CONTENT, { ns })).namespace.objects).toHaveLength(LIMIT);
  });

  it('tags per namespace: createTag and createTags (appending) at once', async () => {
    const ns = await createNamespace(t, { visibility: 'PRIVATE', owner: writer.project }, ADMIN);
    const results = await race(WRITERS, (app, index) =>
      index % 2
        ? app.gql(CREATE_TAG, { ns, name: `t${index}` }, writer)
        : app.gql(CREATE_TAGS, { ns, names: [`t${index}`], append: true }, writer),
    );
    expect(successes(results, 'METADEF_TAGS_PER_NAMESPACE')).toBe(LIMIT);
    expect((await t.ok(CONTENT, { ns })).namespace.tags).toHaveLength(LIMIT);
  });

  it('tags per namespace: createTags replacing the set, racing appends', async () => {
    const ns = await createNamespace(t, { visibility: 'PRIVATE', owner: writer.project }, ADMIN);
    const results = await race(WRITERS, (app, index) =>
      app.gql(
        CREATE_TAGS,
        index % 5
          ? { ns, names: [`t${index}`], append: true }
          : { ns, names: [`a${index}`, `b${index}`, `c${index}`], append: false },
        writer,
      ),
    );
    successes(results, 'METADEF_TAGS_PER_NAMESPACE');
    expect((await t.ok(CONTENT, { ns })).namespace.tags.length).toBeLessThanOrEqual(LIMIT);
  });

  it('admins are not bound by the quotas', async () => {
    const results = await race(LIMIT * 2, (app) =>
      app.gql(CREATE_NAMESPACE, { input: { name: unique('admin-race'), owner: writer.project } }, ADMIN),
    );
    expect(successes(results, 'none')).toBe(LIMIT * 2);
  });
});
