import { actorStatement } from '../src/common/actor';
import pino from 'pino';
import { ChangeSequencer, PENDING_VACUUM_MS, sequenceChanges, type Queryable } from '../src/db/change-log';
import { ADMIN, numberChanges, project, startTestApp, unique, type TestApp } from './support/test-app';

/**
 * The change log numbered after the commit (migration 1763701200000-change-log-sequencer.ts, docs/live.md): a
 * writer leaves pending rows; a sequencing step numbers them. Who runs a step, and what a record says when the
 * namespace changed between the commit and the step.
 */
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
