import { defineModule } from '../../common/module';
import { DiscoveredProperty } from './discovered-property.entity';
import { ResourceProperty } from './resource-property.entity';
import { ResourceTag } from './resource-tag.entity';
import { Resource } from './resource.entity';
import { ResourceResolver, resourceNode } from './resource.resolver';
import { DiscoveredPropertyValueCount, TagUsageCount } from './usage-count.entities';

/** Resources with their tags and properties, the keys discovered on them and the usage counts. */
export const resourcesModule = defineModule({
  name: 'resources',
  entities: [
    Resource,
    ResourceTag,
    DiscoveredProperty,
    ResourceProperty,
    TagUsageCount,
    DiscoveredPropertyValueCount,
  ],
  resolvers: [ResourceResolver],
  nodeTypes: [resourceNode],
  changes: ['resource'],
});
