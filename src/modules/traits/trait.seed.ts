import type { Seeder } from '../../db/seed';
import { describeSyncReport, traitService } from './trait.service';

/** The standard traits (seeds/standard-traits.txt), synced at every start. */
export const standardTraitsSeeder: Seeder = {
  name: 'standard-traits',
  mode: 'always',
  async run(ctx) {
    const report = await traitService.sync(ctx);
    if (report.stale.length) {
      ctx.logger.warn(
        { stale: report.stale },
        'standard traits in the database are no longer in seeds/standard-traits.txt (kept)',
      );
    }
    return describeSyncReport(report);
  },
};
