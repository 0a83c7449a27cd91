import type { Runtime } from '../src/app/runtime';
import type { FloorHandler } from './floor';

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
  /**
   * Reference figures printed beside the measured ones: OpenStack Placement's req/s for the same request on the
   * same data (issue 20's table, a quiet 2-core box).
   */
  reference?: {
    placement: number;
    /**
     * The same request to a running OpenStack Placement at `url` (`PLACEMENT_URL`, bench/placement.bench.ts):
     * seeds it with the scenario's data when it has none yet, and answers the path to GET. The runner then loads
     * Placement with the same load generator, settings and machine as the scenario.
     */
    live?: (url: string, prepared: Prepared) => Promise<string>;
  };
  /**
   * The scenario's own floor (bench/floor.ts): the SQL its answer takes, run with `pg` alone, the rows answered
   * as JSON. The runner loads it just before the scenario and prints the scenario's req/s over it.
   */
  floor?: (prepared: Prepared) => FloorHandler;
  /**
   * The same read asked of the generic peer, PostGraphile over the same tables (bench/postgraphile.ts), with the
   * fields it derives from them. The runner loads it right after the scenario (BENCH_POSTGRAPHILE=0: not at all).
   */
  peers?: { postgraphile?: BenchRequest | ((prepared: Prepared) => BenchRequest) };
  /** Extra request headers (the runner uses AUTH_MODE=none: everyone is an admin). */
  headers?: Record<string, string>;
}

/** A scenario typed with what its setup prepares (listing it in a module's `scenarios` array). */
export function scenario<Prepared>(definition: Scenario<Prepared>): Scenario {
  return definition as Scenario;
}
