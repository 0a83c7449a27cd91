import type { Context, TxContext } from '../common/context';

/**
 * Reference data every installation needs. An `always` seeder is idempotent and runs at every start
 * (e.g. resource types, standard traits); a `once` seeder runs on first start only (default definitions,
 * which operators may then change or delete).
 */
export interface Seeder {
  name: string;
  mode: 'always' | 'once';
  /** Runs inside the seeder's transaction (which holds SEED_LOCK). */
  run(tx: TxContext): Promise<string>;
}

/**
 * An arbitrary constant (next to migrate.ts's MIGRATION_LOCK): the transaction-level advisory lock every
 * seeder's transaction takes first. Replicas starting together on an empty database (and runs started at once
 * in one process) seed one after the other: the next one sees what the previous committed, so a `once` seeder
 * finds itself applied and an `always` seeder finds its rows present.
 */
export const SEED_LOCK = 7301948;

/** Runs the seeders in the order given; returns one line per seeder saying what it did. */
export async function runSeeds(
  ctx: Context,
  seeders: readonly Seeder[],
  { force = false } = {},
): Promise<string[]> {
  const report: string[] = [];
  for (const seeder of seeders) {
    const line = await ctx.transaction(async (tx) => {
      // Read committed: every statement after the lock sees what the seeders before us committed.
      await tx.db.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
      if (seeder.mode === 'once' && !force) {
        const done = await tx.db.query('SELECT 1 FROM seed_state WHERE name = $1', [seeder.name]);
        if (done.length) return 'already applied';
      }
      const summary = await seeder.run(tx);
      if (seeder.mode === 'once') {
        await tx.db.query(
          'INSERT INTO seed_state (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET applied_at = now()',
          [seeder.name],
        );
      }
      return summary;
    });
    report.push(`${seeder.name}: ${line}`);
  }
  return report;
}
