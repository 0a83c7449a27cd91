import type { Runtime } from '../src/app/runtime';

/**
 * A benchmark scenario: `setup` seeds what the request needs (once, before timing), then the runner sends
 * `request` to POST /graphql repeatedly and reports latency and throughput.
 */
export interface Scenario {
  name: string;
  setup?(runtime: Runtime): Promise<void>;
  request: { query: string; variables?: Record<string, unknown> };
}

export const scenarios: Scenario[] = [];

export function registerScenario(s: Scenario) {
  scenarios.push(s);
}
