import { Field, ObjectType } from 'type-graphql';
import { ConnectionType } from '../../common/relay/connection.type';
import { Resource } from './resource.entity';

export const ResourceConnection = ConnectionType('Resource', Resource);
export type ResourceConnection = InstanceType<typeof ResourceConnection>;

@ObjectType({ description: 'The tags after adding one; created is false when the tag was already there.' })
export class AddTagPayload {
  @Field(() => [String], { description: 'Every tag of the resource now, in byte order.' })
  tags: string[];

  @Field({ description: 'false when the resource already carried the tag (nothing changed).' })
  created: boolean;
}
