import { Field, ObjectType } from 'type-graphql';
import { ConnectionType } from '../../common/relay/connection.type';
import { Trait } from './trait.entity';

export const TraitConnection = ConnectionType('Trait', Trait);
export type TraitConnection = InstanceType<typeof TraitConnection>;

@ObjectType({ description: 'Which of the names asked about are traits of this cloud.' })
export class TraitValidation {
  @Field(() => [String], { description: 'Names that exist, in the order asked (each once).' })
  valid: string[];

  @Field(() => [String], { description: 'Names that do not exist, in the order asked (each once).' })
  invalid: string[];
}

@ObjectType({ description: 'The result of createTrait: the trait, and whether this call created it.' })
export class CreateTraitPayload {
  @Field(() => Trait, { description: 'The trait, new or existing.' })
  trait: Trait;

  @Field({ description: 'false when the trait already existed (nothing changed).' })
  created: boolean;
}
