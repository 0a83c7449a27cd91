import { WATCH_ANNOUNCE_MS, WATCHED_FOR_MS } from '../src/common/changes';
import { listeningSubscriptions, subscribe, wsUrl, type Subscriber } from './support/subscriptions';
import { ADMIN, headersOf, startTestApps, unique, type TestApp } from './support/test-app';

/**
 * The pace of the sequencing steps (docs/live.md, "Who runs a step"): while a subscription waits for changes on
 * any instance, every instance numbers its commits within STEP_INTERVAL_MS; while none does, within
 * CHANGE_STEP_UNWATCHED_MS (here a minute, so that a change numbered sooner can only have been numbered by the
 * prompt pace). A reader of the log numbers what is pending first, whatever the pace.
 */
const CATALOG = `subscription { catalogChanged { kind nodeType namespace cursor } }`;
const CREATE_NAMESPACE = `mutation ($ns: String!) { createNamespace(input: { name: $ns, visibility: PUBLIC }) { id } }`;
const CHANGES = `query ($ns: String!) { changes(first: 10, filter: { namespace: $ns }) { nodes { kind nodeType } } }`;

describe('change log: the pace of the sequencing steps', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // On PostgreSQL two instances on one database (the subscriber on b, the writer a); on PGlite one.
    [a, b] = await startTestApps(2, { CHANGE_STEP_UNWATCHED_MS: '60000' });
  });
  afterAll(() => a.close());

  const db = () => a.app.database.dataSource;
  const numbered = async (ns: string) =>
    Number(
      (
        (await db().query(`SELECT count(*)::int AS n FROM change_log WHERE namespace = $1`, [ns])) as {
          n: number;
        }[]
      )[0].n,
    );
  const pendingFor = async (ns: string) =>
    Number(
      (
        (await db().query(
          `SELECT count(*)::int AS n FROM change_log_pending WHERE COALESCE(after_sight, sight) ->> 'namespace' = $1`,
          [ns],
        )) as { n: number }[]
      )[0].n,
    );
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Until neither instance is watched (a feed that just connected counts as watched for WATCHED_FOR_MS). */
  async function unwatched(): Promise<void> {
    const deadline = Date.now() + WATCHED_FOR_MS + WATCH_ANNOUNCE_MS + 10_000;
    while (a.app.changes.watched || b.app.changes.watched) {
      if (Date.now() > deadline) throw new Error('the instances stayed watched');
      await pause(50);
    }
  }
  async function subscribeOnB(): Promise<Subscriber> {
    const baseline = b.app.changes.listenerCount;
    const subscriber = subscribe(
      await wsUrl(b),
      CATALOG,
      {},
      { headers: headersOf(ADMIN) as Record<string, string> },
    );
    await listeningSubscriptions(b, baseline, 1);
    return subscriber;
  }

  it('with no subscription anywhere, a write waits for the unwatched pace; a reader of the log still reads it at once', async () => {
    // The instances' own listeners do not wait: the standard trait names (made on first use), a lost feed's
    // closing of sockets.
    for (const t of [a, b]) await t.ok(`{ validateTraits(names: ["HW_CPU_X86_AVX2"]) { valid } }`);
    await unwatched();
    const ns = unique('Pace::Quiet');
    await a.ok(CREATE_NAMESPACE, { ns });
    await pause(500);
    expect(await pendingFor(ns)).toBe(1);
    expect(await numbered(ns)).toBe(0);
    // `changes` numbers what is pending first.
    const { changes } = await b.ok(CHANGES, { ns });
    expect(changes.nodes).toEqual([{ kind: 'CREATED', nodeType: 'Namespace' }]);
    expect(await pendingFor(ns)).toBe(0);
  });

  it('a listener that waits, coming on another instance, has a step asked for at the unwatched pace start at once', async () => {
    await unwatched();
    const ns = unique('Pace::Early');
    await a.ok(CREATE_NAMESPACE, { ns });
    await pause(200);
    expect(await numbered(ns)).toBe(0);
    // A listener of b's feed (not a subscription: that would number what is pending itself before it reads the
    // log's head): b tells the instances (PostgreSQL), and a's step asked for a minute from now runs now.
    const stop = b.app.changes.listen(() => undefined);
    try {
      const deadline = Date.now() + 20_000;
      while (!(await numbered(ns))) {
        if (Date.now() > deadline) throw new Error('the step was not hurried');
        await pause(20);
      }
      expect(a.app.changes.watched).toBe(true);
    } finally {
      stop();
    }
  });

  it('while a subscription waits on another instance, each write reaches it at once', async () => {
    const subscriber = await subscribeOnB();
    try {
      // PostgreSQL: once a heard of it (a step a asked for before that starts at once when it does).
      while (!a.app.changes.watched) await pause(20);
      for (const ns of [unique('Pace::Live'), unique('Pace::Live')]) {
        await a.ok(CREATE_NAMESPACE, { ns });
        expect(await subscriber.next()).toEqual({
          catalogChanged: expect.objectContaining({ kind: 'CREATED', nodeType: 'Namespace', namespace: ns }),
        });
      }
    } finally {
      await subscriber.dispose();
    }
  });

  it('once the last subscription went, the instances go back to the unwatched pace', async () => {
    // b at once (PGlite) or WATCHED_FOR_MS after the last notice (PostgreSQL: its own notice counts too).
    await unwatched();
    const ns = unique('Pace::After');
    await a.ok(CREATE_NAMESPACE, { ns });
    await pause(500);
    expect(await numbered(ns)).toBe(0);
    await a.app.changes.sequenced(); // as the instance does before it closes
    expect(await numbered(ns)).toBe(1);
  });
});
