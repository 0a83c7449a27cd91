import { seedsPath } from '../../common/paths';
import type { Seeder } from '../../db/seed';
import { Namespace } from '../namespaces/namespace.entity';
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

/**
 * Namespaces earlier releases seeded that Nova's definitions replace (they contradicted Nova and Glance's files:
 * hw:cpu_sockets capped at 8, a second "Watchdog Behavior"). A database that has them keeps them: they may have
 * been edited or used since. Nova's complete namespaces decide the flavor keys they define, so they no longer
 * change a flavor's verdict; the seeder says they can be deleted (docs/catalog.md, "Default definitions").
 */
export const SUPERSEDED_SEED_NAMESPACES = [
  'Metacatalog::Compute::CPUTopology',
  'Metacatalog::Compute::Quota',
  'Metacatalog::Compute::Watchdog',
];

/** Nova's definitions (seeds/nova, generated from Nova: scripts/generate-nova-definitions.py), loaded once. */
export const novaDefinitionsSeeder: Seeder = {
  name: 'nova-definitions',
  mode: 'once',
  async run(ctx) {
    const report = await metadefsService.loadDirectory(ctx, seedsPath('nova'), { owner: 'admin' });
    const superseded = await ctx.db
      .getRepository(Namespace)
      .find({ where: SUPERSEDED_SEED_NAMESPACES.map((name) => ({ name })), order: { name: 'ASC' } });
    if (superseded.length) {
      ctx.logger.warn(
        { namespaces: superseded.map((namespace) => namespace.name) },
        "namespaces seeded by earlier releases are superseded by Nova's definitions (kept; delete them when unused)",
      );
    }
    return `${report.created.length} Nova namespaces created, ${report.skipped.length} already present`;
  },
};
