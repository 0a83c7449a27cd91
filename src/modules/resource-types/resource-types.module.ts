import { defineModule } from '../../common/module';
import { RESOURCE_TYPE_POLICIES } from './resource-type.service';
import { ResourceType } from './resource-type.entity';
import { ResourceTypeResolver, resourceTypeNode } from './resource-type.resolver';
import { resourceTypeRestRoutes } from './resource-type.rest';
import { resourceTypesSeeder } from './resource-type.seed';

/** Resource types (OS::Nova::Flavor, …): the catalog's vocabulary of what namespaces apply to. */
export const resourceTypesModule = defineModule({
  name: 'resource-types',
  entities: [ResourceType],
  resolvers: [ResourceTypeResolver],
  nodeTypes: [resourceTypeNode],
  policies: RESOURCE_TYPE_POLICIES,
  seeders: [resourceTypesSeeder],
  rest: resourceTypeRestRoutes,

  versionedTables: { catalog: ['resource_types'] },
  reads: {
    ResourceType: ['resource_types'],
    // A non-admin also sees the types of their project's resources (not versioned: never cached).
    'Query.resourceTypes': ['resource_types', 'namespaces', 'namespace_resource_types', 'resources'],
  },
});
