import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { contextFor } from '../src/app/context';
import { makeIdentity } from '../src/common/identity/identity';
import { pruneChanges } from '../src/db/change-log';
import { buildProgram } from '../src/main';
import { metadefsService } from '../src/modules/metadefs-io/metadefs.service';
import { disposeAll, subscribeListening, subscribe, wsUrl } from './support/subscriptions';
import {
  ADMIN,
  headersOf,
  numberChanges,
  project,
  startTestApps,
  unique,
  type Data,
  type TestApp,
  type Who,
} from './support/test-app';

/**
 * Resumable subscriptions (docs/live.md, "Cursors"): a subscriber that went away resubscribes with the cursor of
 * the last event it received and gets exactly what was committed meanwhile, in commit order, whoever wrote it
 * (GraphQL on another instance, the CLI, SQL by hand), then live events.
 */
const CATALOG = `subscription ($after: String) {
  catalogChanged(after: $after) { kind nodeType namespace cursor id node { id } }
}`;
const CREATE_NAMESPACE = `mutation ($input: CreateNamespaceInput!) { createNamespace(input: $input) { id } }`;
const CREATE_PROPERTY = `mutation ($ns: String!, $name: String!) {
  createProperty(namespace: $ns, input: { name: $name, title: $name, type: STRING }) { id } }`;

/** A record as an event and the log (`changes`) both give it: a record delivered twice is equal to itself. */
const recordOf = (event: Data) => ({
  cursor: event.cursor,
  id: event.id ?? event.nodeId,
  kind: event.kind,
  nodeType: event.nodeType,
  namespace: event.namespace,
});
/** A cursor's seq. */
const seqOf = (cursor: string) =>
  BigInt((JSON.parse(Buffer.from(cursor, 'base64url').toString()) as string[])[1]);

describe('resumed subscriptions', () => {
  let a: TestApp;
  let b: TestApp;
  let dir: string;

  beforeAll(async () => {
    // On PostgreSQL two instances on one database; on PGlite one.
    [a, b] = await startTestApps(2);
    dir = mkdtempSync(join(tmpdir(), 'metacatalog-resume-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await a.close();
  });

  /** `metacatalog metadefs load <dir>` on the instances' database (PGlite in memory: the command's own code). */
  async function loadByCli(file: object): Promise<void> {
    const folder = mkdtempSync(join(dir, 'load-'));
    writeFileSync(join(folder, 'ns.json'), JSON.stringify(file));
    if (process.env.TEST_DATABASE_URL) {
      const saved = process.env.DATABASE_URL;
      process.env.DATABASE_URL = a.config.database.url;
      const quiet = jest.spyOn(console, 'log').mockImplementation(() => undefined);
      try {
        await buildProgram().exitOverride().parseAsync(['metadefs', 'load', folder], { from: 'user' });
      } finally {
        quiet.mockRestore();
        if (saved === undefined) delete process.env.DATABASE_URL;
        else process.env.DATABASE_URL = saved;
      }
    } else {
      const cli = contextFor(
        { config: a.config, dataSource: a.app.database.dataSource, logger: pino({ level: 'silent' }) },
        makeIdentity('admin', 'metacatalog-cli', ['admin']),
      );
      await metadefsService.loadDirectory(cli, folder);
    }
  }

  it('receives exactly what was committed meanwhile, in commit order, then live events', async () => {
    const ns = unique('NS');
    const fromCli = unique('NS');
    const first = await subscribeListening(b, CATALOG, ADMIN);
    const nsId = (await a.ok(CREATE_NAMESPACE, { input: { name: ns, visibility: 'PUBLIC' } })).createNamespace
      .id;
    const seen = (await first.next()).catalogChanged;
    expect(seen).toMatchObject({ kind: 'CREATED', namespace: ns });
    await disposeAll(b, [first]);

    // Five writes while nobody listens on B: GraphQL on A, the CLI, SQL by hand, GraphQL on A, a rolled back one.
    const p1 = (await a.ok(CREATE_PROPERTY, { ns, name: 'p1' })).createProperty.id;
    await loadByCli({
      namespace: fromCli,
      display_name: 'from the CLI',
      visibility: 'public',
      properties: {},
    });
    await a.app.database.dataSource.query(`UPDATE namespaces SET display_name = 'by hand' WHERE name = $1`, [
      ns,
    ]);
    const p2 = (await a.ok(CREATE_PROPERTY, { ns, name: 'p2' })).createProperty.id;
    await a.ok(`mutation ($ns: String!) { deleteProperty(namespace: $ns, name: "p1") }`, { ns });
    const failed = await a.gql(CREATE_NAMESPACE, {
      input: {
        name: unique('NS'),
        properties: [{ name: 'b', title: 'b', type: 'INTEGER', minimum: 5, maximum: 1 }],
      },
    });
    expect(failed.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');

    const resumed = await subscribeListening(b, CATALOG, ADMIN, { after: seen.cursor });
    const events = [];
    for (let i = 0; i < 5; i += 1) {
      events.push((await resumed.next()).catalogChanged);
    }
    expect(events.map((event) => [event.kind, event.nodeType, event.namespace])).toEqual([
      ['CREATED', 'PropertyDefinition', ns],
      ['CREATED', 'Namespace', fromCli],
      ['UPDATED', 'Namespace', ns],
      ['CREATED', 'PropertyDefinition', ns],
      ['DELETED', 'PropertyDefinition', ns],
    ]);
    // Each record whole (cursor, node, kind, type, namespace), as the log has it after the cursor: none twice,
    // none left out.
    const { namespace: cli } = await a.ok(`query ($ns: String!) { namespace(name: $ns) { id } }`, {
      ns: fromCli,
    });
    expect(events.map((event) => event.id)).toEqual([p1, cli.id, nsId, p2, p1]);
    const logged = await a.ok(
      `query ($after: String) { changes(after: $after, first: 10) { nodes { cursor nodeId kind nodeType namespace } } }`,
      { after: seen.cursor },
    );
    expect(events.map(recordOf)).toEqual(logged.changes.nodes.map(recordOf));
    // Cursors grow with commit order.
    const seqs = events.map((event) => seqOf(event.cursor));
    expect(seqs).toEqual([...seqs].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    expect(new Set(seqs).size).toBe(seqs.length);
    // Then live: the next event is the next write (not one of those again), whole.
    const live = (await a.ok(CREATE_PROPERTY, { ns, name: 'live' })).createProperty.id;
    const liveEvent = (await resumed.next()).catalogChanged;
    expect(liveEvent).toEqual({
      kind: 'CREATED',
      nodeType: 'PropertyDefinition',
      namespace: ns,
      cursor: expect.any(String),
      id: live,
      node: { id: live },
    });
    expect(seqOf(liveEvent.cursor)).toBeGreaterThan(seqs.at(-1)!);
    // Resuming after the last event received before it: only what came after it, the live one, the same record.
    const last = events.at(-1).cursor;
    await disposeAll(b, [resumed]);
    const again = await subscribeListening(b, CATALOG, ADMIN, { after: last });
    expect((await again.next()).catalogChanged).toEqual(liveEvent);
    // And then the next write, not the live one again.
    const next = (await a.ok(CREATE_PROPERTY, { ns, name: 'next' })).createProperty.id;
    expect((await again.next()).catalogChanged).toEqual({
      ...liveEvent,
      cursor: expect.any(String),
      id: next,
      node: { id: next },
    });
    await disposeAll(b, [again]);

    // Pruned: the cursor has expired.
    // As the instance prunes: beside the request counter (a request running meanwhile is not charged for it).
    const { count } = await a.app.database.counter.measure(() =>
      pruneChanges(a.app.database.background, new Date(Date.now() + 60_000)),
    );
    expect(count).toBe(0);
    const expired = subscribe(
      await wsUrl(b),
      CATALOG,
      { after: last },
      {
        headers: headersOf(ADMIN) as Record<string, string>,
      },
    );
    await expect(expired.next()).rejects.toThrow(/CURSOR_EXPIRED/);
    await expired.dispose();
  });

  it('refuses a cursor that is not one (BAD_USER_INPUT on after)', async () => {
    const bad = subscribe(
      await wsUrl(b),
      CATALOG,
      { after: 'bm9wZQ' },
      {
        headers: headersOf(ADMIN) as Record<string, string>,
      },
    );
    await expect(bad.next()).rejects.toThrow(/BAD_USER_INPUT.*after|after.*BAD_USER_INPUT/);
    await bad.dispose();
  });

  it("replays to each subscriber only what it may see: private namespaces and other projects' resources never", async () => {
    const owner = project('resume-owner');
    const other = project('resume-other');
    const secret = unique('NS');
    const open = unique('NS');
    const type = unique('OS::Resume');
    await a.ok(CREATE_NAMESPACE, {
      input: {
        name: unique('Resume::Types'),
        visibility: 'PUBLIC',
        resourceTypeAssociations: [{ name: type }],
      },
    });
    await numberChanges(a);
    const [{ seq }] = (await a.app.database.dataSource.query(
      `SELECT last_seq::text AS seq FROM change_log_head`,
    )) as {
      seq: string;
    }[];
    const after = Buffer.from(JSON.stringify(['change', seq])).toString('base64url');
    await a.ok(CREATE_NAMESPACE, { input: { name: secret, owner: owner.project } });
    await a.ok(CREATE_PROPERTY, { ns: secret, name: 'hidden' });
    const RESOURCE = `mutation ($input: CreateResourceInput!) { createResource(input: $input) { uuid } }`;
    const hidden = await a.ok(RESOURCE, { input: { resourceType: type, projectId: owner.project } });
    await a.ok(CREATE_NAMESPACE, { input: { name: open, visibility: 'PUBLIC' } });
    const mine = await a.ok(RESOURCE, { input: { resourceType: type } }, other);

    const catalog = async (who: Who) => {
      const s = await subscribeListening(b, CATALOG, who, { after });
      const first = (await s.next()).catalogChanged;
      await disposeAll(b, [s]);
      return first.namespace;
    };
    // The owner hears of its private namespace first; another project's first event is the public one.
    expect(await catalog(owner)).toBe(secret);
    expect(await catalog(other)).toBe(open);
    const RESOURCES = `subscription ($after: String) { resourceChanged(after: $after) { uuid projectId } }`;
    const resources = async (who: Who) => {
      const s = await subscribeListening(b, RESOURCES, who, { after });
      const first = (await s.next()).resourceChanged;
      await disposeAll(b, [s]);
      return first.uuid;
    };
    expect(await resources(owner)).toBe(hidden.createResource.uuid);
    expect(await resources(other)).toBe(mine.createResource.uuid);
    // The same through changes: neither the private namespace's records nor the other resource, nor their count.
    const listed = await a.ok(
      `query ($after: String) { changes(after: $after) { totalCount nodes { nodeType namespace projectId } } }`,
      { after },
      other,
    );
    expect(listed.changes.nodes).toEqual([
      { nodeType: 'Namespace', namespace: open, projectId: null },
      { nodeType: 'Resource', namespace: null, projectId: other.project },
    ]);
    const total = await a.ok(
      `query ($ns: String!) { changes(filter: { namespace: $ns }) { totalCount } }`,
      { ns: secret },
      other,
    );
    expect(total.changes.totalCount).toBe(0);
  });
});
