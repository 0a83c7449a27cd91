import { defineModule } from '../../common/module';
import { DiscoveryResolver, discoveredPropertyNode } from './discovery.resolver';

/** Property discovery: the keys resources of a type carry, and their values. */
export const discoveryModule = defineModule({
  name: 'discovery',
  resolvers: [DiscoveryResolver],
  nodeTypes: [discoveredPropertyNode],
  changes: [],
});
