import { FEED_LOST_CLOSE_CODE } from '../src/app/subscriptions';
import { cutFeed, nextFeedEvent } from './support/change-feed';
import { disposeAll, subscribe, subscribeEach, wsUrl, type Subscriber } from './support/subscriptions';
import {
  ADMIN,
  headersOf,
  project,
  SERVICE,
  startTestApps,
  unique,
  type TestApp,
  type Who,
} from './support/test-app';

/**
 * GraphQL subscriptions over graphql-ws against real listening servers. "Nothing was sent" is shown without
 * waiting for time to pass: a visible write made afterwards (a sentinel) must be the next event.
 */
const CATALOG = `subscription ($namespace: String, $resourceType: String) {
  catalogChanged(namespace: $namespace, resourceType: $resourceType) {
    kind id nodeType namespace node { id ... on PropertyDefinition { name } ... on Namespace { name } }
  }
}`;
const TRAITS = `subscription { traitChanged { kind id name trait { id name } } }`;
const PROVIDERS = `subscription ($uuid: UUID) {
  resourceProviderChanged(uuid: $uuid) { kind id uuid generation resourceProvider { generation traits { name } } }
}`;
const RESOURCES = `subscription ($resourceType: String) {
  resourceChanged(resourceType: $resourceType) { kind id uuid projectId resource { uuid tags } }
}`;

const CREATE_NAMESPACE = `mutation ($input: CreateNamespaceInput!) { createNamespace(input: $input) { id name } }`;
const CREATE_PROPERTY = `mutation ($ns: String!, $input: PropertyDefinitionInput!) {
  createProperty(namespace: $ns, input: $input) { id name } }`;
const CREATE_TRAIT = `mutation ($name: String!) { createTrait(name: $name) { trait { id } created } }`;

const property = (name: string) => ({ name, title: name, type: 'STRING' });
const traitName = () =>
  unique('CUSTOM_LIVE')
    .replace(/[^A-Z0-9_]/gi, '_')
    .toUpperCase();

/** Subscribes each identity and waits until every subscription listens on the instance's feed. */
function subscribeAll(
  t: TestApp,
  who: Who[],
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Subscriber[]> {
  return subscribeEach(
    t,
    query,
    variables,
    who.map((identity) => ({ headers: headersOf(identity) as Record<string, string> })),
  );
}

describe('subscriptions', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    // On PostgreSQL two service instances share one database; on PGlite both are the one instance.
    [a, b] = await startTestApps(2);
  });
  afterAll(() => a.close());

  it('a write through instance A reaches a subscriber on instance B, with the node', async () => {
    const ns = unique('NS');
    const [subscriber] = await subscribeAll(b, [ADMIN], CATALOG, { namespace: ns });
    await a.ok(CREATE_NAMESPACE, { input: { name: ns, visibility: 'PUBLIC' } });
    const created = await a.ok(CREATE_PROPERTY, { ns, input: property('p1') });
    expect((await subscriber.next()).catalogChanged).toMatchObject({
      kind: 'CREATED',
      nodeType: 'Namespace',
      namespace: ns,
      node: { name: ns },
    });
    expect((await subscriber.next()).catalogChanged).toEqual({
      kind: 'CREATED',
      id: created.createProperty.id,
      nodeType: 'PropertyDefinition',
      namespace: ns,
      node: { id: created.createProperty.id, name: 'p1' },
    });
    await a.ok(`mutation ($ns: String!) { deleteProperty(namespace: $ns, name: "p1") }`, { ns });
    expect((await subscriber.next()).catalogChanged).toEqual({
      kind: 'DELETED',
      id: created.createProperty.id,
      nodeType: 'PropertyDefinition',
      namespace: ns,
      node: null,
    });
    await disposeAll(b, [subscriber]);
  });

  it('a rolled-back write sends nothing', async () => {
    const ns = unique('NS');
    const [subscriber] = await subscribeAll(b, [ADMIN], CATALOG);
    // The namespace is inserted (and its event published) before the bad property rolls everything back.
    const failed = await a.gql(CREATE_NAMESPACE, {
      input: {
        name: ns,
        properties: [{ name: 'bad', title: 'bad', type: 'INTEGER', minimum: 5, maximum: 1 }],
      },
    });
    expect(failed.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const sentinel = unique('NS');
    await a.ok(CREATE_NAMESPACE, { input: { name: sentinel, visibility: 'PUBLIC' } });
    expect((await subscriber.next()).catalogChanged).toMatchObject({ kind: 'CREATED', namespace: sentinel });
    await disposeAll(b, [subscriber]);
  });

  it('filters by namespace and by resource type', async () => {
    const [ns, other] = [unique('NS'), unique('NS')];
    const type = unique('OS::Live');
    await a.ok(CREATE_NAMESPACE, {
      input: { name: ns, visibility: 'PUBLIC', resourceTypeAssociations: [{ name: type }] },
    });
    await a.ok(CREATE_NAMESPACE, { input: { name: other, visibility: 'PUBLIC' } });
    const [byType] = await subscribeAll(b, [ADMIN], CATALOG, { resourceType: type });
    await a.ok(CREATE_PROPERTY, { ns: other, input: property('skipped') });
    await a.ok(CREATE_PROPERTY, { ns, input: property('seen') });
    expect((await byType.next()).catalogChanged).toMatchObject({ namespace: ns, node: { name: 'seen' } });
    await disposeAll(b, [byType]);
  });

  it('tells a subscriber that a namespace left its sight (DELETED) or came into it (CREATED)', async () => {
    const ns = unique('NS');
    const renamed = unique('NS');
    const type = unique('OS::Live');
    const owner = project('sight-owner');
    const other = project('sight-other');
    await a.ok(CREATE_NAMESPACE, {
      input: {
        name: ns,
        visibility: 'PUBLIC',
        owner: owner.project,
        resourceTypeAssociations: [{ name: type }],
      },
    });
    // One after the other: each waits until its own subscription listens (together, the first listener to come
    // satisfied all four, and a subscription still starting when the update below committed began after it).
    const [otherProject] = await subscribeAll(b, [other], CATALOG);
    const [byName] = await subscribeAll(b, [ADMIN], CATALOG, { namespace: ns });
    const [byType] = await subscribeAll(b, [ADMIN], CATALOG, { resourceType: type });
    const [admin] = await subscribeAll(b, [ADMIN], CATALOG);
    const UPDATE = `mutation ($ns: String!, $input: UpdateNamespaceInput!) { updateNamespace(name: $ns, input: $input) { name } }`;
    const gone = { kind: 'DELETED', nodeType: 'Namespace', namespace: ns, node: null };

    // Made private: another project loses it; admins see an update.
    await a.ok(UPDATE, { ns, input: { visibility: 'PRIVATE' } });
    expect((await otherProject.next()).catalogChanged).toMatchObject(gone);
    expect((await admin.next()).catalogChanged).toMatchObject({ kind: 'UPDATED', namespace: ns });
    expect((await byName.next()).catalogChanged).toMatchObject({ kind: 'UPDATED', namespace: ns });
    expect((await byType.next()).catalogChanged).toMatchObject({ kind: 'UPDATED', namespace: ns });
    // Public again: it arrives, with the node.
    await a.ok(UPDATE, { ns, input: { visibility: 'PUBLIC' } });
    expect((await otherProject.next()).catalogChanged).toMatchObject({
      kind: 'CREATED',
      namespace: ns,
      node: { name: ns },
    });
    for (const s of [admin, byName, byType]) expect((await s.next()).catalogChanged.kind).toBe('UPDATED');

    // Dissociated from the type: gone for who filters by it; associated again: back.
    await a.ok(
      `mutation ($ns: String!, $t: String!) { dissociateResourceType(namespace: $ns, resourceType: $t) }`,
      {
        ns,
        t: type,
      },
    );
    expect((await byType.next()).catalogChanged).toMatchObject(gone);
    await a.ok(
      `mutation ($ns: String!, $t: String!) { associateResourceType(namespace: $ns, input: { name: $t }) { prefix } }`,
      { ns, t: type },
    );
    expect((await byType.next()).catalogChanged).toMatchObject({
      kind: 'CREATED',
      namespace: ns,
      node: { name: ns },
    });

    // Renamed: gone for who filtered by the old name (told under that name).
    await a.ok(UPDATE, { ns, input: { name: renamed } });
    for (const s of [byName]) {
      // The two association events first (the subscription is on the name, which had not changed).
      expect((await s.next()).catalogChanged.kind).toBe('UPDATED');
      expect((await s.next()).catalogChanged.kind).toBe('UPDATED');
      expect((await s.next()).catalogChanged).toMatchObject(gone);
    }
    await disposeAll(b, [otherProject, byName, byType, admin]);
  });

  describe('identity matrix: an event is sent only to who may see its node', () => {
    const owner = project('live-owner');
    const other = project('live-other');
    const who = [ADMIN, owner, other, SERVICE];

    it('catalog: a private namespace and its content reach only admins and the owner', async () => {
      const secret = unique('NS');
      const open = unique('NS');
      await a.ok(CREATE_NAMESPACE, { input: { name: secret, owner: owner.project } });
      await a.ok(CREATE_NAMESPACE, { input: { name: open, visibility: 'PUBLIC' } });
      const subscribers = await subscribeAll(b, who, CATALOG);
      await a.ok(CREATE_PROPERTY, { ns: secret, input: property('hidden') });
      await a.ok(`mutation ($ns: String!) { deleteNamespace(name: $ns) }`, { ns: secret });
      await a.ok(CREATE_PROPERTY, { ns: open, input: property('sentinel') });
      const firsts = await Promise.all(subscribers.map((s) => s.next()));
      expect(firsts.map((event) => [event.catalogChanged.kind, event.catalogChanged.namespace])).toEqual([
        ['CREATED', secret],
        ['CREATED', secret],
        ['CREATED', open],
        ['CREATED', open],
      ]);
      // Admin and owner also hear of the deletion (the namespace was theirs to see when it went).
      for (const s of subscribers.slice(0, 2)) {
        expect((await s.next()).catalogChanged).toMatchObject({
          kind: 'DELETED',
          namespace: secret,
          node: null,
        });
        expect((await s.next()).catalogChanged).toMatchObject({ namespace: open });
      }
      await disposeAll(b, subscribers);
    });

    it("resources: another project's resources are never sent", async () => {
      const type = unique('OS::Live::Res');
      // Every project may use it: known through a public namespace (not only by the owner's resource).
      await a.ok(CREATE_NAMESPACE, {
        input: {
          name: unique('Live::Types'),
          visibility: 'PUBLIC',
          resourceTypeAssociations: [{ name: type }],
        },
      });
      const subscribers = await subscribeAll(b, who, RESOURCES, { resourceType: type });
      const create = `mutation ($input: CreateResourceInput!) { createResource(input: $input) { uuid } }`;
      const hidden = await a.ok(create, { input: { resourceType: type, projectId: owner.project } });
      const seen = await Promise.all(
        [other, SERVICE].map((identity) =>
          a.ok(create, { input: { resourceType: type, tags: ['mine'] } }, identity),
        ),
      );
      const [adminFirst, ownerFirst, otherFirst, serviceFirst] = await Promise.all(
        subscribers.map((s) => s.next()),
      );
      expect(adminFirst.resourceChanged.uuid).toBe(hidden.createResource.uuid);
      expect(ownerFirst.resourceChanged).toMatchObject({
        kind: 'CREATED',
        uuid: hidden.createResource.uuid,
        projectId: owner.project,
        resource: { uuid: hidden.createResource.uuid, tags: [] },
      });
      expect(otherFirst.resourceChanged.uuid).toBe(seen[0].createResource.uuid);
      expect(serviceFirst.resourceChanged.uuid).toBe(seen[1].createResource.uuid);
      await disposeAll(b, subscribers);
    });
  });

  it('traits and provider trait changes, with the new generation', async () => {
    const name = traitName();
    const [traits, providers] = [
      (await subscribeAll(b, [SERVICE], TRAITS))[0],
      (await subscribeAll(b, [SERVICE], PROVIDERS))[0],
    ];
    const created = await a.ok(CREATE_TRAIT, { name }, SERVICE);
    expect((await traits.next()).traitChanged).toEqual({
      kind: 'CREATED',
      id: created.createTrait.trait.id,
      name,
      trait: { id: created.createTrait.trait.id, name },
    });
    const rp = await a.ok(
      `mutation ($name: String!) { createResourceProvider(input: { name: $name }) { uuid generation } }`,
      { name: unique('rp') },
      SERVICE,
    );
    expect((await providers.next()).resourceProviderChanged).toMatchObject({
      kind: 'CREATED',
      generation: 0,
    });
    await a.ok(
      `mutation ($uuid: UUID!, $traits: [String!]!) { setResourceProviderTraits(uuid: $uuid, traits: $traits, generation: 0) { generation } }`,
      { uuid: rp.createResourceProvider.uuid, traits: [name] },
      SERVICE,
    );
    expect((await providers.next()).resourceProviderChanged).toMatchObject({
      kind: 'UPDATED',
      uuid: rp.createResourceProvider.uuid,
      generation: 1,
      resourceProvider: { generation: 1, traits: [{ name }] },
    });
    await disposeAll(b, [traits, providers]);
  });

  it('100 subscribers all get the event', async () => {
    const subscribers = await subscribeAll(b, Array(100).fill(SERVICE), TRAITS);
    const name = traitName();
    await a.ok(CREATE_TRAIT, { name }, SERVICE);
    const events = await Promise.all(subscribers.map((s) => s.next()));
    expect(events.every((event) => event.traitChanged.name === name)).toBe(true);
    await disposeAll(b, subscribers);
  });

  it('refuses a connection without identity (4403) and an unknown path', async () => {
    const url = await wsUrl(b);
    const anonymous = subscribe(url, TRAITS);
    expect((await anonymous.closed).code).toBe(4403);
    const elsewhere = subscribe(
      url.replace(/\/graphql$/, '/nowhere'),
      TRAITS,
      {},
      { headers: headersOf(ADMIN) as Record<string, string> },
    );
    expect((await elsewhere.closed).code).not.toBe(1000);
  });

  it('feed loss closes subscriptions with 4503; the feed comes back and events flow again', async () => {
    const [subscriber] = await subscribeAll(b, [SERVICE], TRAITS);
    await cutFeed(b);
    expect(await subscriber.closed).toEqual({
      code: FEED_LOST_CLOSE_CODE,
      reason: expect.stringMatching(/feed lost/),
    });
    // The feed reconnects by itself; a new subscription then receives events again.
    if (!b.app.changes.live) await nextFeedEvent(b, (event) => event.type === 'ready');
    const [again] = await subscribeAll(b, [SERVICE], TRAITS);
    const name = traitName();
    await a.ok(CREATE_TRAIT, { name }, SERVICE);
    expect((await again.next()).traitChanged.name).toBe(name);
    await disposeAll(b, [again]);
  });
});
