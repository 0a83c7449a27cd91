import 'reflect-metadata';
import { Pool } from 'pg';
import { actorStatement } from '../src/common/actor';
import { ChangeSequencer, pruneChanges, sequenceChanges } from '../src/db/change-log';
import { triggerNames } from '../src/db/sql-definitions';
import { startBenchService } from './service';

/**
 * `npm run bench:change-log-cost`: what the change log costs. On DATABASE_URL (default: PGlite in memory):
 * 1. mutation throughput with the log's triggers and without them (disabled), in interleaved rounds (ROUNDS,
 *    default 4; each mode first in every other pair) of WRITES createProperty mutations (default 300) sent by
 *    CLIENTS concurrent clients (default 1) through the GraphQL pipeline, by wall and CPU time (the ratio: the
 *    median of the pairs' ratios);
 *    On PostgreSQL also the server alone: SERVER_CLIENTS connections committing one property per transaction;
 * 2. bytes per change record (pg_total_relation_size of change_log over its rows);
 * 3. the time to prune PRUNE_RECORDS records (default 1,000,000; 0: skip), written directly as old records.
 */
async function main(): Promise<void> {
  const writes = Number(process.env.WRITES ?? 300);
  const rounds = Number(process.env.ROUNDS ?? 4);
  const clients = Number(process.env.CLIENTS ?? 1);
  const pruneRecords = Number(process.env.PRUNE_RECORDS ?? 1_000_000);
  const { config, runtime, app } = await startBenchService('silent');
  const db = runtime.database.dataSource;
  // WITHOUT_FEED=1: the instance's feed stopped (no LISTEN, no reading of the log). NO_STEP=1: its commits not
  // numbered by its steps (a round's pending changes are numbered before the next). Both: what the triggers alone cost.
  if (process.env.WITHOUT_FEED) await app.changes.stop();
  // WATCHED=1: a listener waits for changes (of traits: none of these), as a subscription would: the instance
  // numbers its commits within STEP_INTERVAL_MS instead of CHANGE_STEP_UNWATCHED_MS.
  if (process.env.WATCHED) app.changes.listen(() => undefined, { types: ['Trait'] });
  // Unwatched, the rounds start once the instance is (a feed that just connected is watched for WATCHED_FOR_MS; a
  // stopped one always is).
  while (!process.env.WITHOUT_FEED && app.changes.watched !== Boolean(process.env.WATCHED))
    await new Promise((resolve) => setTimeout(resolve, 100));
  const ctx = () => app.contextFor({});
  const run = async (query: string, variables: Record<string, unknown>) => {
    const response = await app.apollo.executeOperation({ query, variables }, { contextValue: await ctx() });
    if (response.body.kind !== 'single' || response.body.singleResult.errors)
      throw new Error(JSON.stringify(response.body));
  };
  // Without the log, the instance does not have changes numbered after its commits either.
  const committed = app.changes.committed.bind(app.changes);
  const triggers = async (on: boolean) => {
    await sequenceChanges(db);
    app.changes.committed = on && !process.env.NO_STEP ? committed : () => undefined;
    for (const { name, table } of triggerNames())
      await db.query(`ALTER TABLE ${table} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${name}`);
  };
  let n = 0;
  // Names of this run (the database may keep an earlier run's).
  const runId = Date.now().toString(36);
  /** What the instance's sequencer did during the timed rounds with the log: steps, vacuums and their time. */
  const stepped = { steps: 0, stepMs: 0, vacuums: 0, vacuumMs: 0, wallMs: 0 };
  const round = async (withLog: boolean) => {
    await triggers(withLog);
    const ns = `Bench::WriteCost${runId}_${(n += 1)}`;
    await run(`mutation ($ns: String!) { createNamespace(input: { name: $ns }) { id } }`, { ns });
    const cpu = process.cpuUsage();
    const before = { ...app.changes.sequencing };
    const started = process.hrtime.bigint();
    let next = 0;
    const client = async () => {
      for (let i = next++; i < writes; i = next++) {
        await run(
          `mutation ($ns: String!, $name: String!) { createProperty(namespace: $ns, input: { name: $name, title: $name, type: STRING }) { id } }`,
          { ns, name: `p${i}` },
        );
      }
    };
    await Promise.all(Array.from({ length: clients }, client));
    // A round with the log ends once what it wrote is numbered (the step the instance would run next, run now):
    // what its steps would have numbered after the clock stopped counts too.
    if (withLog) await app.changes.sequenced();
    const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
    if (withLog) {
      const after = app.changes.sequencing;
      stepped.steps += after.steps - before.steps;
      stepped.stepMs += after.stepMs - before.stepMs;
      stepped.vacuums += after.vacuums - before.vacuums;
      stepped.vacuumMs += after.vacuumMs - before.vacuumMs;
      stepped.wallMs += wallMs;
    }
    const used = process.cpuUsage(cpu);
    return { perSecond: (writes / wallMs) * 1000, cpuMsPerWrite: (used.user + used.system) / 1000 / writes };
  };
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = sorted.length / 2;
    return sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  // PostgreSQL only: SERVER_CLIENTS connections (default 8) commit one property each per transaction, with pg alone
  // (no instance in the way), SERVER_SECONDS (default 5) per round: what the log costs the database server when it
  // is the bottleneck (several instances on one PostgreSQL).
  const serverClients = Number(process.env.SERVER_CLIENTS ?? 8);
  const serverAloneRounds = async () => {
    const seconds = Number(process.env.SERVER_SECONDS ?? 5);
    const pool = new Pool({ connectionString: config.database.url, max: serverClients });
    const actor = actorStatement({ via: 'graphql', project: 'bench', user: 'bench' });
    // What an instance does after each of its commits: have the changes numbered (with the log), at its pace.
    const sequencer = new ChangeSequencer(pool, runtime.logger, undefined, undefined, {
      watched: () => app.changes.watched,
      unwatchedMs: config.live.changeStepUnwatchedMs,
    });
    const serverRound = async (on: boolean) => {
      await triggers(on);
      const ns = `Bench::WriteCost${runId}_${(n += 1)}`;
      await run(`mutation ($ns: String!) { createNamespace(input: { name: $ns }) { id } }`, { ns });
      const [{ id }] = (await db.query(`SELECT id FROM namespaces WHERE name = $1`, [ns])) as {
        id: number;
      }[];
      let commits = 0;
      const until = Date.now() + seconds * 1000;
      const connection = async (c: number) => {
        const client = await pool.connect();
        try {
          for (let i = 0; Date.now() < until; i += 1) {
            await client.query(`BEGIN; ${actor}`);
            await client.query(
              `INSERT INTO metadef_properties (namespace_id, name, schema) VALUES ($1, $2, $3)`,
              [id, `c${c}_${i}`, { title: 'x', type: 'string' }],
            );
            await client.query('COMMIT');
            if (on) sequencer.kick();
            commits += 1;
          }
        } finally {
          client.release();
        }
      };
      await Promise.all(Array.from({ length: serverClients }, (_, c) => connection(c)));
      await sequencer.flush();
      return commits / seconds;
    };
    const result = { withLog: [] as number[], without: [] as number[] };
    for (let r = 0; r < rounds; r += 1) {
      const order = r % 2 === 0 ? [true, false] : [false, true];
      for (const on of order) (on ? result.withLog : result.without).push(await serverRound(on));
    }
    await pool.end();
    return result;
  };
  const withLog: number[] = [];
  const without: number[] = [];
  const cpuWith: number[] = [];
  const cpuWithout: number[] = [];
  await round(true); // warm-up
  for (let r = 0; r < rounds; r += 1) {
    // In turn first and second: a round's place in the pair changes its figure by as much as 10%.
    let a: Awaited<ReturnType<typeof round>>;
    let b: Awaited<ReturnType<typeof round>>;
    if (r % 2 === 0) {
      a = await round(true);
      b = await round(false);
    } else {
      b = await round(false);
      a = await round(true);
    }
    withLog.push(a.perSecond);
    cpuWith.push(a.cpuMsPerWrite);
    without.push(b.perSecond);
    cpuWithout.push(b.cpuMsPerWrite);
  }
  const serverAlone = runtime.database.kind === 'postgres' ? await serverAloneRounds() : undefined;
  await triggers(true);
  console.log(
    `database: ${runtime.database.kind}; ${rounds} rounds of ${writes} createProperty by ${clients} client(s), interleaved`,
  );
  console.log(
    `with the log:    ${median(withLog).toFixed(0)} mutations/s (node CPU ${median(cpuWith).toFixed(2)} ms each)`,
  );
  console.log(
    `without the log: ${median(without).toFixed(0)} mutations/s (node CPU ${median(cpuWithout).toFixed(2)} ms each)`,
  );
  // Each pair's ratio (its two rounds ran side by side): the machine's drift over a run moves both alike.
  const ratios = withLog.map((perSecond, r) => perSecond / without[r]);
  console.log(
    `ratio: ${(median(ratios) * 100).toFixed(1)}% (median of the ${rounds} pairs' ratios; ` +
      `${((median(withLog) / median(without)) * 100).toFixed(1)}% of the medians; pairs ` +
      `${ratios.map((ratio) => (ratio * 100).toFixed(0)).join(' ')})`,
  );
  console.log(`commits the feed passed without reading the log: ${app.changes.skippedCommits}`);
  console.log(
    `the instance's steps in the rounds with the log (${app.changes.watched ? 'watched' : 'unwatched'} at the end): ` +
      `${stepped.steps}, ${(stepped.stepMs / stepped.steps).toFixed(2)} ms each, ` +
      `${((stepped.stepMs / stepped.wallMs) * 100).toFixed(1)}% of the rounds' time; vacuums ${stepped.vacuums}, ` +
      `${((stepped.vacuumMs / stepped.wallMs) * 100).toFixed(1)}%`,
  );
  if (serverAlone)
    console.log(
      `the server alone, ${serverClients} connections (BEGIN, actor, INSERT property, COMMIT): ` +
        `${median(serverAlone.withLog).toFixed(0)} commits/s with the log, ${median(serverAlone.without).toFixed(0)} ` +
        `without: ${((median(serverAlone.withLog) / median(serverAlone.without)) * 100).toFixed(1)}%`,
    );

  const [{ bytes, count }] = (await db.query(
    `SELECT pg_total_relation_size('change_log')::bigint AS bytes, count(*)::int AS count FROM change_log`,
  )) as { bytes: string; count: number }[];
  console.log(
    `bytes per change: ${(Number(bytes) / count).toFixed(0)} (${count} records, tables and indexes)`,
  );

  if (pruneRecords > 0) {
    await db.query(
      `WITH head AS (SELECT last_seq FROM change_log_head)
       INSERT INTO change_log (seq, txid, committed_at, kind, node_type, node_key, contained, via, actor_project,
                               namespace_id, namespace, owner, public, resource_types)
       SELECT head.last_seq + g, 1000000000 + g / 4, now() - interval '400 days', 'UPDATED', 'PropertyDefinition',
              g::text, false, 'graphql', 'bench', 1, 'Bench::Prune', 'admin', true, ARRAY['OS::Nova::Flavor']
         FROM head, generate_series(1, $1::int) g`,
      [pruneRecords],
    );
    await db.query(`UPDATE change_log_head SET last_seq = last_seq + $1::bigint`, [pruneRecords]);
    // The synthetic records sit above the real ones: prune everything older than a year.
    await db.query(`UPDATE change_log SET committed_at = now() - interval '400 days'`);
    const started = process.hrtime.bigint();
    const pruned = await pruneChanges(db, new Date(Date.now() - 365 * 86_400_000));
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    console.log(`pruning ${pruned} records: ${(ms / 1000).toFixed(1)} s`);
  }
  // What this run wrote goes (a PostgreSQL database keeps it, and later benches would read it).
  await db.query(`DELETE FROM namespaces WHERE name LIKE $1`, [`Bench::WriteCost${runId}%`]);
  await app.stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
