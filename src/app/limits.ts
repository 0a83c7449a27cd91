import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { Config } from '../config';

/**
 * Limits against abusive queries (graphql-armor): depth, aliases, directives and a cost estimate. Each
 * rejection says which limit was exceeded and by how much. Field suggestions stay on: introspection is on by
 * default anyway, and "did you mean" helps GraphiQL users. The token limit is graphql-js's own (see
 * `parseOptions`): armor's re-parses every query in a plugin hook, where a syntax error became an HTTP 500.
 */
export function createArmor(config: Config) {
  return new ApolloArmor({
    maxDepth: {
      n: config.graphql.limits.maxDepth,
      ignoreIntrospection: true,
      flattenFragments: true,
      exposeLimits: true,
    },
    maxAliases: { n: config.graphql.limits.maxAliases, exposeLimits: true },
    maxDirectives: { n: config.graphql.limits.maxDirectives, exposeLimits: true },
    maxTokens: { enabled: false },
    costLimit: { maxCost: config.graphql.limits.maxCost, ignoreIntrospection: true, exposeLimits: true },
    blockFieldSuggestion: { enabled: false },
  });
}

/** graphql-js stops parsing past this many tokens, before building a document for a huge query. */
export function parseOptions(config: Config) {
  return { maxTokens: config.graphql.limits.maxTokens };
}
