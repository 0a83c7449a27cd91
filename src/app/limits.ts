import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { Config } from '../config';

/**
 * Limits against abusive queries (graphql-armor): depth, aliases, directives, tokens and a cost estimate.
 * Each rejection says which limit was exceeded and by how much. Field suggestions stay on: introspection is
 * on by default anyway, and "did you mean" helps GraphiQL users.
 */
export function createArmor(config: Config) {
  return new ApolloArmor({
    maxDepth: {
      n: config.limits.maxDepth,
      ignoreIntrospection: true,
      flattenFragments: true,
      exposeLimits: true,
    },
    maxAliases: { n: config.limits.maxAliases, exposeLimits: true },
    maxDirectives: { n: config.limits.maxDirectives, exposeLimits: true },
    maxTokens: { n: config.limits.maxTokens, exposeLimits: true },
    costLimit: { maxCost: config.limits.maxCost, ignoreIntrospection: true, exposeLimits: true },
    blockFieldSuggestion: { enabled: false },
  });
}
