import { seedsPath } from '../../common/paths';
import type { Seeder } from '../../db/seed';
import { metadefsService } from './metadefs.service';

/** The project's default definitions (seeds/metadefs/*.json), loaded on first start only. */
export const defaultMetadefsSeeder: Seeder = {
  name: 'default-metadefs',
  mode: 'once',
  async run(ctx) {
    const report = await metadefsService.loadDirectory(ctx, seedsPath('metadefs'), { owner: 'admin' });
    return `${report.created.length} default namespaces created, ${report.skipped.length} already present`;
  },
};
