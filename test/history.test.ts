import { pruneChanges } from '../src/db/change-log';
import { createNamespace } from './support/factories';
import { createResource } from './support/resource-factories';
import { listeningSubscriptions, subscribe, wsUrl } from './support/subscriptions';
import {
  ADMIN,
  expectError,
  headersOf,
  project,
  startTestApp,
  unique,
  type Data,
  type TestApp,
  type Who,
  numberChanges,
} from './support/test-app';

/**
 * `history(first, after)` on every node type (and the Node interface): the node's change log records, oldest first,
 * as `changes(filter: { nodeId })` lists them, with the same visibility; a list of nodes reads its histories in one
 * statement.
 */
const CHANGE = 'cursor kind committedAt nodeId actor { via projectId userId }';
const HISTORY = `history(first: $first, after: $after) { totalCount pageInfo { hasNextPage hasPreviousPage endCursor } nodes { ${CHANGE} } }`;

interface Change {
  cursor: string;
  kind: string;
  committedAt: string;
  nodeId: string;
  actor: { via: string; projectId: string | null; userId: string | null };
}

describe('history', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ METADEF_PROJECT_WRITES: 'true' });
  });
  afterAll(() => t.close());

  /** A node's history (by node(id:), through the interface), one page. */
  async function historyOf(id: string, who: Who = ADMIN, first?: number, after?: string) {
    const data = await t.ok(
      `query ($id: ID!, $first: Int, $after: String) { node(id: $id) { id ... on Node { ${HISTORY} } } }`,
      { id, first, after },
      who,
    );
    return data.node?.history as
      | {
          totalCount: number;
          pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null };
          nodes: Change[];
        }
      | undefined;
  }

  const kinds = (changes: Change[]) => changes.map((change) => change.kind);

  it("of a namespace and a property: who changed them, when and how, oldest first, the log's own records", async () => {
    const owner = project(unique('owner'));
    const ns = await createNamespace(t, { owner: owner.project, properties: [] });
    await t.ok(
      `mutation ($ns: String!) { createProperty(namespace: $ns, input: { name: "p", title: "P", type: STRING }) { name } }`,
      { ns },
      owner,
    );
    await t.ok(
      `mutation ($ns: String!) { updateProperty(namespace: $ns, name: "p", input: { name: "p", title: "P2", type: STRING }) { name } }`,
      { ns },
      owner,
    );
    // A mutation's answer shows its own change: the log is written at commit, before its fields resolve.
    const updated = await t.ok(
      `mutation ($ns: String!) { updateNamespace(name: $ns, input: { description: "d" }) { history { nodes { kind } } } }`,
      { ns },
      owner,
    );
    expect(kinds(updated.updateNamespace.history.nodes)).toEqual(['CREATED', 'UPDATED']);
    const data = await t.ok(
      `query ($ns: String!, $first: Int, $after: String) { namespace(name: $ns) { id ${HISTORY}
        properties { id ${HISTORY} } } }`,
      { ns },
    );
    const namespace = data.namespace;
    expect(kinds(namespace.history.nodes)).toEqual(['CREATED', 'UPDATED']);
    expect(namespace.history.nodes[0].actor).toEqual({
      via: 'GRAPHQL',
      projectId: ADMIN.project,
      userId: ADMIN.user,
    });
    expect(namespace.history.nodes[1].actor).toEqual({
      via: 'GRAPHQL',
      projectId: owner.project,
      userId: owner.user,
    });
    expect(namespace.history.nodes.every((change: Change) => change.nodeId === namespace.id)).toBe(true);
    expect(namespace.history.totalCount).toBe(2);
    expect(namespace.history.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: false });
    const property = namespace.properties[0];
    expect(kinds(property.history.nodes)).toEqual(['CREATED', 'UPDATED']);
    // Oldest first, commit order: cursors and commit times grow.
    const [first, second] = property.history.nodes as Change[];
    expect(Date.parse(first.committedAt)).toBeLessThanOrEqual(Date.parse(second.committedAt));
    // The same records as changes(filter: { nodeId }).
    const changes = await t.ok(
      `query ($id: ID!) { changes(filter: { nodeId: $id }) { nodes { ${CHANGE} } } }`,
      { id: property.id },
    );
    expect(changes.changes.nodes).toEqual(property.history.nodes);
  });

  it('of an object and a tag', async () => {
    const ns = await createNamespace(t, {
      objects: [{ name: 'Obj', properties: [{ name: 'x', title: 'X', type: 'STRING' }] }],
      tags: ['Old'],
    });
    await t.ok(
      `mutation ($ns: String!) { updateTag(namespace: $ns, name: "Old", newName: "New") { name } }`,
      {
        ns,
      },
    );
    const data = await t.ok(
      `query ($ns: String!, $first: Int, $after: String) { namespace(name: $ns) {
        objects { ${HISTORY} } tags { name ${HISTORY} } } }`,
      { ns },
    );
    expect(kinds(data.namespace.objects[0].history.nodes)).toEqual(['CREATED']);
    expect(data.namespace.tags[0].name).toBe('New');
    expect(kinds(data.namespace.tags[0].history.nodes)).toEqual(['CREATED', 'UPDATED']);
  });

  it('of a trait, a resource provider and a resource', async () => {
    const trait = `CUSTOM_${unique('H').replace(/\W/g, '_').toUpperCase()}`;
    await t.ok(`mutation ($name: String!) { createTrait(name: $name) { created } }`, { name: trait });
    const provider = (
      await t.ok(`mutation ($name: String!) { createResourceProvider(input: { name: $name }) { uuid } }`, {
        name: unique('rp').replace(/::/g, '-'),
      })
    ).createResourceProvider.uuid;
    await t.ok(
      `mutation ($uuid: UUID!, $name: String!) { updateResourceProvider(uuid: $uuid, input: { name: $name }) { uuid } }`,
      { uuid: provider, name: unique('rp2').replace(/::/g, '-') },
    );
    const owner = project(unique('res'));
    const uuid = await createResource(t, { name: 'r1' }, owner);
    await t.ok(
      `mutation ($uuid: UUID!) { updateResource(uuid: $uuid, input: { name: "r2" }) { uuid } }`,
      { uuid },
      owner,
    );
    const data = await t.ok(
      `query ($trait: String!, $provider: UUID!, $uuid: UUID!, $first: Int, $after: String) {
        trait(name: $trait) { ${HISTORY} }
        resourceProvider(uuid: $provider) { ${HISTORY} }
        resource(uuid: $uuid) { ${HISTORY} }
      }`,
      { trait, provider, uuid },
      owner,
    );
    expect(kinds(data.trait.history.nodes)).toEqual(['CREATED']);
    expect(kinds(data.resourceProvider.history.nodes)).toEqual(['CREATED', 'UPDATED']);
    expect(kinds(data.resource.history.nodes)).toEqual(['CREATED', 'UPDATED']);
    expect(data.resource.history.nodes[0].actor).toMatchObject({ via: 'GRAPHQL', projectId: owner.project });
  });

  it('pages forward with after (any change cursor), and refuses what is not one', async () => {
    const ns = await createNamespace(t);
    for (let i = 0; i < 4; i += 1) {
      await t.ok(
        `mutation ($ns: String!, $d: String!) { updateNamespace(name: $ns, input: { description: $d }) { name } }`,
        { ns, d: `d${i}` },
      );
    }
    const id = (await t.ok(`query ($ns: String!) { namespace(name: $ns) { id } }`, { ns })).namespace.id;
    const all = (await historyOf(id))!;
    expect(kinds(all.nodes)).toEqual(['CREATED', 'UPDATED', 'UPDATED', 'UPDATED', 'UPDATED']);
    const seen: Change[] = [];
    let after: string | undefined;
    for (;;) {
      const page = (await historyOf(id, ADMIN, 2, after))!;
      expect(page.totalCount).toBe(5);
      expect(page.pageInfo.hasPreviousPage).toBe(after !== undefined);
      seen.push(...page.nodes);
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor!;
    }
    expect(seen).toEqual(all.nodes);
    // A cursor of changes works too: the log's own positions.
    const fromChanges = await t.ok(`{ changes(first: 1) { pageInfo { endCursor } } }`);
    expect((await historyOf(id, ADMIN, 50, fromChanges.changes.pageInfo.endCursor))!.nodes).toEqual(
      all.nodes,
    );
    // After the last record: nothing, not an error.
    expect((await historyOf(id, ADMIN, 50, all.nodes.at(-1)!.cursor))!.nodes).toEqual([]);
    const bad = await t.gql(
      `query ($id: ID!) { node(id: $id) { ... on Namespace { history(after: "nope") { totalCount } } } }`,
      { id },
    );
    expectError(bad, 'BAD_USER_INPUT', 'after');
    const negative = await t.gql(
      `query ($id: ID!) { node(id: $id) { ... on Namespace { history(first: -1) { totalCount } } } }`,
      { id },
    );
    expectError(negative, 'BAD_USER_INPUT', 'first');
  });

  it('lists only the records the caller may see, as changes does: a namespace private until it was made public', async () => {
    const owner = project(unique('was-private'));
    const other = project(unique('other'));
    const ns = await createNamespace(t, { owner: owner.project, visibility: 'PRIVATE' });
    const id = (await t.ok(`query ($ns: String!) { namespace(name: $ns) { id } }`, { ns })).namespace.id;
    expect(await historyOf(id, other)).toBeUndefined();
    await t.ok(
      `mutation ($ns: String!) { updateNamespace(name: $ns, input: { visibility: PUBLIC }) { name } }`,
      { ns },
      owner,
    );
    for (const [who, expected] of [
      [ADMIN, ['CREATED', 'UPDATED']],
      [owner, ['CREATED', 'UPDATED']],
      // Its creation happened out of the other project's sight: only the change that showed it.
      [other, ['UPDATED']],
    ] as const) {
      const history = (await historyOf(id, who))!;
      expect(kinds(history.nodes)).toEqual(expected);
      expect(history.totalCount).toBe(expected.length);
      const changes = await t.ok(
        `query ($id: ID!) { changes(filter: { nodeId: $id }) { nodes { ${CHANGE} } } }`,
        { id },
        who,
      );
      expect(changes.changes.nodes).toEqual(history.nodes);
    }
    // Resource types' records are for admins: a project sees the type, and an empty history.
    const { resourceTypes } = await t.ok(`{ resourceTypes { id name } }`, {}, other);
    const server = resourceTypes.find((type: { name: string }) => type.name === 'OS::Nova::Server').id;
    expect((await historyOf(server, other))!.totalCount).toBe(0);
    expect((await historyOf(server, ADMIN))!.totalCount).toBeGreaterThan(0);
  });

  it("a deleted node's history stays reachable through changes(filter: { nodeId })", async () => {
    const ns = await createNamespace(t, { properties: [{ name: 'gone', title: 'G', type: 'STRING' }] });
    const ids = (await t.ok(`query ($ns: String!) { namespace(name: $ns) { id properties { id } } }`, { ns }))
      .namespace;
    const property = ids.properties[0].id;
    await t.ok(`mutation ($id: ID!) { deleteNode(id: $id) { deletedId } }`, { id: property });
    expect(await historyOf(property)).toBeUndefined();
    const changes = await t.ok(
      `query ($id: ID!) { changes(filter: { nodeId: $id }) { nodes { kind node { id } } } }`,
      {
        id: property,
      },
    );
    expect(changes.changes.nodes).toEqual([
      { kind: 'CREATED', node: null },
      { kind: 'DELETED', node: null },
    ]);
  });

  it("of every node of a list, in one statement for the list's histories", async () => {
    const ns = await createNamespace(t, {
      properties: ['a', 'b', 'c', 'd', 'e'].map((name) => ({ name, title: name, type: 'STRING' })),
    });
    await t.ok(
      `mutation ($ns: String!) { updateProperty(namespace: $ns, name: "c", input: { name: "c", title: "C", type: STRING }) { name } }`,
      { ns },
    );
    const query = `query ($ns: String!) { namespace(name: $ns) { properties { name
      history(first: 1) { totalCount pageInfo { hasNextPage } nodes { kind } } } } }`;
    const { result, statements } = await t.app.database.counter.measure(() => t.ok(query, { ns }));
    const histories = (result as Data).namespace.properties.map(
      (property: { name: string; history: Data }) => [property.name, property.history],
    );
    expect(histories).toEqual(
      ['a', 'b', 'c', 'd', 'e'].map((name) => [
        name,
        {
          totalCount: name === 'c' ? 2 : 1,
          pageInfo: { hasNextPage: name === 'c' },
          nodes: [{ kind: 'CREATED' }],
        },
      ]),
    );
    // One statement for the pages, one for the counts, and one sequencing step before both (it also reads what the
    // log keeps).
    expect(statements.filter((sql) => /FROM change_log c/.test(sql))).toHaveLength(2);
    expect(statements.filter((sql) => /change_log_sequence\(\)/.test(sql))).toHaveLength(1);
  });

  it("of a property in a resource type view: its plain node's", async () => {
    const type = unique('Hist::Type');
    const ns = await createNamespace(t, {
      resourceTypeAssociations: [{ name: type, prefix: 'h:' }],
      properties: [{ name: 'v', title: 'V', type: 'STRING' }],
    });
    const data = await t.ok(
      `query ($ns: String!, $type: String!) { namespace(name: $ns, resourceType: $type) { properties { id name history { nodes { kind nodeId } } } } }`,
      { ns, type },
    );
    const [property] = data.namespace.properties;
    expect(property.name).toBe('h:v');
    expect(property.history.nodes).toHaveLength(1);
    expect(property.history.nodes[0].kind).toBe('CREATED');
  });

  it("in a subscription's events: each event's node with its history as of that event", async () => {
    const ns = await createNamespace(t);
    const url = await wsUrl(t);
    const baseline = t.app.changes.listenerCount;
    const subscriber = subscribe(
      url,
      `subscription ($ns: String) { catalogChanged(namespace: $ns) { kind node { ... on Node { history { totalCount nodes { kind } } } } } }`,
      { ns },
      { headers: headersOf(ADMIN) as Record<string, string> },
    );
    await listeningSubscriptions(t, baseline, 1);
    try {
      for (const description of ['one', 'two']) {
        await t.ok(
          `mutation ($ns: String!, $d: String!) { updateNamespace(name: $ns, input: { description: $d }) { name } }`,
          { ns, d: description },
        );
      }
      const first = (await subscriber.next()).catalogChanged;
      const second = (await subscriber.next()).catalogChanged;
      // Loaders are fresh for each event: the second does not reuse the first's page.
      expect(first.kind).toBe('UPDATED');
      expect(second.node.history.totalCount).toBe(3);
      expect(kinds(second.node.history.nodes)).toEqual(['CREATED', 'UPDATED', 'UPDATED']);
      expect(first.node.history.totalCount).toBeGreaterThanOrEqual(2);
    } finally {
      await subscriber.dispose();
    }
  });

  // Before the last test (it prunes the whole log): this one prunes through two records of its own.
  it('is CURSOR_EXPIRED, in changes, history and a resumed subscription alike, when a pruning commits between the step and the read', async () => {
    const db = t.app.database.dataSource;
    const manager = db.manager;
    const query = manager.query.bind(manager);
    /** The cursor just before `seq`, and a pruner's batch through `seq` run right after each sequencing step. */
    const pruneAfterSteps = (seq: string) => {
      let prunings = 0;
      let pruned!: () => void;
      const prunedOnce = new Promise<void>((resolve) => (pruned = resolve));
      const spy = jest
        .spyOn(manager, 'query')
        .mockImplementation(async (...args: Parameters<typeof query>) => {
          const result: unknown = await query(...args);
          if (args[0].includes('change_log_sequence()')) {
            prunings += 1;
            // pruneChanges' statement, committed before the request's page: as another instance's pruning can be.
            await query(
              `WITH gone AS (DELETE FROM change_log WHERE seq <= $1 RETURNING 1),
                  mark AS (UPDATE change_log_retention SET pruned_through = greatest(pruned_through, $1::bigint))
             SELECT count(*)::int AS count FROM gone`,
              [seq],
            );
            pruned();
          }
          return result;
        });
      const after = Buffer.from(JSON.stringify(['change', (BigInt(seq) - 1n).toString()])).toString(
        'base64url',
      );
      return { after, prunings: () => prunings, prunedOnce, restore: () => spy.mockRestore() };
    };
    /** The log's head once numbered: the seq of the last change committed (this test's own). */
    const head = async () => {
      await numberChanges(t);
      const [{ seq }] = (await db.query(`SELECT last_seq::text AS seq FROM change_log_head`)) as {
        seq: string;
      }[];
      return seq;
    };
    const codes = (result: { errors?: readonly { extensions?: Record<string, unknown> }[] }) =>
      result.errors?.map((error) => [error.extensions?.code, error.extensions?.field]);

    // changes: a poll from just before a trait's record; the pruning takes that record.
    const trait = `CUSTOM_${unique('P').replace(/\W/g, '_').toUpperCase()}`;
    await t.ok(`mutation ($name: String!) { createTrait(name: $name) { created } }`, { name: trait });
    const polled = pruneAfterSteps(await head());
    try {
      const result = await t.gql(`query ($after: String) { changes(after: $after) { nodes { kind } } }`, {
        after: polled.after,
      });
      expect(polled.prunings()).toBe(1);
      expect(codes(result)).toEqual([['CURSOR_EXPIRED', 'after']]);
    } finally {
      polled.restore();
    }

    // history: a namespace's, from just before its record.
    const ns = await createNamespace(t);
    const id = (await t.ok(`query ($ns: String!) { namespace(name: $ns) { id } }`, { ns })).namespace.id;
    const paged = pruneAfterSteps(await head());
    try {
      const result = await t.gql(
        `query ($id: ID!, $after: String) { node(id: $id) { ... on Namespace { history(after: $after) { nodes { kind } } } } }`,
        { id, after: paged.after },
      );
      expect(paged.prunings()).toBe(1);
      expect(codes(result)).toEqual([['CURSOR_EXPIRED', 'after']]);
    } finally {
      paged.restore();
    }

    // A resumed subscription: the pruning commits after subscribe checked the cursor (its step), before the
    // subscription reads what followed the cursor from the log. Not an error would be a subscription missing it.
    await t.ok(
      `mutation ($ns: String!) { updateNamespace(name: $ns, input: { description: "d" }) { name } }`,
      {
        ns,
      },
    );
    const resumed = pruneAfterSteps(await head());
    try {
      const subscriber = subscribe(
        await wsUrl(t),
        'subscription ($after: String) { catalogChanged(after: $after) { kind } }',
        { after: resumed.after },
        { headers: headersOf(ADMIN) as Record<string, string> },
      );
      try {
        const outcome = subscriber.next().then(
          () => 'an event',
          (error: unknown) => String(error),
        );
        await resumed.prunedOnce;
        expect(resumed.prunings()).toBe(1);
        resumed.restore();
        // A write after the pruning: a subscription that passed the pruned records by would deliver it, not
        // wait for it forever (no timer standing in for "nothing came").
        await t.ok(
          `mutation ($ns: String!) { updateNamespace(name: $ns, input: { description: "after" }) { name } }`,
          { ns },
        );
        expect(await outcome).toMatch(/CURSOR_EXPIRED/);
      } finally {
        await subscriber.dispose();
      }
    } finally {
      resumed.restore();
    }
  });

  // Last: it prunes the whole log.
  it('is CURSOR_EXPIRED naming after past what the log keeps, in a list too', async () => {
    const ns = await createNamespace(t, {
      properties: ['a', 'b'].map((name) => ({ name, title: name, type: 'STRING' })),
    });
    await numberChanges(t);
    const [{ seq }] = (await t.app.database.dataSource.query(
      `SELECT min(seq)::text AS seq FROM change_log`,
    )) as {
      seq: string;
    }[];
    await pruneChanges(t.app.database.dataSource, new Date(Date.now() + 60_000));
    const after = Buffer.from(JSON.stringify(['change', seq])).toString('base64url');
    const result = await t.gql(
      `query ($ns: String!, $after: String) { namespace(name: $ns) { properties { history(after: $after) { totalCount } } } }`,
      { ns, after },
    );
    // history is non-null: the first failing node's error nulls the namespace (graphql-js reports that one).
    expect(result.errors?.map((error) => [error.extensions?.code, error.extensions?.field])).toEqual([
      ['CURSOR_EXPIRED', 'after'],
    ]);
    expect(result.errors![0].path?.slice(0, 2)).toEqual(['namespace', 'properties']);
    expect(result.data).toEqual({ namespace: null });
    // Without a cursor: what the log still keeps (nothing of these).
    const fresh = await t.ok(`query ($ns: String!) { namespace(name: $ns) { history { totalCount } } }`, {
      ns,
    });
    expect(fresh.namespace.history.totalCount).toBe(0);
  });
});
