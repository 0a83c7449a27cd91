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

const seeders: Seeder[] = [];

export function registerSeeder(seeder: Seeder): void {
  if (!seeders.some((existing) => existing.name === seeder.name)) seeders.push(seeder);
}

export function registeredSeeders(): readonly Seeder[] {
  return seeders;
}

/** Runs the seeders; returns one line per seeder saying what it did. */
export async function runSeeds(ctx: Context, { force = false } = {}): Promise<string[]> {
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
