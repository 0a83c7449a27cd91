import { FEED_APPLICATION_NAME } from '../src/db/change-log';
import { createNamespace } from './support/factories';
import { listeningSubscriptions, subscribe, wsUrl } from './support/subscriptions';
import { ADMIN, headersOf, numberChanges, startTestApp, unique, type TestApp } from './support/test-app';

/**
 * Issue 36 point 4: a change cursor beyond the change log's head. After a failover to a standby that lacked the
 * latest changes, or a point-in-time restore, a client's cursor can be ahead of the log; following it would skip
 * the records numbered anew below it. `changes`, `history` and a resumed subscription answer CURSOR_EXPIRED
 * (refetch, then subscribe without `after`), as for a cursor older than the log keeps.
 */
const cursorOf = (seq: bigint) =>
  Buffer.from(JSON.stringify(['change', seq.toString()])).toString('base64url');
const CHANGES = `query ($after: String) { changes(after: $after) { nodes { kind } pageInfo { endCursor } } }`;
const HISTORY = `query ($ns: String!, $after: String) { namespace(name: $ns) { history(after: $after) { nodes { kind } } } }`;
const CATALOG = `subscription ($after: String) { catalogChanged(after: $after) { kind namespace cursor } }`;

type Result = { errors?: readonly { message: string; extensions?: Record<string, unknown> }[] };
const codes = (result: Result) =>
  result.errors?.map((error) => [error.extensions?.code, error.extensions?.field]);

describe('a change cursor beyond the log head', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** The log's head once numbered (the seq of the last change committed). */
  const head = async () => {
    await numberChanges(t);
    const [{ seq }] = (await t.app.database.dataSource.query(
      `SELECT last_seq::text AS seq FROM change_log_head`,
    )) as { seq: string }[];
    return BigInt(seq);
  };

  /** A subscription resumed after `after`: its first event, or the error it ended with. */
  const resume = async (after: string) => {
    const baseline = t.app.changes.listenerCount;
    const subscriber = subscribe(
      await wsUrl(t),
      CATALOG,
      { after },
      {
        headers: headersOf(ADMIN) as Record<string, string>,
      },
    );
    return { subscriber, listening: () => listeningSubscriptions(t, baseline, 1) };
  };

  it('is CURSOR_EXPIRED (field after) for changes, history and a resumed subscription; the head itself is not', async () => {
    const ns = await createNamespace(t);
    const top = await head();
    const ahead = cursorOf(top + 1n);

    const changes = await t.gql(CHANGES, { after: ahead });
    expect(codes(changes)).toEqual([['CURSOR_EXPIRED', 'after']]);
    expect(changes.errors![0].message).toMatch(/beyond the change log's head/);
    // The head is where a poll that found everything resumes: an empty page, not an error.
    expect(await t.ok(CHANGES, { after: cursorOf(top) })).toEqual({
      changes: { nodes: [], pageInfo: { endCursor: null } },
    });

    const history = await t.gql(HISTORY, { ns, after: ahead });
    expect(codes(history)).toEqual([['CURSOR_EXPIRED', 'after']]);
    expect((await t.ok(HISTORY, { ns, after: cursorOf(top) })).namespace.history.nodes).toEqual([]);

    const refused = await resume(ahead);
    await expect(refused.subscriber.next()).rejects.toThrow(/CURSOR_EXPIRED/);
    await refused.subscriber.dispose();

    // Resumed at the head: the next write, nothing before it.
    const atHead = await resume(cursorOf(top));
    await atHead.listening();
    const next = await createNamespace(t);
    expect((await atHead.subscriber.next()).catalogChanged).toMatchObject({
      kind: 'CREATED',
      namespace: next,
    });
    await atHead.subscriber.dispose();
  });

  it('an instance whose feed finds the head below what it delivered expires every cursor up to it, and numbers after it', async () => {
    const subscriber = (await resume(cursorOf(await head()))).subscriber;
    await createNamespace(t);
    const seen = (await subscriber.next()).catalogChanged.cursor as string;
    const seenSeq = BigInt(JSON.parse(Buffer.from(seen, 'base64url').toString())[1] as string);
    const top = await head();
    const kept = top - 1n;
    expect(seenSeq).toBeLessThanOrEqual(top);
    // The tail the database lost (as a failover to a lagging standby), then the feed's connection ends.
    await t.app.database.dataSource.query(
      `WITH gone AS (DELETE FROM change_log WHERE seq > $1 RETURNING 1) UPDATE change_log_head SET last_seq = $1`,
      [kept.toString()],
    );
    if (process.env.TEST_DATABASE_URL) {
      const ended = await t.app.database.dataSource.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`,
        [FEED_APPLICATION_NAME],
      );
      expect(ended).toEqual([{ pg_terminate_backend: true }]);
    } else {
      await t.app.database.embedded!.stopSocket();
      await t.app.database.embedded!.startSocket();
    }
    expect((await subscriber.closed).code).toBe(4503);
    for (let waited = 0; !(t.app.changes.live && t.app.changes.movedBack); waited += 1) {
      if (waited > 300) throw new Error('the feed did not reconnect');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(t.app.changes.movedBack).toMatchObject({ from: top.toString(), to: kept.toString() });

    // New writes come after every cursor given out before: the one the subscriber holds stays expired.
    await createNamespace(t);
    await createNamespace(t);
    expect(await head()).toBeGreaterThan(seenSeq);
    expect(codes(await t.gql(CHANGES, { after: seen }))).toEqual([['CURSOR_EXPIRED', 'after']]);
    const refused = await resume(seen);
    await expect(refused.subscriber.next()).rejects.toThrow(/CURSOR_EXPIRED/);
    await refused.subscriber.dispose();
    // A new subscription (without a cursor) follows the new writes.
    const fresh = await resume(cursorOf(await head()));
    await fresh.listening();
    const name = await createNamespace(t);
    expect((await fresh.subscriber.next()).catalogChanged).toMatchObject({
      kind: 'CREATED',
      namespace: name,
    });
    await fresh.subscriber.dispose();
  });

  // Last: the head moves back under a feed that stays connected (which a real failover never does).
  it('a cursor the log gave out is CURSOR_EXPIRED once the head moved back below it (a lost tail), and what is left is still readable', async () => {
    const first = await createNamespace(t);
    const kept = await head();
    await createNamespace(t);
    await createNamespace(t, { name: unique('NS') });
    const { changes } = await t.ok(CHANGES, { after: cursorOf(kept) });
    expect(changes.nodes).toHaveLength(2);
    const lastSeen = changes.pageInfo.endCursor as string;

    // What a failover to a standby that lacked the last two transactions leaves: the log ends at `kept`.
    await t.app.database.dataSource.query(
      `WITH gone AS (DELETE FROM change_log WHERE seq > $1 RETURNING 1) UPDATE change_log_head SET last_seq = $1`,
      [kept.toString()],
    );
    expect(await head()).toBe(kept);

    expect(codes(await t.gql(CHANGES, { after: lastSeen }))).toEqual([['CURSOR_EXPIRED', 'after']]);
    const refused = await resume(lastSeen);
    await expect(refused.subscriber.next()).rejects.toThrow(/CURSOR_EXPIRED/);
    await refused.subscriber.dispose();
    // A cursor the log still reaches is followed as before.
    expect((await t.ok(CHANGES, { after: cursorOf(kept - 1n) })).changes.nodes).toEqual([
      { kind: 'CREATED' },
    ]);
    expect((await t.ok(HISTORY, { ns: first, after: null })).namespace.history.nodes).toEqual([
      { kind: 'CREATED' },
    ]);
  });
});
