import { Field, ID, ObjectType } from 'type-graphql';
import { encodeGlobalId } from '../../common/relay/global-id';
import { Node } from '../../common/relay/node';
import type { Capability } from './capability.entity';

@ObjectType({
  implements: Node,
  description:
    'A property key that resources of a type carry (Blazar resource property discovery), with the values seen.',
})
export class DiscoveredProperty implements Node {
  /** The capability's database key. */
  pk: number;

  @Field(() => ID)
  get id(): string {
    return encodeGlobalId('DiscoveredProperty', this.pk);
  }

  @Field({ description: 'The resource type, e.g. OS::Nova::Server.' })
  resourceType: string;

  /** The resource type's database key. */
  resourceTypePk: number;

  @Field({ description: 'The property key.' })
  name: string;

  @Field({
    description: 'A private key is never enumerated to non-admins (asking for it by name is FORBIDDEN).',
  })
  private: boolean;

  static of(capability: Capability, resourceType: string): DiscoveredProperty {
    const property = new DiscoveredProperty();
    property.pk = capability.pk;
    property.resourceType = resourceType;
    property.resourceTypePk = capability.resourceTypeId;
    property.name = capability.name;
    property.private = capability.private;
    return property;
  }
}
