/** A benchmark scenario: one GraphQL request, repeated under load by `bench/run.ts`. */
export interface Scenario {
  name: string;
  /** Loads what the request needs (runs once, before the server listens). */
  setup?(runtime: import('../src/app/runtime').Runtime): Promise<void>;
  request: { query: string; variables?: Record<string, unknown> };
}

export const scenarios: Scenario[] = [];

/** Each `<domain>.bench.ts` registers its scenarios when imported by `bench/run.ts`. */
export function registerScenario(scenario: Scenario): void {
  scenarios.push(scenario);
}
