import { defineModule } from '../../common/module';
import { ResourceProviderTrait } from './resource-provider-trait.entity';
import { ResourceProvider } from './resource-provider.entity';
import { ResourceProviderResolver, resourceProviderNode } from './resource-provider.resolver';
import { resourceProviderRestRoutes } from './resource-provider.rest';

/** Resource providers (a tree) and the traits they have. */
export const resourceProvidersModule = defineModule({
  name: 'resource-providers',
  entities: [ResourceProvider, ResourceProviderTrait],
  resolvers: [ResourceProviderResolver],
  nodeTypes: [resourceProviderNode],
  rest: resourceProviderRestRoutes,

  versionedTables: { providers: ['resource_providers', 'resource_provider_traits'] },
  changeLogTables: ['resource_providers', 'resource_provider_traits'],
  reads: {
    ResourceProvider: ['resource_providers', 'resource_provider_traits', 'traits'],
    'Query.resourceProvider': ['resource_providers'],
    'Query.resourceProviders': ['resource_providers', 'resource_provider_traits', 'traits'],
  },
});
