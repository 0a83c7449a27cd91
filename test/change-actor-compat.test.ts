import { ADMIN, startTestApp, unique, type TestApp } from './support/test-app';

/**
 * The change log records who wrote for every code version that names itself (rolling upgrades,
 * docs/operations.md): a transaction names its actor in the transaction-local setting `metacatalog.actor`
 * (JSON: via, project, user), as the previous release does and this one still reads, whatever the order of its
 * keys and whatever keys a later version adds; a transaction that names none is `sql`.
 */
const CHANGES = `query ($after: String) {
  changes(after: $after, filter: { types: ["Trait"] }, first: 50) {
    nodes { kind node { ... on Trait { name } } actor { via projectId userId } }
  }
}`;
const PAGE = `query ($after: String) {
  changes(after: $after, filter: { types: ["Trait"] }, first: 500) { pageInfo { hasNextPage } resumeCursor }
}`;
const traitName = () => unique('CUSTOM_ACTOR').replace(/[^A-Z0-9_]/g, '_');

/** One transaction of raw SQL, as some code version writes a trait, naming its actor by `naming` (if any). */
async function writeAs(t: TestApp, naming: string | undefined, name: string): Promise<void> {
  const runner = t.app.database.dataSource.createQueryRunner();
  try {
    // The previous release sends its actor's statement in its START TRANSACTION's round trip.
    await runner.query(naming ? `START TRANSACTION; ${naming}` : 'START TRANSACTION');
    await runner.query(`INSERT INTO traits (name) VALUES ($1)`, [name]);
    await runner.query('COMMIT');
  } finally {
    await runner.release();
  }
}

describe('the change log actor of every code version', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('is recorded for the previous release, this one, key orders and later keys; none is sql', async () => {
    // Where the log ends now.
    let after: string | undefined;
    for (let more = true; more;) {
      const page = (await t.ok(PAGE, { after }, ADMIN)).changes;
      after = page.resumeCursor as string;
      more = page.pageInfo.hasNextPage as boolean;
    }
    const written = {
      // Byte for byte what the previous release's actorStatement sends (src/common/actor.ts at .ci/previous-release).
      previous: [
        traitName(),
        `SELECT set_config('metacatalog.actor', E'{"via":"graphql","project":"p-old","user":"u-old"}', true)`,
      ],
      reordered: [
        traitName(),
        `SELECT set_config('metacatalog.actor', '{"user":"u-cli","project":"p-cli","via":"cli"}', true)`,
      ],
      laterKeys: [
        traitName(),
        `SET LOCAL metacatalog.actor = '{"via":"graphql","project":"p-new","user":"u-new","v":3,"request":"r1"}'`,
      ],
      none: [traitName(), undefined],
      // A later version's way in, longer than the column, and ids longer than theirs: recorded, never a stopped step.
      laterWay: [
        traitName(),
        `SELECT set_config('metacatalog.actor', '{"via":"scheduler-v9","project":"${'p'.repeat(300)}","user":"u"}', true)`,
      ],
    } as const;
    for (const [name, naming] of Object.values(written)) await writeAs(t, naming, name);
    // And this code's own GraphQL write.
    const own = traitName();
    await t.ok(`mutation ($name: String!) { createTrait(name: $name) { created } }`, { name: own }, ADMIN);

    const nodes = (await t.ok(CHANGES, { after }, ADMIN)).changes.nodes as {
      node: { name: string } | null;
      actor: unknown;
    }[];
    const actorOf = (name: string) => nodes.find((node) => node.node?.name === name)?.actor;
    expect(actorOf(written.previous[0])).toEqual({ via: 'GRAPHQL', projectId: 'p-old', userId: 'u-old' });
    expect(actorOf(written.reordered[0])).toEqual({ via: 'CLI', projectId: 'p-cli', userId: 'u-cli' });
    expect(actorOf(written.laterKeys[0])).toEqual({ via: 'GRAPHQL', projectId: 'p-new', userId: 'u-new' });
    expect(actorOf(written.none[0])).toEqual({ via: 'SQL', projectId: null, userId: null });
    expect(actorOf(own)).toEqual({ via: 'GRAPHQL', projectId: ADMIN.project, userId: ADMIN.user });
    expect(actorOf(written.laterWay[0])).toEqual({ via: 'SQL', projectId: 'p'.repeat(255), userId: 'u' });
  });
});
