import { actorStatement } from '../src/common/actor';
import pino from 'pino';
import { ChangeSequencer, PENDING_VACUUM_MS, sequenceChanges, type Queryable } from '../src/db/change-log';
import { functionFiles } from '../src/db/sql-definitions';
import { ADMIN, numberChanges, project, startTestApp, unique, type TestApp } from './support/test-app';

/**
 * The change log numbered after the commit (src/db/change-log/sql/change_log_sequence.sql, docs/live.md): a
 * writer leaves pending rows; a sequencing step numbers them. Who runs a step, and what a record says when the
 * namespace changed between the commit and the step.
 */
/** Above this many pending rows a step plans its statement afresh (`IF pending > …` in the step's file). */
const FRESH_PLAN_ROWS = Number(
  /IF pending > (\d+) THEN/.exec(
    functionFiles().find((file) => file.name === 'change_log_sequence')!.text,
  )![1],
);
const CHANGES = `query ($ns: String!) {
  changes(first: 50, filter: { namespace: $ns }) { nodes { kind nodeType } }
}`;

describe('change log: the sequencing step', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.app.database.dataSource;
  const recorded = async (ns: string) =>
    (await db().query(
      `SELECT kind, node_type, public, via FROM change_log WHERE namespace = $1 ORDER BY seq`,
      [ns],
    )) as { kind: string; node_type: string; public: boolean; via: string }[];
  const pending = async () =>
    Number(((await db().query(`SELECT count(*)::int AS n FROM change_log_pending`)) as { n: number }[])[0].n);

  it('numbers a write by SQL by hand without any reader asking (the commit NOTIFYs the instances)', async () => {
    const ns = unique('Seq::Sql');
    await db().query(`INSERT INTO namespaces (name, visibility, owner) VALUES ($1, 'public', 'x')`, [ns]);
    // No sequenceChanges here: the instance's feed hears the commit and runs a step.
    for (let waited = 0; !(await recorded(ns)).length; waited += 20) {
      if (waited > 20_000) throw new Error('the write by SQL was not numbered');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await recorded(ns)).toEqual([
      { kind: 'CREATED', node_type: 'Namespace', public: true, via: 'sql' },
    ]);
  });

  it('numbers what a GraphQL write of this instance committed, and a reader sees it at once', async () => {
    const ns = unique('Seq::Api');
    await t.ok(
      `mutation ($ns: String!) { createNamespace(input: { name: $ns, visibility: PUBLIC }) { id } }`,
      {
        ns,
      },
    );
    // `changes` runs a step first: the write is there whether or not the instance's own step ran yet.
    const { changes } = await t.ok(CHANGES, { ns }, project('seq-reader'));
    expect(changes.nodes).toEqual([{ kind: 'CREATED', nodeType: 'Namespace' }]);
  });

  it('a record whose namespace went private before its step is private: another project never sees it', async () => {
    const ns = unique('Seq::Hidden');
    const owner = project('seq-owner');
    await t.ok(
      `mutation ($ns: String!, $owner: String!) { createNamespace(input: { name: $ns, visibility: PUBLIC, owner: $owner }) { id } }`,
      { ns, owner: owner.project },
      ADMIN,
    );
    await numberChanges(t);
    await t.app.changes.sequenced(); // the step the mutation asked for, run now rather than between the two below
    // Two transactions that name a GraphQL actor (no NOTIFY) and ask no step: both stay pending until the step below.
    const actor = actorStatement({ via: 'graphql', project: owner.project, user: 'u' });
    const runner = db().createQueryRunner();
    try {
      await runner.query('START TRANSACTION');
      await runner.query(actor);
      await runner.query(
        `INSERT INTO metadef_properties (namespace_id, name, schema)
         SELECT id, 'secret', '{"title": "secret", "type": "string"}' FROM namespaces WHERE name = $1`,
        [ns],
      );
      await runner.query('COMMIT');
      await runner.query('START TRANSACTION');
      await runner.query(actor);
      await runner.query(`UPDATE namespaces SET visibility = 'private' WHERE name = $1`, [ns]);
      await runner.query('COMMIT');
    } finally {
      await runner.release();
    }
    expect(await pending()).toBeGreaterThanOrEqual(2);
    await sequenceChanges(db());
    const rows = await recorded(ns);
    // The property was committed while the namespace was public, but it is private by the step: private.
    expect(rows.map((row) => [row.kind, row.node_type, row.public])).toEqual([
      ['CREATED', 'Namespace', true],
      ['CREATED', 'PropertyDefinition', false],
      ['UPDATED', 'Namespace', false],
    ]);
    const other = await t.ok(CHANGES, { ns }, project('seq-other'));
    // The property never shows; the namespace's update does (it tells who saw it public that it went away).
    expect(other.changes.nodes).toEqual([
      { kind: 'CREATED', nodeType: 'Namespace' },
      { kind: 'UPDATED', nodeType: 'Namespace' },
    ]);
    const mine = await t.ok(CHANGES, { ns }, owner);
    expect(mine.changes.nodes.map((node: { nodeType: string }) => node.nodeType)).toEqual([
      'Namespace',
      'PropertyDefinition',
      'Namespace',
    ]);
  });

  it('a namespace made public in the same transaction as a change shows the change as public', async () => {
    const ns = unique('Seq::Opened');
    await t.ok(
      `mutation ($ns: String!) { createNamespace(input: { name: $ns, visibility: PRIVATE, owner: "o" }) { id } }`,
      {
        ns,
      },
    );
    const runner = db().createQueryRunner();
    try {
      await runner.query('START TRANSACTION');
      await runner.query(actorStatement({ via: 'graphql', project: null, user: null }));
      await runner.query(
        `INSERT INTO metadef_properties (namespace_id, name, schema)
         SELECT id, 'opened', '{"title": "opened", "type": "string"}' FROM namespaces WHERE name = $1`,
        [ns],
      );
      await runner.query(`UPDATE namespaces SET visibility = 'public' WHERE name = $1`, [ns]);
      await runner.query('COMMIT');
    } finally {
      await runner.release();
    }
    await sequenceChanges(db());
    expect((await recorded(ns)).map((row) => [row.kind, row.node_type, row.public])).toEqual([
      ['CREATED', 'Namespace', false],
      ['CREATED', 'PropertyDefinition', true],
      ['UPDATED', 'Namespace', true],
    ]);
  });

  /** Runs `statements` in one transaction that names a GraphQL actor (no NOTIFY: it stays pending until a step). */
  const committed = async (...statements: [string, unknown[]?][]) => {
    const runner = db().createQueryRunner();
    try {
      await runner.query('START TRANSACTION');
      await runner.query(actorStatement({ via: 'graphql', project: null, user: null }));
      for (const [sql, parameters] of statements) await runner.query(sql, parameters);
      await runner.query('COMMIT');
    } finally {
      await runner.release();
    }
  };
  const full = async (ns: string) =>
    (await db().query(
      `SELECT kind, node_type, namespace, public, resource_types, contained FROM change_log
        WHERE namespace_id = (SELECT namespace_id FROM change_log WHERE namespace = $1 LIMIT 1) ORDER BY seq`,
      [ns],
    )) as {
      kind: string;
      node_type: string;
      namespace: string;
      public: boolean;
      resource_types: string[];
      contained: boolean;
    }[];

  it("a record carries its namespace's name and resource types as its transaction left them, whatever came after before its step", async () => {
    const ns = unique('Seq::Types');
    const renamed = `${ns}_renamed`;
    await t.ok(
      `mutation ($ns: String!) {
        createNamespace(input: { name: $ns, visibility: PUBLIC, resourceTypeAssociations: [{ name: "OS::Glance::Image" }] }) { id }
      }`,
      { ns },
      ADMIN,
    );
    // Another namespace, so that OS::Cinder::Volume is a resource type (an admin's unknown name is registered).
    await t.ok(
      `mutation ($ns: String!) {
        createNamespace(input: { name: $ns, resourceTypeAssociations: [{ name: "OS::Cinder::Volume" }] }) { id }
      }`,
      { ns: `${ns}_other` },
      ADMIN,
    );
    await numberChanges(t);
    await t.app.changes.sequenced();
    const property = (name: string) =>
      [
        `INSERT INTO metadef_properties (namespace_id, name, schema)
         SELECT id, $2, '{"title": "t", "type": "string"}' FROM namespaces WHERE name = $1`,
        [ns, name],
      ] as [string, unknown[]];
    // Four transactions, all pending at the step: a property; an association; a property and a rename; a property.
    await committed(property('before'));
    await committed([
      `INSERT INTO namespace_resource_types (namespace_id, resource_type_id)
       SELECT n.id, rt.id FROM namespaces n, resource_types rt WHERE n.name = $1 AND rt.name = 'OS::Cinder::Volume'`,
      [ns],
    ]);
    await committed(property('between'), [`UPDATE namespaces SET name = $2 WHERE name = $1`, [ns, renamed]]);
    await committed([
      `INSERT INTO metadef_properties (namespace_id, name, schema)
       SELECT id, 'after', '{"title": "t", "type": "string"}' FROM namespaces WHERE name = $1`,
      [renamed],
    ]);
    // All four pending at one step (on PostgreSQL another test's instance may number some sooner: the records are
    // the same, as each step sees every commit before it).
    if (t.app.database.kind === 'pglite') expect(await pending()).toBeGreaterThanOrEqual(5);
    await sequenceChanges(db());
    const both = ['OS::Cinder::Volume', 'OS::Glance::Image'];
    expect(
      (await full(ns)).map((r) => [r.kind, r.node_type, r.namespace, r.resource_types, r.public]),
    ).toEqual([
      ['CREATED', 'Namespace', ns, ['OS::Glance::Image'], true],
      ['CREATED', 'PropertyDefinition', ns, ['OS::Glance::Image'], true],
      ['UPDATED', 'Namespace', ns, both, true],
      // Written before the rename in its own transaction: told as that transaction left the namespace.
      ['CREATED', 'PropertyDefinition', renamed, both, true],
      ['UPDATED', 'Namespace', renamed, both, true],
      ['CREATED', 'PropertyDefinition', renamed, both, true],
    ]);
  });

  it('a namespace deleted with thousands of rows records each once, reading the pending rows a bounded number of times', async () => {
    const ns = unique('Seq::Big');
    const rows = 3000;
    await t.ok(
      `mutation ($ns: String!) { createNamespace(input: { name: $ns, visibility: PUBLIC }) { id } }`,
      { ns },
    );
    await committed([
      `INSERT INTO metadef_properties (namespace_id, name, schema)
       SELECT n.id, 'p' || g, '{"title": "t", "type": "string"}' FROM namespaces n, generate_series(1, $2::int) g
        WHERE n.name = $1`,
      [ns, rows],
    ]);
    await sequenceChanges(db());
    // What the delete read of change_log_pending: this session's statistics before and after it (they may hold its
    // earlier transactions' counts too, not yet reported).
    const runner = db().createQueryRunner();
    const readSoFar = async () => {
      const [stats] = (await runner.query(
        `SELECT COALESCE(seq_tup_read, 0) + COALESCE(idx_tup_fetch, 0) AS read
           FROM pg_stat_xact_user_tables WHERE relname = 'change_log_pending'`,
      )) as { read: string }[];
      return Number(stats?.read ?? 0);
    };
    let read: number;
    try {
      await runner.query('START TRANSACTION');
      await runner.query(actorStatement({ via: 'graphql', project: null, user: null }));
      const before = await readSoFar();
      await runner.query(`DELETE FROM namespaces WHERE name = $1`, [ns]);
      read = (await readSoFar()) - before;
      await runner.query('COMMIT');
    } finally {
      await runner.release();
    }
    // Each row that went once at most (it was once per row that went: 3,000 rows, ~4.5 million reads).
    expect(read).toBeLessThan(rows);
    await sequenceChanges(db());
    const records = await full(ns);
    const deleted = records.filter((r) => r.kind === 'DELETED');
    expect(deleted).toHaveLength(rows + 1);
    // What went with it is contained, told with the namespace as it was.
    expect(deleted.filter((r) => r.node_type === 'PropertyDefinition').every((r) => r.contained)).toBe(true);
    expect(deleted.every((r) => r.namespace === ns && r.public)).toBe(true);
  });

  it(`a step of more than ${FRESH_PLAN_ROWS} pending rows (planned afresh) numbers them as a smaller one does`, async () => {
    const ns = unique('Seq::Fresh');
    const rows = FRESH_PLAN_ROWS + 500;
    const owner = project('seq-fresh');
    await t.ok(
      `mutation ($ns: String!, $owner: String!) { createNamespace(input: { name: $ns, visibility: PRIVATE, owner: $owner }) { id } }`,
      { ns, owner: owner.project },
      ADMIN,
    );
    await t.app.changes.sequenced();
    await committed([
      `INSERT INTO metadef_properties (namespace_id, name, schema)
       SELECT n.id, 'p' || g, '{"title": "t", "type": "string"}' FROM namespaces n, generate_series(1, $2::int) g
        WHERE n.name = $1`,
      [ns, rows],
    ]);
    // A small transaction after it, pending too: numbered after the large one, in the same step.
    await committed([
      `INSERT INTO metadef_tags (namespace_id, name) SELECT id, 'last' FROM namespaces WHERE name = $1`,
      [ns],
    ]);
    // Whichever step numbers the large transaction sees more than FRESH_PLAN_ROWS pending rows.
    await sequenceChanges(db());
    const numbered = (await db().query(
      `SELECT c.seq::text AS seq, c.txid::text AS txid, c.node_type, c.kind, c.owner, c.public FROM change_log c
        WHERE c.namespace = $1 AND c.node_type <> 'Namespace' ORDER BY c.seq`,
      [ns],
    )) as { seq: string; txid: string; node_type: string; kind: string; owner: string; public: boolean }[];
    expect(numbered).toHaveLength(rows + 1);
    // One transaction's records are consecutive, and the later transaction comes after.
    for (let i = 1; i < numbered.length; i += 1)
      expect(BigInt(numbered[i].seq) - BigInt(numbered[i - 1].seq)).toBe(1n);
    expect(new Set(numbered.slice(0, rows).map((r) => r.txid)).size).toBe(1);
    expect(numbered.at(-1)).toMatchObject({ node_type: 'MetadefTag', kind: 'CREATED' });
    expect(numbered.every((r) => r.owner === owner.project && r.public === false)).toBe(true);
    expect(await pending()).toBe(0);
  });

  it('joins only by hash in its step, however few pending rows the planner expects (no nested loop over them)', async () => {
    // The planner's estimates of the pending rows are near zero (vacuumed empty every second; PGlite never analyzes
    // the table): nested loops it chose on them, each side a few hundred rows at the step, took a second a step.
    const [{ definition, config }] = (await db().query(
      `SELECT pg_get_functiondef(p.oid) AS definition, p.proconfig AS config
         FROM pg_proc p WHERE p.proname = 'change_log_sequence'`,
    )) as { definition: string; config: string[] | null }[];
    expect(config).toContain('enable_nestloop=off');
    // The step's statement, its variable `base` as $1 and without its INTO, as EXPLAIN takes it.
    const [, body, from] =
      /\n\s*(WITH batch AS[\s\S]*?)\n\s*INTO n, top, types, numbered (FROM records);/.exec(definition)!;
    const statement = `${body} ${from}`.replace(/\bSELECT base \+/, 'SELECT $1::bigint +');
    expect(statement).toContain('INSERT INTO change_log');
    const nodes = (plan: { 'Node Type': string; Plans?: unknown[] }): string[] => [
      plan['Node Type'],
      ...((plan.Plans ?? []) as (typeof plan)[]).flatMap(nodes),
    ];
    const planned = async () => {
      const runner = db().createQueryRunner();
      try {
        await runner.query('START TRANSACTION');
        for (const setting of config ?? []) {
          const [name, value] = setting.split('=');
          await runner.query(`SELECT set_config($1, $2, true)`, [name, value]);
        }
        const [row] = (await runner.query(`EXPLAIN (FORMAT JSON) ${statement}`, ['0'])) as {
          'QUERY PLAN': [{ Plan: { 'Node Type': string } }] | string;
        }[];
        const json = row['QUERY PLAN'];
        return nodes((typeof json === 'string' ? JSON.parse(json) : json)[0].Plan);
      } finally {
        await runner.query('ROLLBACK');
        await runner.release();
      }
    };
    // Nothing pending, then a few hundred transactions pending in one namespace, with a namespace change among them.
    await sequenceChanges(db());
    await db().query(`VACUUM change_log_pending`);
    const empty = await planned();
    const ns = unique('Seq::Plan');
    await t.ok(`mutation ($ns: String!) { createNamespace(input: { name: $ns }) { id } }`, { ns });
    await t.app.changes.sequenced();
    for (let i = 0; i < 300; i += 1)
      await committed([
        `INSERT INTO metadef_properties (namespace_id, name, schema)
         SELECT id, $2, '{"title": "t", "type": "string"}' FROM namespaces WHERE name = $1`,
        [ns, `p${i}`],
      ]);
    await committed([`UPDATE namespaces SET description = 'changed' WHERE name = $1`, [ns]]);
    const loaded = await planned();
    for (const plan of [empty, loaded]) {
      expect(plan).toContain('Hash Join');
      expect(plan).not.toContain('Nested Loop');
    }
    await sequenceChanges(db());
    const [{ n }] = (await db().query(
      `SELECT count(*)::int AS n FROM change_log WHERE namespace = $1 AND node_type = 'PropertyDefinition'`,
      [ns],
    )) as { n: number }[];
    expect(n).toBe(300);
  });

  it('under a stream of commits: steps at least the interval apart, all numbered, the pending rows vacuumed', async () => {
    const ns = unique('Seq::Stream');
    await t.ok(`mutation ($ns: String!) { createNamespace(input: { name: $ns }) { id } }`, { ns });
    // The instance's background connection, each statement's start and outcome noted on its way through.
    const statements: { sql: string; at: number; ok?: boolean }[] = [];
    const background = t.app.database.background;
    const noted: Queryable = {
      async query(sql, parameters) {
        const entry: { sql: string; at: number; ok?: boolean } = { sql, at: performance.now() };
        statements.push(entry);
        try {
          const rows = await background.query(sql, parameters);
          entry.ok = true;
          return rows;
        } catch (error) {
          entry.ok = false;
          throw error;
        }
      },
    };
    const intervalMs = 100;
    const sequencer = new ChangeSequencer(noted, pino({ level: 'silent' }), 10, intervalMs);
    const actor = actorStatement({ via: 'graphql', project: null, user: null });
    const runner = db().createQueryRunner();
    const started = performance.now();
    try {
      for (let i = 0; i < 30; i += 1) {
        await runner.query('START TRANSACTION');
        await runner.query(actor);
        await runner.query(
          `INSERT INTO metadef_properties (namespace_id, name, schema)
           SELECT id, $2, '{"title": "s", "type": "string"}' FROM namespaces WHERE name = $1`,
          [ns, `s${i}`],
        );
        await runner.query('COMMIT');
        sequencer.kick(); // as an instance does after each of its commits
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      await runner.release();
    }
    // flush() runs the step asked for now, without waiting for the interval: only the steps before it are spaced.
    const flushedAt = performance.now();
    await sequencer.flush();
    const elapsed = performance.now() - started;
    const steps = statements.filter((entry) => entry.sql.includes('change_log_sequence()'));
    // Each step is one statement here (none fills a batch of 2,000); none starts sooner than the interval after the
    // one before, so 30 commits ~10 ms apart cost a few steps, not 30.
    expect(steps.length).toBeGreaterThanOrEqual(2);
    expect(steps.length).toBeLessThanOrEqual(Math.ceil(elapsed / intervalMs) + 1);
    // (Node's timers count whole milliseconds from the loop's cached time: one may fire up to ~2 ms early.)
    for (let i = 1; i < steps.length; i += 1)
      if (steps[i].at < flushedAt)
        expect(steps[i].at - steps[i - 1].at).toBeGreaterThanOrEqual(intervalMs - 3);
    expect(steps.every((entry) => entry.ok)).toBe(true);
    // Nothing of the stream is left pending, and each record is there once.
    const [{ n }] = (await db().query(
      `SELECT count(*)::int AS n FROM change_log WHERE namespace = $1 AND node_type = 'PropertyDefinition'`,
      [ns],
    )) as { n: number }[];
    expect(n).toBe(30);
    // The rows the steps deleted are vacuumed after a step (on PGlite as on PostgreSQL), once a second at most.
    const vacuums = statements.filter((entry) => entry.sql.startsWith('VACUUM'));
    expect(vacuums.length).toBeGreaterThanOrEqual(1);
    expect(vacuums.length).toBeLessThanOrEqual(Math.ceil(elapsed / PENDING_VACUUM_MS) + 1);
    for (const vacuum of vacuums)
      expect(vacuum).toMatchObject({ sql: 'VACUUM (SKIP_LOCKED, PARALLEL 0) change_log_pending', ok: true });
    expect(vacuums[0].at).toBeGreaterThan(steps[0].at);
  });
});
