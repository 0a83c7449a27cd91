import 'reflect-metadata';
import { isInterfaceType, lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchemaSync } from 'type-graphql';
import { createNodeResolver } from '../common/relay/node.resolver';
import { DateTimeScalar } from '../common/scalars';
import { validateArgument } from '../common/validation';
import {
  MetadefTagResolver,
  NamespaceTagsResolver,
  metadefTagNode,
} from '../modules/metadef-tags/metadef-tag.resolver';
import { NamespaceDocumentResolver } from '../modules/namespace-documents/namespace-document.resolver';
import {
  NamespaceResolver,
  ResourceTypeNamespacesResolver,
  namespaceNode,
} from '../modules/namespaces/namespace.resolver';
import {
  NamespaceObjectsResolver,
  ObjectMutationResolver,
  metadefObjectNode,
} from '../modules/properties/object.resolver';
import {
  NamespacePropertiesResolver,
  ObjectPropertiesResolver,
  PropertyMutationResolver,
  propertyDefinitionNode,
} from '../modules/properties/property.resolver';
import {
  ResourceProviderResolver,
  resourceProviderNode,
} from '../modules/resource-providers/resource-provider.resolver';
import { ResourceTypeResolver, resourceTypeNode } from '../modules/resource-types/resource-type.resolver';
import { TraitResolver, traitNode } from '../modules/traits/trait.resolver';
import { DiscoveryResolver, discoveredPropertyNode } from '../modules/discovery/discovery.resolver';
import { createLiveResolver } from '../modules/live/live.resolver';
import { createNodeDeletionResolver } from '../modules/node-deletion/node-deletion.resolver';
import { ResourceResolver, resourceNode } from '../modules/resources/resource.resolver';
import { PropertySearchResolver } from '../modules/search/property-search.resolver';
import { ValidationResolver } from '../modules/validation/validation.resolver';

/** Every node type: what `node(id:)` can fetch. A new entity that implements Node adds its fetcher here. */
export const nodeTypes = [
  resourceTypeNode,
  namespaceNode,
  metadefObjectNode,
  propertyDefinitionNode,
  metadefTagNode,
  traitNode,
  resourceProviderNode,
  resourceNode,
  discoveredPropertyNode,
] as const;

/** Every resolver of the API. A new module adds its resolvers here. */
export const resolvers = [
  createNodeResolver(nodeTypes),
  ResourceTypeResolver,
  ResourceTypeNamespacesResolver,
  NamespaceResolver,
  NamespaceDocumentResolver,
  NamespacePropertiesResolver,
  ObjectPropertiesResolver,
  NamespaceObjectsResolver,
  ObjectMutationResolver,
  PropertyMutationResolver,
  NamespaceTagsResolver,
  MetadefTagResolver,
  TraitResolver,
  ResourceProviderResolver,
  ResourceResolver,
  DiscoveryResolver,
  PropertySearchResolver,
  ValidationResolver,
  createLiveResolver(nodeTypes),
  createNodeDeletionResolver(nodeTypes),
] as const;

let built: GraphQLSchema | undefined;

/** Every type that implements Node has a fetcher in `nodeTypes` (else `node(id:)` would answer null). */
function assertEveryNodeFetchable(schema: GraphQLSchema): void {
  const node = schema.getType('Node');
  if (!isInterfaceType(node)) throw new Error('the schema has no Node interface');
  const fetchable = new Set<string>(nodeTypes.map((type) => type.name));
  const missing = schema
    .getImplementations(node)
    .objects.map((type) => type.name)
    .filter((name) => !fetchable.has(name));
  if (missing.length) throw new Error(`node types without a fetcher in nodeTypes: ${missing.join(', ')}`);
}

/** type-graphql builds the root types without descriptions; the documentation explorer opens on them. */
function describeRootTypes(schema: GraphQLSchema): void {
  const query = schema.getQueryType();
  const mutation = schema.getMutationType();
  const subscription = schema.getSubscriptionType();
  if (query) {
    query.description =
      'Reads: the definitions catalog (namespaces, search, validation), resources and their tags, property discovery, traits and resource providers. Look-ups by key return null for what does not exist or is not visible to the caller.';
  }
  if (mutation) {
    mutation.description =
      'Writes, each in one transaction: a failure (BAD_USER_INPUT naming extensions.field, FORBIDDEN, NOT_FOUND, CONFLICT) writes nothing.';
  }
  if (subscription && !subscription.description) {
    subscription.description = 'Live updates: each field streams events as the data it watches changes.';
  }
}

/** The executable schema, built once per process from the decorated classes. */
export function buildAppSchema(): GraphQLSchema {
  if (built) return built;
  const schema = buildSchemaSync({
    resolvers: [...resolvers],
    scalarsMap: [{ type: Date, scalar: DateTimeScalar }],
    validateFn: validateArgument,
    // type-graphql insists on a PubSub once there are subscriptions; ours give their own `subscribe` (the
    // change feed, shared by every instance through PostgreSQL), so this one is never used.
    pubSub: {
      publish: () => {
        throw new Error('publish through the change feed (common/changes.ts), not type-graphql PubSub');
      },
      subscribe: () => {
        throw new Error('subscriptions take their events from the change feed');
      },
    },
  });
  assertEveryNodeFetchable(schema);
  describeRootTypes(schema);
  built = schema;
  return built;
}

/** The SDL committed as schema.graphql (sorted, so that it diffs well). */
export function printAppSchema(): string {
  return `${printSchema(lexicographicSortSchema(buildAppSchema()))}\n`;
}
