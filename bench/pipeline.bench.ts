import { scenario, type Scenario } from './scenarios';

/**
 * The GraphQL pipeline alone: HTTP, Apollo (hash, document cache, plugins), the input guard, context and
 * identity, execution and serialization, with no resolver of ours and no database. Between it and the floor
 * lies what the stack costs before any work; between it and validateTraits, the resolver and its query.
 */
/** Its scenarios, listed by module in bench/scenarios.ts. */
export const scenarios: readonly Scenario[] = [
  scenario({
    name: 'pipeline: { __typename } (no database)',
    request: { query: '{ __typename }' },
  }),
];
