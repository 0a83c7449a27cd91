import { defineModule } from '../../common/module';
import { DISCOVERY_POLICIES } from './discovery.service';
import { DiscoveryResolver, discoveredPropertyNode } from './discovery.resolver';
import { discoveryRestRoutes } from './discovery.rest';

/** Property discovery: the keys resources of a type carry, and their values. */
export const discoveryModule = defineModule({
  name: 'discovery',
  resolvers: [DiscoveryResolver],
  nodeTypes: [discoveredPropertyNode],
  changeLogTables: ['discovered_properties'],
  policies: DISCOVERY_POLICIES,
  rest: discoveryRestRoutes,

  reads: {
    DiscoveredProperty: ['discovered_properties', 'discovered_property_values'],
    // Its definition in the catalog (the returned PropertyDefinition declares its own table).
    'DiscoveredProperty.definition': ['namespaces', 'namespace_resource_types'],
    'Query.resourceProperties': ['resource_types', 'discovered_properties'],
    'Query.resourceProperty': ['resource_types', 'discovered_properties'],
  },
});
