import type { Seeder } from '../db/seed';
import { defaultMetadefsSeeder } from '../modules/metadefs-io/metadefs.seed';
import { resourceTypesSeeder } from '../modules/resource-types/resource-type.seed';
import { standardTraitsSeeder } from '../modules/traits/trait.seed';

/**
 * Every seeder, in the order they run: resource types first (the default definitions associate with them),
 * then the default definitions, then the standard traits.
 */
export const seeders: readonly Seeder[] = [resourceTypesSeeder, defaultMetadefsSeeder, standardTraitsSeeder];
