import type { Runtime } from '../src/app/runtime';

/** One GraphQL request, as sent in the body of `POST /graphql`. */
export interface BenchRequest {
  query: string;
  variables?: Record<string, unknown>;
}

/**
 * A benchmark scenario: `setup` prepares data once (bulk SQL through `runtime.database.dataSource`, or the
 * services through `runtime.adminContext()`), and its result is handed to `request` when that is a function.
 */
export interface Scenario<Prepared = unknown> {
  name: string;
  setup?(runtime: Runtime): Promise<Prepared>;
  request: BenchRequest | ((prepared: Prepared) => BenchRequest);
  /** Extra request headers (the runner uses AUTH_MODE=none: everyone is an admin). */
  headers?: Record<string, string>;
}

const scenarios: Scenario[] = [];

/** Domains register their scenarios from `bench/<domain>.bench.ts`, imported by `bench/run.ts`. */
export function registerScenario<Prepared>(scenario: Scenario<Prepared>): void {
  scenarios.push(scenario as Scenario);
}

export function registeredScenarios(): readonly Scenario[] {
  return scenarios;
}
