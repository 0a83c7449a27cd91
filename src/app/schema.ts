import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchemaSync } from 'type-graphql';
import { NodeResolver } from '../common/relay/node.resolver';
import { DateTimeScalar } from '../common/scalars';
import { validateArgument } from '../common/validation';
import { MetadefTagResolver, NamespaceTagsResolver } from '../modules/metadef-tags/metadef-tag.resolver';
import { NamespaceDocumentResolver } from '../modules/namespace-documents/namespace-document.resolver';
import { NamespaceResolver } from '../modules/namespaces/namespace.resolver';
import { NamespaceObjectsResolver, ObjectMutationResolver } from '../modules/objects/object.resolver';
import {
  NamespacePropertiesResolver,
  ObjectPropertiesResolver,
  PropertyMutationResolver,
} from '../modules/properties/property.resolver';
import { ResourceProviderResolver } from '../modules/resource-providers/resource-provider.resolver';
import { ResourceTypeResolver } from '../modules/resource-types/resource-type.resolver';
import { TraitResolver } from '../modules/traits/trait.resolver';
import { DiscoveryResolver } from '../modules/discovery/discovery.resolver';
import { ResourceResolver } from '../modules/resources/resource.resolver';
import { PropertySearchResolver } from '../modules/search/property-search.resolver';
import { ValidationResolver } from '../modules/validation/validation.resolver';

/** Every resolver of the API. A new module adds its resolvers here. */
export const resolvers = [
  NodeResolver,
  ResourceTypeResolver,
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
] as const;

let built: GraphQLSchema | undefined;

/** The executable schema, built once per process from the decorated classes. */
export function buildAppSchema(): GraphQLSchema {
  built ??= buildSchemaSync({
    resolvers: [...resolvers],
    scalarsMap: [{ type: Date, scalar: DateTimeScalar }],
    validateFn: validateArgument,
  });
  return built;
}

/** The SDL committed as schema.graphql (sorted, so that it diffs well). */
export function printAppSchema(): string {
  return `${printSchema(lexicographicSortSchema(buildAppSchema()))}\n`;
}
