import { MetadefTag } from '../modules/metadef-tags/metadef-tag.entity';
import { NamespaceResourceType } from '../modules/namespaces/namespace-resource-type.entity';
import { Namespace } from '../modules/namespaces/namespace.entity';
import { MetadefObject } from '../modules/properties/object.entity';
import { PropertyDefinition } from '../modules/properties/property.entity';
import { ResourceProviderTrait } from '../modules/resource-providers/resource-provider-trait.entity';
import { ResourceProvider } from '../modules/resource-providers/resource-provider.entity';
import { ResourceType } from '../modules/resource-types/resource-type.entity';
import { Trait } from '../modules/traits/trait.entity';
import { DiscoveredProperty } from '../modules/resources/discovered-property.entity';
import { ResourceProperty } from '../modules/resources/resource-property.entity';
import { ResourceTag } from '../modules/resources/resource-tag.entity';
import { Resource } from '../modules/resources/resource.entity';
import { DiscoveredPropertyValueCount, TagUsageCount } from '../modules/resources/usage-count.entities';

/** Every TypeORM entity of the service (one list for the app, the CLI and the tests). */
export const entities = [
  ResourceType,
  Namespace,
  NamespaceResourceType,
  MetadefObject,
  PropertyDefinition,
  MetadefTag,
  Trait,
  ResourceProvider,
  ResourceProviderTrait,
  Resource,
  ResourceTag,
  DiscoveredProperty,
  ResourceProperty,
  TagUsageCount,
  DiscoveredPropertyValueCount,
];
