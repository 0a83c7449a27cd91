import { Capability } from '../modules/discovery/capability.entity';
import { NamespaceResourceType } from '../modules/namespaces/namespace-resource-type.entity';
import { Namespace } from '../modules/namespaces/namespace.entity';
import { ResourceType } from '../modules/resource-types/resource-type.entity';
import { ResourceProperty } from '../modules/resources/resource-property.entity';
import { ResourceTag } from '../modules/resources/resource-tag.entity';
import { Resource } from '../modules/resources/resource.entity';

/** Every TypeORM entity of the service (one list for the app, the CLI and the tests). */
export const entities = [
  ResourceType,
  Namespace,
  NamespaceResourceType,
  Resource,
  ResourceTag,
  Capability,
  ResourceProperty,
];
