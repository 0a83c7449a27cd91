import { poolOf } from '../src/db/database';
import { ADMIN, numberChanges, project, startTestApp, unique, type TestApp } from './support/test-app';

/**
 * The change log written by triggers (migrations/1763701000000-change-log.ts): one record per node and
 * transaction, numbered in commit order, with the actor, whatever wrote.
 */
const CREATE_NAMESPACE = `mutation ($input: CreateNamespaceInput!) { createNamespace(input: $input) { id } }`;

interface Row {
  seq: string;
  txid: string;
  kind: string;
  node_type: string;
  node_key: string;
  contained: boolean;
  via: string;
  actor_project: string | null;
  actor_user: string | null;
  namespace: string | null;
  public: boolean | null;
}

describe('change log', () => {
  let t: TestApp;
  const records = async (namespace: string): Promise<Row[]> => {
    await numberChanges(t);
    return t.app.database.dataSource.query(
      `SELECT seq::text, txid::text, kind, node_type, node_key, contained, via, actor_project, actor_user,
              namespace, public
         FROM change_log WHERE namespace = $1 ORDER BY seq`,
      [namespace],
    );
  };

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('records each node a mutation creates, with the actor, numbered consecutively in one transaction', async () => {
    const ns = unique('NS');
    const owner = project('log-owner');
    await t.ok(
      CREATE_NAMESPACE,
      {
        input: {
          name: ns,
          owner: owner.project,
          properties: [{ name: 'a', title: 'a', type: 'STRING' }],
          objects: [{ name: 'o', properties: [{ name: 'x', title: 'x', type: 'STRING' }] }],
        },
      },
      ADMIN,
    );
    const rows = await records(ns);
    expect(rows.map((row) => [row.kind, row.node_type, row.contained])).toEqual([
      ['CREATED', 'Namespace', false],
      ['CREATED', 'PropertyDefinition', false],
      ['CREATED', 'MetadefObject', false],
      // The object's property: told by its object.
      ['CREATED', 'PropertyDefinition', true],
    ]);
    expect(new Set(rows.map((row) => row.txid)).size).toBe(1);
    rows.forEach((row, i) => expect(BigInt(row.seq)).toBe(BigInt(rows[0].seq) + BigInt(i)));
    for (const row of rows) {
      expect(row).toMatchObject({ via: 'graphql', actor_project: ADMIN.project, actor_user: ADMIN.user });
      expect(row).toMatchObject({ namespace: ns, public: false });
    }
  });

  it('records the actor as named, quotes and backslashes included (the statement carries it as a literal)', async () => {
    const ns = unique('NS');
    const odd = { project: `o'neil\\'; SELECT 1; --`, user: `a\\"b'`, roles: ['admin'] };
    await t.ok(CREATE_NAMESPACE, { input: { name: ns } }, odd);
    const [row] = await records(ns);
    expect(row).toMatchObject({ via: 'graphql', actor_project: odd.project, actor_user: odd.user });
  });

  it('has every instance told of a commit no instance numbers itself: via read from the parsed actor, any key order', async () => {
    const db = t.app.database.dataSource;
    // A service instance numbers its own commits, GraphQL's and REST's (test/change-log-pace.test.ts: they wait for
    // its step); any other is told to every instance (metacatalog_changes_pending). Each commit here is followed
    // by a marker NOTIFY on the same connection: notifications come in commit order, so the one before a marker
    // says whether that commit was told.
    const client = await poolOf(db)!.connect();
    const actors = {
      graphql: `{"via":"graphql","project":"p","user":"u"}`,
      reordered: `{"project":"p","user":"u","via":"graphql"}`,
      rest: `{"user":"u","via":"rest","project":"p"}`,
      cli: `{"via":"cli","project":null,"user":null}`,
      importer: `{"via":"import","project":"p","user":"u"}`,
      none: '',
    };
    const last = Object.keys(actors).at(-1)!;
    const heard: string[] = [];
    let allBack!: () => void;
    const back = new Promise<void>((resolve) => (allBack = resolve));
    const onNotification = (message: { channel: string; payload?: string }) => {
      if (message.channel === 'metacatalog_changes_pending') heard.push('told');
      if (message.channel !== 'test_change_log_marker') return;
      heard.push(message.payload ?? '');
      if (message.payload === last) allBack();
    };
    client.on('notification', onNotification);
    try {
      await client.query('LISTEN metacatalog_changes_pending; LISTEN test_change_log_marker');
      for (const [name, actor] of Object.entries(actors)) {
        await client.query('START TRANSACTION');
        await client.query(`SELECT set_config('metacatalog.actor', $1, true)`, [actor]);
        await client.query(`INSERT INTO traits (name) VALUES ($1)`, [
          unique('CUSTOM_TOLD').replace(/\W/g, '_'),
        ]);
        await client.query('COMMIT');
        await client.query(`SELECT pg_notify('test_change_log_marker', $1)`, [name]);
      }
      await back;
    } finally {
      // On PGlite this is the feed's own connection, which LISTENs to the pending channel itself.
      await client.query('UNLISTEN test_change_log_marker');
      if (t.app.database.kind !== 'pglite') await client.query('UNLISTEN metacatalog_changes_pending');
      client.off('notification', onNotification);
      client.release();
    }
    const told = Object.keys(actors).filter((name) => heard[heard.indexOf(name) - 1] === 'told');
    expect(told).toEqual(['cli', 'importer', 'none']);
    // Numbered all the same, each with its actor.
    await numberChanges(t);
  });

  it('records every node that went with a deleted namespace (contained), and SQL by hand as via sql', async () => {
    const ns = unique('NS');
    await t.ok(CREATE_NAMESPACE, {
      input: {
        name: ns,
        visibility: 'PUBLIC',
        properties: [{ name: 'a', title: 'a', type: 'STRING' }],
        objects: [{ name: 'o', properties: [{ name: 'x', title: 'x', type: 'STRING' }] }],
      },
    });
    const created = await records(ns);
    await t.app.database.dataSource.query(`DELETE FROM namespaces WHERE name = $1`, [ns]);
    const deleted = (await records(ns)).slice(created.length);
    // The namespace first (recorded before its row goes); what went with it in the cascade's order.
    expect(deleted[0]).toMatchObject({
      kind: 'DELETED',
      node_type: 'Namespace',
      contained: false,
      via: 'sql',
    });
    const summary = (rows: Row[], kind: string) =>
      rows
        .map((row) => [kind, row.node_type, row.node_key, row.node_type !== 'Namespace', 'sql'].join(' '))
        .sort();
    expect(summary(deleted, 'DELETED')).toEqual(summary(created, 'DELETED'));
    expect(deleted.map((row) => [row.kind, row.contained, row.via].join(' ')).sort()).toEqual(
      deleted.map((row) => ['DELETED', row.node_type !== 'Namespace', 'sql'].join(' ')).sort(),
    );
    expect(deleted.every((row) => row.actor_project === null)).toBe(true);
  });

  it('a rolled-back transaction records nothing', async () => {
    const ns = unique('NS');
    await numberChanges(t);
    const before = await t.app.database.dataSource.query(`SELECT last_seq::text AS seq FROM change_log_head`);
    const failed = await t.gql(CREATE_NAMESPACE, {
      input: {
        name: ns,
        properties: [{ name: 'bad', title: 'bad', type: 'INTEGER', minimum: 5, maximum: 1 }],
      },
    });
    expect(failed.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(await records(ns)).toEqual([]);
    const runner = t.app.database.dataSource.createQueryRunner();
    await runner.startTransaction();
    await runner.query(`INSERT INTO namespaces (name, visibility, owner) VALUES ($1, 'public', 'x')`, [ns]);
    await runner.rollbackTransaction();
    await runner.release();
    expect(await records(ns)).toEqual([]);
    await numberChanges(t);
    const after = await t.app.database.dataSource.query(`SELECT last_seq::text AS seq FROM change_log_head`);
    expect(after).toEqual(before);
  });

  it('an update that changes nothing records nothing; one that does records the namespace once', async () => {
    const ns = unique('NS');
    await t.ok(CREATE_NAMESPACE, { input: { name: ns, visibility: 'PUBLIC' } });
    const update = `mutation ($ns: String!, $input: UpdateNamespaceInput!) { updateNamespace(name: $ns, input: $input) { name } }`;
    await t.ok(update, { ns, input: { visibility: 'PUBLIC' } });
    expect(await records(ns)).toHaveLength(1);
    await t.ok(update, { ns, input: { visibility: 'PRIVATE', displayName: 'shown' } });
    const rows = await records(ns);
    expect(rows.map((row) => [row.kind, row.node_type, row.public])).toEqual([
      ['CREATED', 'Namespace', true],
      ['UPDATED', 'Namespace', false],
    ]);
  });
});

describe('the change feed without a listener that needs a commit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const head = async (): Promise<string> => {
    await numberChanges(t);
    const [{ seq }] = (await t.app.database.dataSource.query(
      `SELECT COALESCE(max(seq), 0)::text AS seq FROM change_log`,
    )) as { seq: string }[];
    return seq;
  };
  /** Waits until the feed has gone through the log's head. */
  const caughtUp = async (): Promise<string> => {
    const seq = await head();
    for (let waited = 0; BigInt(t.app.changes.deliveredSeq) < BigInt(seq); waited += 20) {
      if (waited > 20_000) throw new Error(`the feed stayed at ${t.app.changes.deliveredSeq}, not ${seq}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return seq;
  };
  const createNamespace = () => t.ok(CREATE_NAMESPACE, { input: { name: unique('NS-SKIP') } }, ADMIN);

  it('passes a commit no listener needs without reading the log, and reads the next one a listener needs', async () => {
    await caughtUp();
    // The standard trait names listen to traits only; no subscriber: a namespace's commit is passed.
    const passed = t.app.changes.skippedCommits;
    await createNamespace();
    await caughtUp();
    expect(t.app.changes.skippedCommits).toBe(passed + 1);

    // A listener that needs every change: the next commit is read and delivered to it, and none is passed.
    const delivered: string[] = [];
    const stop = t.app.changes.listen((event) => {
      if (event.type === 'change') delivered.push(event.change.type);
    });
    try {
      await createNamespace();
      await caughtUp();
      expect(delivered).toEqual(['Namespace']);
      expect(t.app.changes.skippedCommits).toBe(passed + 1);
    } finally {
      stop();
    }

    // A listener of traits only: a namespace's commit is passed again, a trait's is read and delivered.
    const traits: string[] = [];
    const stopTraits = t.app.changes.listen(
      (event) => {
        if (event.type === 'change') traits.push(event.change.type);
      },
      { types: ['Trait'] },
    );
    try {
      await createNamespace();
      await caughtUp();
      expect(t.app.changes.skippedCommits).toBe(passed + 2);
      const name = unique('CUSTOM_SKIP')
        .replace(/[^A-Z0-9_]/gi, '_')
        .toUpperCase();
      await t.ok(`mutation ($name: String!) { createTrait(name: $name) { created } }`, { name }, ADMIN);
      await caughtUp();
      expect(traits).toEqual(['Trait']);
      expect(t.app.changes.skippedCommits).toBe(passed + 2);
    } finally {
      stopTraits();
    }
  });
});
