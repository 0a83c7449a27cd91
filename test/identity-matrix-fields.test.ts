import { OWNER, ROLES, keystoneHeaders, type Role } from './support/identity-roles';
import { KeystoneStandIn, SERVICE_USER } from './support/keystone-stand-in';
import { disposeAll, subscribeEach, wsUrl } from './support/subscriptions';
import { postGql, startTestApp, unique, type Data, type TestApp } from './support/test-app';

/**
 * Every Mutation field, every list (connection) query field and every Subscription field of the schema, for each
 * identity, under the secure-RBAC defaults (AUTH_MODE=keystone, which alone also carries system-scoped tokens;
 * identity-matrix.test.ts shows the other modes establish the same identities). The fields come from the schema:
 * a field without an entry in the tables below fails the test.
 */
/** system: a system-scoped admin; sysreader: a system-scoped reader (both act for no project). */
type Who = Role | 'system' | 'sysreader';
const WHOS: Who[] = [...ROLES, 'system', 'sysreader'];
const systemScoped = (who: Who) => who === 'system' || who === 'sysreader';
/** ok; FORBIDDEN (naming the rule that refused); NOT_FOUND (the target is not visible to the caller). */
type Outcome = 'ok' | 'FORBIDDEN' | 'NOT_FOUND';
type Expected = Record<Who, Outcome>;

/** Writes in the owner project's private namespace or on its resources: its members and admins. */
const PROJECT_WRITE: Expected = {
  admin: 'ok',
  owner: 'ok',
  reader: 'FORBIDDEN',
  other: 'NOT_FOUND',
  service: 'NOT_FOUND',
  system: 'ok',
  sysreader: 'FORBIDDEN',
};
/** Creating one's own: any member (of its own project), admins; never a reader. */
const CREATE_OWN: Expected = {
  admin: 'ok',
  owner: 'ok',
  reader: 'FORBIDDEN',
  other: 'ok',
  service: 'FORBIDDEN',
  system: 'ok',
  sysreader: 'FORBIDDEN',
};
/** Placement's writes (providers, traits): admins and services. */
const PLACEMENT_WRITE: Expected = {
  admin: 'ok',
  owner: 'FORBIDDEN',
  reader: 'FORBIDDEN',
  other: 'FORBIDDEN',
  service: 'ok',
  system: 'ok',
  sysreader: 'FORBIDDEN',
};
/** The service's vocabulary (discovery keys): admins only. */
const ADMIN_ONLY: Expected = {
  admin: 'ok',
  owner: 'FORBIDDEN',
  reader: 'FORBIDDEN',
  other: 'FORBIDDEN',
  service: 'FORBIDDEN',
  system: 'ok',
  sysreader: 'FORBIDDEN',
};

/** The fixtures a mutation acts on, made afresh (by their owners) for each identity that tries it. */
interface Target {
  ns: string;
  nsId: string;
  type: string;
  resource: string;
  provider: string;
  generation: number;
  trait: string;
}
interface MutationCase {
  query: string;
  variables(target: Target, who: Who): Record<string, unknown>;
  expected: Expected;
  /** The rule a FORBIDDEN names. */
  rule: string;
}

/** A write in the fixture's private namespace (`$ns`), under modify_metadef_namespace. */
const namespaceWrite = (query: string, rule = 'modify_metadef_namespace'): MutationCase => ({
  query,
  variables: (x) => ({ ns: x.ns }),
  expected: PROJECT_WRITE,
  rule,
});
/** A write on the fixture's resource (`$u`), under update_resource. */
const resourceWrite = (query: string, rule = 'update_resource'): MutationCase => ({
  query,
  variables: (x) => ({ u: x.resource }),
  expected: PROJECT_WRITE,
  rule,
});

const MUTATIONS: Record<string, MutationCase> = {
  createNamespace: {
    query: `mutation ($n: String!, $o: String) { createNamespace(input: { name: $n, owner: $o }) { name } }`,
    // A system-scoped token has no project of its own: it names the owner.
    variables: (x, who) => ({ n: `${x.ns}-${who}`, o: systemScoped(who) ? OWNER : null }),
    expected: CREATE_OWN,
    rule: 'add_metadef_namespace',
  },
  updateNamespace: namespaceWrite(
    `mutation ($ns: String!) { updateNamespace(name: $ns, input: { description: "d" }) { name } }`,
    'modify_metadef_namespace',
  ),
  deleteNamespace: namespaceWrite(
    `mutation ($ns: String!) { deleteNamespace(name: $ns) }`,
    'delete_metadef_namespace',
  ),
  deleteNode: {
    query: `mutation ($id: ID!) { deleteNode(id: $id) { __typename } }`,
    variables: (x) => ({ id: x.nsId }),
    expected: PROJECT_WRITE,
    rule: 'delete_metadef_namespace',
  },
  associateResourceType: namespaceWrite(
    `mutation ($ns: String!) { associateResourceType(namespace: $ns, input: { name: "OS::Nova::Server" }) { prefix } }`,
    'add_metadef_resource_type_association',
  ),
  dissociateResourceType: {
    query: `mutation ($ns: String!, $t: String!) { dissociateResourceType(namespace: $ns, resourceType: $t) }`,
    variables: (x) => ({ ns: x.ns, t: x.type }),
    expected: PROJECT_WRITE,
    rule: 'remove_metadef_resource_type_association',
  },
  createProperty: namespaceWrite(
    `mutation ($ns: String!) { createProperty(namespace: $ns, input: { name: "q", title: "Q", type: STRING }) { name } }`,
    'add_metadef_property',
  ),
  updateProperty: namespaceWrite(
    `mutation ($ns: String!) { updateProperty(namespace: $ns, name: "p", input: { name: "p", title: "P2", type: STRING }) { name } }`,
    'modify_metadef_property',
  ),
  deleteProperty: namespaceWrite(
    `mutation ($ns: String!) { deleteProperty(namespace: $ns, name: "p") }`,
    'remove_metadef_property',
  ),
  deleteAllProperties: namespaceWrite(
    `mutation ($ns: String!) { deleteAllProperties(namespace: $ns) }`,
    'remove_metadef_property',
  ),
  createObject: namespaceWrite(
    `mutation ($ns: String!) { createObject(namespace: $ns, input: { name: "o2" }) { name } }`,
    'add_metadef_object',
  ),
  updateObject: namespaceWrite(
    `mutation ($ns: String!) { updateObject(namespace: $ns, name: "o", input: { name: "o", description: "d" }) { name } }`,
    'modify_metadef_object',
  ),
  deleteObject: namespaceWrite(
    `mutation ($ns: String!) { deleteObject(namespace: $ns, name: "o") }`,
    'delete_metadef_object',
  ),
  deleteAllObjects: namespaceWrite(
    `mutation ($ns: String!) { deleteAllObjects(namespace: $ns) }`,
    'delete_metadef_object',
  ),
  createTag: namespaceWrite(
    `mutation ($ns: String!) { createTag(namespace: $ns, name: "t2") { name } }`,
    'add_metadef_tag',
  ),
  createTags: namespaceWrite(
    `mutation ($ns: String!) { createTags(namespace: $ns, names: ["t3"], append: true) { name } }`,
    'add_metadef_tags',
  ),
  updateTag: namespaceWrite(
    `mutation ($ns: String!) { updateTag(namespace: $ns, name: "t", newName: "t4") { name } }`,
    'modify_metadef_tag',
  ),
  deleteTag: namespaceWrite(
    `mutation ($ns: String!) { deleteTag(namespace: $ns, name: "t") }`,
    'delete_metadef_tag',
  ),
  deleteAllTags: namespaceWrite(
    `mutation ($ns: String!) { deleteAllTags(namespace: $ns) }`,
    'delete_metadef_tags',
  ),
  createResource: {
    query: `mutation ($p: String) { createResource(input: { resourceType: "OS::Nova::Server", projectId: $p }) { uuid } }`,
    // A system-scoped admin has no project of its own: it names one.
    variables: (_x, who) => ({ p: systemScoped(who) ? OWNER : null }),
    expected: CREATE_OWN,
    rule: 'create_resource',
  },
  updateResource: resourceWrite(
    `mutation ($u: UUID!) { updateResource(uuid: $u, input: { name: "renamed" }) { uuid } }`,
  ),
  deleteResource: resourceWrite(`mutation ($u: UUID!) { deleteResource(uuid: $u) }`),
  setResourceProperties: resourceWrite(
    `mutation ($u: UUID!) { setResourceProperties(uuid: $u, properties: { k: "w" }) { uuid } }`,
  ),
  addResourceTag: resourceWrite(`mutation ($u: UUID!) { addResourceTag(uuid: $u, tag: "b") { created } }`),
  removeResourceTag: resourceWrite(`mutation ($u: UUID!) { removeResourceTag(uuid: $u, tag: "a") }`),
  setResourceTags: resourceWrite(`mutation ($u: UUID!) { setResourceTags(uuid: $u, tags: ["c"]) }`),
  removeAllResourceTags: resourceWrite(`mutation ($u: UUID!) { removeAllResourceTags(uuid: $u) }`),
  updateResourceProperty: {
    query: `mutation { updateResourceProperty(resourceType: "OS::Nova::Server", name: "k", private: true) { name } }`,
    variables: () => ({}),
    expected: ADMIN_ONLY,
    rule: 'discovery:update',
  },
  createResourceProvider: {
    query: `mutation ($n: String!) { createResourceProvider(input: { name: $n }) { uuid } }`,
    variables: (x, who) => ({ n: `${x.ns}-rp-${who}` }),
    expected: PLACEMENT_WRITE,
    rule: 'placement:resource_providers:create',
  },
  updateResourceProvider: {
    query: `mutation ($u: UUID!, $n: String!) { updateResourceProvider(uuid: $u, input: { name: $n }) { uuid } }`,
    variables: (x, who) => ({ u: x.provider, n: `${x.ns}-renamed-${who}` }),
    expected: PLACEMENT_WRITE,
    rule: 'placement:resource_providers:update',
  },
  deleteResourceProvider: {
    query: `mutation ($u: UUID!) { deleteResourceProvider(uuid: $u) }`,
    variables: (x) => ({ u: x.provider }),
    expected: PLACEMENT_WRITE,
    rule: 'placement:resource_providers:delete',
  },
  setResourceProviderTraits: {
    query: `mutation ($u: UUID!, $g: Int!) { setResourceProviderTraits(uuid: $u, generation: $g, traits: ["HW_CPU_X86_AVX"]) { generation } }`,
    variables: (x) => ({ u: x.provider, g: x.generation }),
    expected: PLACEMENT_WRITE,
    rule: 'placement:resource_providers:traits:update',
  },
  deleteResourceProviderTraits: {
    query: `mutation ($u: UUID!) { deleteResourceProviderTraits(uuid: $u) { generation } }`,
    variables: (x) => ({ u: x.provider }),
    expected: PLACEMENT_WRITE,
    rule: 'placement:resource_providers:traits:delete',
  },
  createTrait: {
    query: `mutation ($n: String!) { createTrait(name: $n) { created } }`,
    variables: (x, who) => ({ n: `${x.trait}_${who.toUpperCase()}` }),
    expected: PLACEMENT_WRITE,
    rule: 'placement:traits:update',
  },
  deleteTrait: {
    query: `mutation ($n: String!) { deleteTrait(name: $n) }`,
    variables: (x) => ({ n: x.trait }),
    expected: PLACEMENT_WRITE,
    rule: 'placement:traits:delete',
  },
};

/** Whether a list shows what the fixtures hold (the owner project's private namespace, its resource...), or an error. */
type Seen = 'seen' | 'absent';
/** What the owner project's members and admins see, and no one else. */
const PROJECT_READ: Record<Who, Seen> = {
  admin: 'seen',
  owner: 'seen',
  reader: 'seen',
  other: 'absent',
  service: 'absent',
  system: 'seen',
  sysreader: 'seen',
};
const EVERYONE: Record<Who, Seen> = {
  admin: 'seen',
  owner: 'seen',
  reader: 'seen',
  other: 'seen',
  service: 'seen',
  system: 'seen',
  sysreader: 'seen',
};
/** Each list (connection) field, selecting `totalCount nodes { __typename }` as `list`, narrowed to a fixture. */
const LISTS: Record<string, { query: string; expected: Record<Who, Seen> }> = {
  changes: {
    query: `query ($ns: String!) { list: changes(filter: { namespace: $ns }) { ...L } }`,
    expected: PROJECT_READ,
  },
  namespaces: {
    query: `query ($type: String!) { list: namespaces(filter: { resourceTypes: [$type] }) { ...L } }`,
    expected: PROJECT_READ,
  },
  searchProperties: {
    query: `query ($word: String!) { list: searchProperties(query: $word) { ...L } }`,
    expected: PROJECT_READ,
  },
  resources: {
    query: `query ($tag: String!) { list: resources(filter: { tags: [$tag] }) { ...L } }`,
    expected: PROJECT_READ,
  },
  resourceTagUsage: {
    query: `{ list: resourceTagUsage(first: 100) { totalCount nodes { __typename tag } } }`,
    expected: PROJECT_READ,
  },
  resourceProviders: {
    query: `query ($rp: String!) { list: resourceProviders(filter: { name: $rp }) { ...L } }`,
    expected: EVERYONE,
  },
  traits: {
    query: `query ($trait: String!) { list: traits(filter: { names: [$trait] }) { ...L } }`,
    expected: EVERYONE,
  },
};

/** Each Subscription field: who receives an event about the fixtures, caused by the write after it. */
const SUBSCRIPTIONS: Record<string, { query: string; expected: Record<Who, 'event' | 'none'> }> = {
  catalogChanged: {
    query: `subscription ($ns: String!) { catalogChanged(namespace: $ns) { kind } }`,
    expected: {
      admin: 'event',
      owner: 'event',
      reader: 'event',
      other: 'none',
      service: 'none',
      system: 'event',
      sysreader: 'event',
    },
  },
  resourceChanged: {
    query: `subscription { resourceChanged { kind } }`,
    expected: {
      admin: 'event',
      owner: 'event',
      reader: 'event',
      other: 'none',
      service: 'none',
      system: 'event',
      sysreader: 'event',
    },
  },
  resourceProviderChanged: {
    query: `subscription ($u: UUID!) { resourceProviderChanged(uuid: $u) { kind } }`,
    expected: {
      admin: 'event',
      owner: 'event',
      reader: 'event',
      other: 'event',
      service: 'event',
      system: 'event',
      sysreader: 'event',
    },
  },
  traitChanged: {
    query: `subscription { traitChanged { kind } }`,
    expected: {
      admin: 'event',
      owner: 'event',
      reader: 'event',
      other: 'event',
      service: 'event',
      system: 'event',
      sysreader: 'event',
    },
  },
};

describe('AUTH_MODE=keystone: every mutation, list and subscription for every identity', () => {
  let keystone: KeystoneStandIn;
  let t: TestApp;
  let url: string;
  const headers = (who: Who) =>
    who === 'system'
      ? { 'x-auth-token': keystone.issue({ system: true, userId: 'root', roles: ['admin'] }) }
      : who === 'sysreader'
        ? { 'x-auth-token': keystone.issue({ system: true, userId: 'auditor', roles: ['reader'] }) }
        : keystoneHeaders(keystone, who);
  const as = async (who: Who, query: string, variables: Record<string, unknown> = {}): Promise<Data> => {
    const { status, body } = await postGql(url, query, variables, headers(who));
    expect(status).toBe(200);
    return body;
  };
  const ok = async (who: Who, query: string, variables: Record<string, unknown> = {}): Promise<Data> => {
    const body = await as(who, query, variables);
    expect(body.errors).toBeUndefined();
    return body.data;
  };
  let fields: Record<'mutation' | 'query' | 'subscription', { name: string; type: string }[]>;

  /** A private namespace of the owner project (with a property, an object, a tag, an association), a
   * resource of that project, a provider and a custom trait. */
  async function target(): Promise<Target> {
    const ns = unique('Fields');
    const type = unique('Fields::Type');
    const made = await ok(
      'admin',
      `mutation ($ns: String!, $owner: String!, $type: String!) {
        createNamespace(input: {
          name: $ns, owner: $owner, visibility: PRIVATE, resourceTypeAssociations: [{ name: $type }],
          properties: [{ name: "p", title: "P", type: STRING }], objects: [{ name: "o" }], tags: ["t"]
        }) { id }
      }`,
      { ns, owner: OWNER, type },
    );
    const resource = await ok(
      'owner',
      `mutation { createResource(input: { resourceType: "OS::Nova::Server", tags: ["a"], properties: { k: "v" } }) { uuid } }`,
    );
    const provider = await ok(
      'admin',
      `mutation ($n: String!) { createResourceProvider(input: { name: $n }) { uuid generation } }`,
      { n: `${ns}-rp` },
    );
    const trait = `CUSTOM_${ns.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
    await ok('admin', `mutation ($n: String!) { createTrait(name: $n) { created } }`, { n: trait });
    return {
      ns,
      nsId: made.createNamespace.id,
      type,
      resource: resource.createResource.uuid,
      provider: provider.createResourceProvider.uuid,
      generation: provider.createResourceProvider.generation,
      trait,
    };
  }

  beforeAll(async () => {
    keystone = await KeystoneStandIn.start();
    t = await startTestApp({
      AUTH_MODE: 'keystone',
      KEYSTONE_URL: keystone.url,
      ...SERVICE_USER,
      METADEF_PROJECT_WRITES: 'true',
    });
    url = (await wsUrl(t)).replace(/^ws/, 'http');
    const schema = await ok(
      'admin',
      `{ __schema {
        mutationType { fields { name type { ...T } } }
        queryType { fields { name type { ...T } } }
        subscriptionType { fields { name type { ...T } } }
      } }
      fragment T on __Type { name ofType { name ofType { name ofType { name } } } }`,
    );
    const named = (type: Data): string => type.name ?? named(type.ofType);
    const list = (of: Data) => of.fields.map((f: Data) => ({ name: f.name, type: named(f.type) }));
    fields = {
      mutation: list(schema.__schema.mutationType),
      query: list(schema.__schema.queryType),
      subscription: list(schema.__schema.subscriptionType),
    };
  });
  afterAll(async () => {
    await t?.close();
    await keystone?.close();
  });

  it('has an expected outcome for every Mutation field of the schema, and for nothing else', () => {
    expect(Object.keys(MUTATIONS).sort()).toEqual(fields.mutation.map((f) => f.name).sort());
  });

  it.each(Object.keys(MUTATIONS))('%s', async (name) => {
    const { query, variables, expected, rule } = MUTATIONS[name];
    const outcomes: Partial<Record<Who, string>> = {};
    for (const who of WHOS) {
      const x = await target();
      const body = await as(who, query, variables(x, who));
      const error = body.errors?.[0];
      outcomes[who] = error ? error.extensions.code : 'ok';
      // A refusal names the rule that refused.
      if (error?.extensions.code === 'FORBIDDEN')
        outcomes[who] += `:${error.extensions.policy ?? error.message}`;
    }
    const want = Object.fromEntries(
      WHOS.map((who) => [who, expected[who] === 'FORBIDDEN' ? `FORBIDDEN:${rule}` : expected[who]]),
    );
    expect(outcomes).toEqual(want);
  });

  describe('lists', () => {
    let x: Target;
    /** The fixtures' own marks: a resource tag and a word of a property's title. */
    let tag: string;
    let word: string;
    beforeAll(async () => {
      x = await target();
      word = `zq${Date.now().toString(36)}`;
      tag = `tag-${word}`;
      await ok(
        'admin',
        `mutation ($ns: String!, $w: String!) { createProperty(namespace: $ns, input: { name: "s", title: $w, type: STRING }) { name } }`,
        { ns: x.ns, w: word },
      );
      await ok(
        'owner',
        `mutation ($u: UUID!, $t: String!) { addResourceTag(uuid: $u, tag: $t) { created } }`,
        { u: x.resource, t: tag },
      );
    });

    it('has an expected outcome for every connection field of Query, and for nothing else', () => {
      const connections = fields.query.filter((f) => f.type.endsWith('Connection')).map((f) => f.name);
      expect(Object.keys(LISTS).sort()).toEqual(connections.sort());
    });

    it.each(Object.keys(LISTS))('%s', async (name) => {
      const { query, expected } = LISTS[name];
      const fragment = query.includes('...L')
        ? `fragment L on ${fields.query.find((f) => f.name === name)!.type} { totalCount nodes { __typename } }`
        : '';
      const variables = { ns: x.ns, type: x.type, word, tag, rp: `${x.ns}-rp`, trait: x.trait };
      const outcomes: Partial<Record<Who, string>> = {};
      for (const who of WHOS) {
        const used = Object.fromEntries(
          Object.entries(variables).filter(([key]) => query.includes(`$${key}`)),
        );
        const body = await as(who, `${query} ${fragment}`, used);
        if (body.errors) {
          outcomes[who] = body.errors[0].extensions.code;
          continue;
        }
        const { list } = body.data;
        // A filtered list: its count agrees with its rows.
        expect(list.nodes).toHaveLength(list.totalCount);
        const seen =
          name === 'resourceTagUsage' ? list.nodes.some((n: Data) => n.tag === tag) : list.totalCount > 0;
        outcomes[who] = seen ? 'seen' : 'absent';
      }
      expect(outcomes).toEqual(expected);
    });
  });

  describe('subscriptions', () => {
    /** A promise's value, or 'none' when it has none within `ms` (the timer cleared either way). */
    const within = async (ms: number, promise: Promise<string>): Promise<string> => {
      let timer: NodeJS.Timeout | undefined;
      const none = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('none'), ms)));
      try {
        return await Promise.race([promise, none]);
      } finally {
        clearTimeout(timer);
      }
    };
    let x: Target;
    beforeAll(async () => {
      x = await target();
    });

    it('has an expected outcome for every Subscription field, and for nothing else', () => {
      expect(Object.keys(SUBSCRIPTIONS).sort()).toEqual(fields.subscription.map((f) => f.name).sort());
    });

    /** The write each subscription's event comes from, by an admin (or, for a resource, its project's member). */
    const cause: Record<string, () => Promise<unknown>> = {
      catalogChanged: () =>
        ok('admin', `mutation ($ns: String!) { createTag(namespace: $ns, name: "sub") { name } }`, {
          ns: x.ns,
        }),
      resourceChanged: () =>
        ok('owner', `mutation ($u: UUID!) { addResourceTag(uuid: $u, tag: "sub") { created } }`, {
          u: x.resource,
        }),
      resourceProviderChanged: () =>
        ok(
          'admin',
          `mutation ($u: UUID!, $n: String!) { updateResourceProvider(uuid: $u, input: { name: $n }) { uuid } }`,
          { u: x.provider, n: `${x.ns}-sub` },
        ),
      traitChanged: () =>
        ok('admin', `mutation ($n: String!) { createTrait(name: $n) { created } }`, { n: `${x.trait}_SUB` }),
    };

    it.each(Object.keys(SUBSCRIPTIONS))('%s', async (name) => {
      const baseline = t.app.changes.listenerCount;
      const subscribers = await subscribeEach(
        t,
        SUBSCRIPTIONS[name].query,
        { ns: x.ns, u: x.provider },
        WHOS.map((who) => ({ connectionParams: headers(who) })),
      );
      try {
        await cause[name]();
        // An event comes at once to those who may see it; the others have none after a second.
        const outcomes = await Promise.all(
          subscribers.map((s) =>
            within(
              1000,
              s.next().then(
                () => 'event',
                (error: Error) => `error: ${error.message}`,
              ),
            ),
          ),
        );
        expect(Object.fromEntries(WHOS.map((who, i) => [who, outcomes[i]]))).toEqual(
          SUBSCRIPTIONS[name].expected,
        );
      } finally {
        // The next subscriptions are counted from the same baseline.
        await disposeAll(t, subscribers, baseline);
      }
    });
  });
});
