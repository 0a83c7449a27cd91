import { Field, ObjectType } from 'type-graphql';
import { ConnectionType } from '../../common/relay/connection.type';
import { Resource } from './resource.entity';

export const ResourceConnection = ConnectionType('Resource', Resource);
export type ResourceConnection = InstanceType<typeof ResourceConnection>;

@ObjectType({ description: 'The tags after adding one; created is false when the tag was already there.' })
export class AddTagPayload {
  @Field(() => [String])
  tags: string[];

  @Field()
  created: boolean;
}
