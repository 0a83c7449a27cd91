import type { Context } from '../common/context';

/**
 * Reference data every installation needs. An `always` seeder is idempotent and runs at every start
 * (e.g. resource types, standard traits); a `once` seeder runs on first start only (default definitions,
 * which operators may then change or delete).
 */
export interface Seeder {
  name: string;
  mode: 'always' | 'once';
  run(ctx: Context): Promise<string>;
}

/** Runs the seeders in the order given; returns one line per seeder saying what it did. */
export async function runSeeds(
  ctx: Context,
  seeders: readonly Seeder[],
  { force = false } = {},
): Promise<string[]> {
  const report: string[] = [];
  for (const seeder of seeders) {
    if (seeder.mode === 'once' && !force) {
      const done = await ctx.db.query('SELECT 1 FROM seed_state WHERE name = $1', [seeder.name]);
      if (done.length) {
        report.push(`${seeder.name}: already applied`);
        continue;
      }
    }
    const line = await ctx.transaction(async (tx) => {
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
