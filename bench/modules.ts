import 'reflect-metadata';
import { modules, type ModuleName } from '../src/app/modules';
import { scenarios as catalogScenarios } from './catalog.bench';
import { scenarios as pipelineScenarios } from './pipeline.bench';
import { scenarios as placementScenarios } from './placement.bench';
import { scenarios as resourceScenarios } from './resources.bench';
import type { Scenario } from './scenarios';
import { scenarios as traitScenarios } from './traits.bench';

/**
 * Each module's bench scenarios (`bench/<domain>.bench.ts` exports them), by the module's manifest name (a
 * module that is not in src/app/modules.ts is a type error here). The bench lives above the service (its
 * scenarios start it), so manifests cannot list them themselves: this list is keyed by them instead.
 */
const byModule: { readonly [Name in ModuleName]?: readonly Scenario[] } = {
  namespaces: catalogScenarios,
  // Placement's four first: on the data shape, before the other trait scenarios add 10,000 providers.
  traits: [...placementScenarios, ...traitScenarios],
  resources: resourceScenarios,
};

/** Every module's scenarios, in module order (app/modules.ts). */
export const moduleScenarios: readonly Scenario[] = modules.flatMap((module) => byModule[module.name] ?? []);

/** What `npm run bench` runs: the pipeline alone (no module), then every module's scenarios. */
export const benchScenarios: readonly Scenario[] = [...pipelineScenarios, ...moduleScenarios];
