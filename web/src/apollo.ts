import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { headersOf, loadSettings } from './settings';

/**
 * The app's one client: GraphQL at `graphql` next to the page (so a path-prefix proxy keeps working), the
 * settings' headers on every request, and a normalized cache. Catalog rows seen in a resource type's view
 * have ids of their own (Node ids), so they normalize by id; value objects without one are stored inline.
 */
export function createClient(): ApolloClient {
  const link = new HttpLink({
    uri: new URL('graphql', document.baseURI).toString(),
    fetch: (input, init) =>
      fetch(input, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), ...headersOf(loadSettings()) },
      }),
  });
  return new ApolloClient({
    link,
    cache: new InMemoryCache({
      typePolicies: {
        // Counts depend on the filter asked: kept with the list that holds them.
        ResourceTagUsage: { keyFields: false },
        PropertySearchHit: { keyFields: false },
        MetadataValidation: { keyFields: false },
        TraitValidation: { keyFields: false },
      },
    }),
  });
}
