import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { split } from '@apollo/client/link';
import { OperationTypeNode } from 'graphql';
import { createLiveConnection, type LiveConnection } from './live';
import { headersOf, loadSettings } from './settings';

/**
 * The app's one client: GraphQL at `graphql` next to the page (so a path-prefix proxy keeps working), the
 * settings' headers on every request, and a normalized cache. Catalog rows seen in a resource type's view
 * have ids of their own (Node ids), so they normalize by id; value objects without one are stored inline.
 * Subscriptions go over the WebSocket of `live`; after it reconnects, each resumes from the cursor of its last
 * event (what changed meanwhile comes as events). A subscription that cannot resume (no event yet, or its cursor
 * expired) fetches its queries again; one that names none fetches every query on screen.
 */
export function createClient(): { client: ApolloClient; live: LiveConnection } {
  const http = new HttpLink({
    uri: new URL('graphql', document.baseURI).toString(),
    fetch: (input, init) =>
      fetch(input, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), ...headersOf(loadSettings()) },
      }),
  });
  const live = createLiveConnection(() => void client.refetchQueries({ include: 'active' }));
  const client: ApolloClient = new ApolloClient({
    // A refetch after a change event must be a request of its own: joined to an identical one in flight, which
    // may have read the data before the change, it would show what was there before.
    queryDeduplication: false,
    link: split(({ operationType }) => operationType === OperationTypeNode.SUBSCRIPTION, live.link, http),
    cache: new InMemoryCache({
      typePolicies: {
        // Events carry the changed node's id as their own: never merged into that node.
        CatalogChangeEvent: { keyFields: false },
        ResourceChangeEvent: { keyFields: false },
        ResourceProviderChangeEvent: { keyFields: false },
        TraitChangeEvent: { keyFields: false },
        // Counts depend on the filter asked: kept with the list that holds them.
        ResourceTagUsage: { keyFields: false },
        PropertySearchHit: { keyFields: false },
        MetadataValidation: { keyFields: false },
        TraitValidation: { keyFields: false },
      },
    }),
  });
  return { client, live };
}
