import type { Seeder } from '../db/seed';
import { moduleSeeders } from './modules';

/**
 * Every seeder, in the order they run (module order, app/modules.ts): resource types first (the default
 * definitions associate with them), then the default definitions, then the standard traits.
 */
export const seeders: readonly Seeder[] = moduleSeeders;
