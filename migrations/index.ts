import { Foundation1763700000000 } from './1763700000000-foundation';
import { Catalog1763700100000 } from './1763700100000-catalog';
import { PropertySearch1763700160000 } from './1763700160000-property-search';
import { Traits1763700200000 } from './1763700200000-traits';
import { Resources1763700300000 } from './1763700300000-resources';
import { DiscoveredProperties1763700450000 } from './1763700450000-discovered-properties';
import { UsageCounts1763700500000 } from './1763700500000-usage-counts';
import { CatalogVersion1763700600000 } from './1763700600000-catalog-version';
import { ResourceTypeVisibility1763700800000 } from './1763700800000-resource-type-visibility';
import { ChangeLog1763701000000 } from './1763701000000-change-log';
import { CompleteNamespaces1763701600000 } from './1763701600000-complete-namespaces';
import { SchemaCompat1763701700000 } from './1763701700000-schema-compat';

/** Every migration, oldest first. Each module's tables arrive in their own migration, listed here. */
export const migrations = [
  Foundation1763700000000,
  Catalog1763700100000,
  PropertySearch1763700160000,
  Traits1763700200000,
  Resources1763700300000,
  DiscoveredProperties1763700450000,
  UsageCounts1763700500000,
  CatalogVersion1763700600000,
  ResourceTypeVisibility1763700800000,
  ChangeLog1763701000000,
  CompleteNamespaces1763701600000,
  SchemaCompat1763701700000,
];

/**
 * Migrations of the unreleased 0.1.0 folded into another, by name: a database, or a backup, that has them has the
 * one they were folded into (its name is the first of theirs), and the rows they left in `migrations` stay
 * bookkeeping only: they go when that one is undone (`migrate --undo`, a restore: undoNewestMigration in
 * src/db/migrate.ts).
 */
export const foldedMigrations: Readonly<Record<string, string>> = {
  UsageCountsAtCommit1763700700000: 'UsageCounts1763700500000',
  DataVersions1763700900000: 'CatalogVersion1763700600000',
  ChangeLogCost1763701100000: 'ChangeLog1763701000000',
  ChangeLogSequencer1763701200000: 'ChangeLog1763701000000',
  ChangeLogLeanStep1763701300000: 'ChangeLog1763701000000',
  ChangeLogLeanTrigger1763701400000: 'ChangeLog1763701000000',
  ChangeLogStepSight1763701500000: 'ChangeLog1763701000000',
  VersionedNotifications1763701800000: 'ChangeLog1763701000000',
};
