import type {
  ClassOf,
  CommandRegistrar,
  DataGroup,
  ModuleManifest,
  Seeder,
  TableRead,
} from '../common/module';
import type { NodeType } from '../common/relay/node';
import type { RestRoute } from '../common/rest';
import type { ReadDeclarations } from './cache-rules';
import { discoveryModule } from '../modules/discovery/discovery.module';
import { liveModule } from '../modules/live/live.module';
import { metadefTagsModule } from '../modules/metadef-tags/metadef-tags.module';
import { metadefsIoModule } from '../modules/metadefs-io/metadefs-io.module';
import { namespaceDocumentsModule } from '../modules/namespace-documents/namespace-documents.module';
import { namespacesModule } from '../modules/namespaces/namespaces.module';
import { nodeDeletionModule } from '../modules/node-deletion/node-deletion.module';
import { propertiesModule } from '../modules/properties/properties.module';
import { resourceProvidersModule } from '../modules/resource-providers/resource-providers.module';
import { resourceTypesModule } from '../modules/resource-types/resource-types.module';
import { resourcesModule } from '../modules/resources/resources.module';
import { searchModule } from '../modules/search/search.module';
import { traitsModule } from '../modules/traits/traits.module';
import { validationModule } from '../modules/validation/validation.module';

/**
 * Every module of the service, in order: the one list a new module is added to (its manifest,
 * src/modules/<name>/<name>.module.ts, says what it brings). Every other list derives from it: entities
 * (app/entities.ts), resolvers and node types (app/schema.ts), seeders (app/seeds.ts: they run in this order, so
 * resource types come before the default definitions that associate with them), CLI commands (main.ts) and
 * bench scenarios (bench/scenarios.ts).
 */
export const modules = [
  resourceTypesModule,
  namespacesModule,
  namespaceDocumentsModule,
  propertiesModule,
  metadefTagsModule,
  metadefsIoModule,
  traitsModule,
  resourceProvidersModule,
  resourcesModule,
  discoveryModule,
  searchModule,
  validationModule,
  liveModule,
  nodeDeletionModule,
] as const;

/** A module's name, as its manifest gives it (lists keyed by module, such as the bench's, are checked). */
export type ModuleName = (typeof modules)[number]['name'];

/** The manifests, as their common type. */
const manifests: readonly ModuleManifest[] = modules;

/** Every module's TypeORM entities. */
export const moduleEntities: readonly ClassOf[] = manifests.flatMap((module) => module.entities ?? []);

/** Every module's node types: what `node(id:)` can fetch. */
export const moduleNodeTypes: readonly NodeType[] = manifests.flatMap((module) => module.nodeTypes ?? []);

/** Every module's resolvers, in module order; those made from the node types get every module's. */
export const moduleResolvers: readonly ClassOf[] = manifests.flatMap((module) =>
  typeof module.resolvers === 'function' ? module.resolvers(moduleNodeTypes) : (module.resolvers ?? []),
);

/** Every module's seeders, in module order. */
export const moduleSeeders: readonly Seeder[] = manifests.flatMap((module) => module.seeders ?? []);

/** Every module's CLI commands, in module order. */
export const moduleCommands: readonly CommandRegistrar[] = manifests.flatMap(
  (module) => module.commands ?? [],
);

/** Every module's REST routes (the OpenStack APIs), in module order. */
export const moduleRestRoutes: readonly RestRoute[] = manifests.flatMap((module) => module.rest ?? []);

/** The versioned tables, each with the data group whose version its writes bump: what cached answers may read. */
export const versionGroups: ReadonlyMap<string, DataGroup> = new Map(
  manifests.flatMap((module) =>
    Object.entries(module.versionedTables ?? {}).flatMap(([group, tables]) =>
      (tables ?? []).map((table) => [table, group as DataGroup] as const),
    ),
  ),
);

/** The tables whose writes bump a data group's version. */
export const versionedTables: ReadonlySet<string> = new Set(versionGroups.keys());

/** The tables whose row changes the change log records (each module's `changeLogTables`). */
export const changeLogTables: ReadonlySet<string> = new Set(
  manifests.flatMap((module) => module.changeLogTables ?? []),
);

/** Every module's declarations of what its GraphQL types read (one key declared twice: both lists). */
export const moduleReads: ReadDeclarations = manifests.reduce<Record<string, TableRead[]>>((all, module) => {
  for (const [key, tables] of Object.entries(module.reads ?? {})) (all[key] ??= []).push(...tables);
  return all;
}, {});
