import { CHANGES_SCAN_LIMIT } from '../src/modules/live/change-log.service';
import { ADMIN, numberChanges, project, startTestApp, unique, type TestApp } from './support/test-app';

/**
 * Polling `changes` (docs/live.md, "`changes`: polling the log"): `resumeCursor` passes over what the caller may
 * not see or the filter leaves out, so a poll that found everything starts at the head next time instead of
 * examining the same records again; and one request examines at most CHANGES_SCAN_LIMIT records unless an index
 * narrows the log (a node, a namespace).
 */
const POLL = `query ($after: String, $filter: ChangeFilter, $first: Int) {
  changes(after: $after, filter: $filter, first: $first) {
    nodes { nodeType nodeId }
    pageInfo { endCursor hasNextPage }
    resumeCursor
  }
}`;
const cursorOf = (seq: string | bigint) =>
  Buffer.from(JSON.stringify(['change', String(seq)])).toString('base64url');
const seqOf = (cursor: string) => (JSON.parse(Buffer.from(cursor, 'base64url').toString()) as string[])[1];

describe('polling changes: resumeCursor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const head = async () => {
    await numberChanges(t);
    const [{ seq }] = (await t.app.database.dataSource.query(
      `SELECT last_seq::text AS seq FROM change_log_head`,
    )) as { seq: string }[];
    return seq;
  };
  const createTrait = async () =>
    (
      await t.ok(`mutation ($name: String!) { createTrait(name: $name) { trait { id name } } }`, {
        name: `CUSTOM_${unique('P').replace(/\W/g, '_').toUpperCase()}`,
      })
    ).createTrait.trait as { id: string; name: string };
  const createNamespace = (name: string) =>
    t.ok(`mutation ($name: String!) { createNamespace(input: { name: $name }) { id } }`, { name }, ADMIN);

  it('passes over what the filter leaves out: at the head when nothing more matches', async () => {
    const start = await head();
    const trait = await createTrait();
    for (let i = 0; i < 3; i += 1) await createNamespace(unique('Poll'));
    const first = (await t.ok(POLL, { after: cursorOf(start), filter: { types: ['Trait'] } })).changes;
    expect(first.nodes).toEqual([{ nodeType: 'Trait', nodeId: trait.id }]);
    expect(first.pageInfo.hasNextPage).toBe(false);
    // Past the trait and the three namespaces after it.
    expect(first.resumeCursor).toBe(cursorOf(await head()));
    expect(BigInt(seqOf(first.resumeCursor))).toBe(BigInt(seqOf(first.pageInfo.endCursor)) + 3n);
    const again = (await t.ok(POLL, { after: first.resumeCursor, filter: { types: ['Trait'] } })).changes;
    expect(again).toEqual({
      nodes: [],
      pageInfo: { endCursor: null, hasNextPage: false },
      resumeCursor: first.resumeCursor,
    });
    // A later match is found from there.
    const later = await createTrait();
    const next = (await t.ok(POLL, { after: again.resumeCursor, filter: { types: ['Trait'] } })).changes;
    expect(next.nodes).toEqual([{ nodeType: 'Trait', nodeId: later.id }]);
  });

  it('a poll costs two statements: a sequencing step, then the page with what the log keeps (one snapshot)', async () => {
    const start = await head();
    await createTrait();
    const { result, statements } = await t.app.database.counter.measure(() =>
      t.ok(POLL, { after: cursorOf(start), filter: { types: ['Trait'] } }),
    );
    expect((result as { changes: { nodes: unknown[] } }).changes.nodes).toHaveLength(1);
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/change_log_sequence\(\).*pruned_through/s);
    expect(statements[1]).toMatch(/pruned_through::text FROM change_log_retention.*FROM change_log c/s);
  });

  it('passes over what the caller may not see, without listing it', async () => {
    const owner = unique('owner').replace(/\W/g, '');
    const other = project(unique('other').replace(/\W/g, ''));
    const start = await head();
    await t.ok(`mutation ($input: CreateNamespaceInput!) { createNamespace(input: $input) { id } }`, {
      input: { name: unique('Private'), owner },
    });
    const page = (await t.ok(POLL, { after: cursorOf(start) }, other)).changes;
    expect(page.nodes).toEqual([]);
    expect(page.pageInfo.hasNextPage).toBe(false);
    expect(page.resumeCursor).toBe(cursorOf(await head()));
  });

  it('resumes a full page after its last item', async () => {
    const start = await head();
    await createTrait();
    await createTrait();
    const page = (await t.ok(POLL, { after: cursorOf(start), filter: { types: ['Trait'] }, first: 1 }))
      .changes;
    expect(page.nodes).toHaveLength(1);
    expect(page.pageInfo.hasNextPage).toBe(true);
    expect(page.resumeCursor).toBe(page.pageInfo.endCursor);
    // A page of none lists nothing, so it resumes where it started.
    const none = (await t.ok(POLL, { after: cursorOf(start), filter: { types: ['Trait'] }, first: 0 }))
      .changes;
    expect(none.resumeCursor).toBe(cursorOf(start));
    expect(none.pageInfo.hasNextPage).toBe(true);
  });

  it(`examines at most ${CHANGES_SCAN_LIMIT} records a request, unless a node or a namespace narrows the log`, async () => {
    const db = t.app.database.dataSource;
    const start = await head();
    const filler = CHANGES_SCAN_LIMIT + 500;
    // Records of property changes, written as the log would hold them (faster than as many mutations).
    await db.query(
      `WITH h AS (SELECT last_seq FROM change_log_head)
       INSERT INTO change_log (seq, txid, committed_at, kind, node_type, node_key, contained, via, actor_project,
                               namespace_id, namespace, owner, public, resource_types)
       SELECT h.last_seq + g, 1000000000 + g, now(), 'UPDATED', 'PropertyDefinition', g::text, false, 'sql', NULL,
              NULL, 'Poll::Filler', 'admin', true, ARRAY[]::text[]
         FROM h, generate_series(1, $1::int) g`,
      [filler],
    );
    await db.query(`UPDATE change_log_head SET last_seq = last_seq + $1::bigint`, [filler]);
    const trait = await createTrait();

    const first = (await t.ok(POLL, { after: cursorOf(start), filter: { types: ['Trait'] } })).changes;
    expect(first.nodes).toEqual([]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(first.resumeCursor).toBe(cursorOf(BigInt(start) + BigInt(CHANGES_SCAN_LIMIT)));
    const second = (await t.ok(POLL, { after: first.resumeCursor, filter: { types: ['Trait'] } })).changes;
    expect(second.nodes).toEqual([{ nodeType: 'Trait', nodeId: trait.id }]);
    expect(second.pageInfo.hasNextPage).toBe(false);
    expect(second.resumeCursor).toBe(cursorOf(await head()));

    // A node's or a namespace's records come through their index: found in one request.
    const byNode = (await t.ok(POLL, { after: cursorOf(start), filter: { nodeId: trait.id } })).changes;
    expect(byNode.nodes).toEqual([{ nodeType: 'Trait', nodeId: trait.id }]);
    const byNamespace = (
      await t.ok(POLL, { after: cursorOf(start), filter: { namespace: 'Poll::Filler' }, first: 1 })
    ).changes;
    expect(byNamespace.nodes).toHaveLength(1);
    // Unfiltered, an admin's page is the next records, whatever they are.
    const all = (await t.ok(POLL, { after: cursorOf(start), first: 2 })).changes;
    expect(all.nodes.map((node: { nodeType: string }) => node.nodeType)).toEqual([
      'PropertyDefinition',
      'PropertyDefinition',
    ]);
  });
});
