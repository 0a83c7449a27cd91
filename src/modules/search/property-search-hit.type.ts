import { Field, ObjectType } from 'type-graphql';
import { ConnectionType } from '../../common/relay/connection.type';
import type { ResourceTypeView } from '../namespaces/resource-type-view';
import { PropertyDefinition } from '../properties/property.entity';

/**
 * One property found by `searchProperties`, with where it lives. `namespace` and `object` are resolved by
 * loaders from the keys kept here; `view` is the searched resource type's view (when its association with the
 * namespace has a prefix), in which `property` is seen and which is handed on to the namespace and object.
 */
@ObjectType('PropertySearchHit', {
  description:
    'A property definition matching a search, with its namespace and, for object properties, its object.',
})
export class PropertySearchHit {
  namespaceId: number;
  objectId: number | null;
  view: ResourceTypeView | null;

  @Field(() => PropertyDefinition, {
    description:
      'The property; seen in the view of the searched resource type, if any (its name then carries the prefix).',
  })
  property: PropertyDefinition;
}

export const PropertySearchConnection = ConnectionType('PropertySearch', PropertySearchHit);
export type PropertySearchConnection = InstanceType<typeof PropertySearchConnection>;
