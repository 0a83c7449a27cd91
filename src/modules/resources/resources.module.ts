import { defineModule } from '../../common/module';
import { DiscoveredProperty } from './discovered-property.entity';
import { ResourceProperty } from './resource-property.entity';
import { ResourceTag } from './resource-tag.entity';
import { Resource } from './resource.entity';
import { RESOURCE_POLICIES } from './resource.policy';
import { ResourceResolver, resourceNode } from './resource.resolver';
import { resourceRestRoutes } from './resource.rest';
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
  policies: RESOURCE_POLICIES,
  resolvers: [ResourceResolver],
  nodeTypes: [resourceNode],
  changeLogTables: ['resources', 'resource_tags', 'resource_properties'],
  rest: resourceRestRoutes,

  reads: {
    Resource: ['resources', 'resource_tags', 'resource_properties'],
    AddTagPayload: [],
    ResourceTagUsage: ['tag_usage'],
    ResourceTypeTagCount: ['tag_usage'],
    'Query.resource': ['resources'],
    'Query.resources': ['resources', 'resource_tags', 'resource_types'],
    'Query.resourceHasTag': ['resources', 'resource_tags'],
    'Query.resourceTagUsage': ['tag_usage', 'resource_types'],
  },
});
