import { Field, ObjectType } from 'type-graphql';
import { ConnectionType } from '../../common/relay/connection.type';
import { PropertyDefinition } from '../properties/property.entity';

/**
 * One property found by `searchProperties`, with where it lives. `namespace` and `object` are resolved by
 * loaders from the keys kept here; `prefix` is the searched resource type's association prefix, already
 * applied to `property` and passed on to the namespace and object.
 */
@ObjectType('PropertySearchHit', {
  description:
    'A property definition matching a search, with its namespace and, for object properties, its object.',
})
export class PropertySearchHit {
  namespaceId: number;
  objectId: number | null;
  prefix: string | null;

  @Field(() => PropertyDefinition, {
    description: 'The property; its name carries the prefix of the searched resource type, if any.',
  })
  property: PropertyDefinition;
}

export const PropertySearchConnection = ConnectionType('PropertySearch', PropertySearchHit);
export type PropertySearchConnection = InstanceType<typeof PropertySearchConnection>;
