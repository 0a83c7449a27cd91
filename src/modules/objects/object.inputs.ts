import { ArrayMaxSize, ValidateNested } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { PropertyDefinitionInput } from '../properties/property.inputs';
import { OBJECT_NAME_MAX } from './object.entity';

@InputType({
  description: 'An object: a named group of property definitions (replaced as a whole on update).',
})
export class MetadefObjectInput {
  @Field({ description: `Unique within the namespace, 1–${OBJECT_NAME_MAX} characters.` })
  name: string;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => [String], { nullable: true, description: 'Names of its own properties (without prefix).' })
  required?: string[] | null;

  @Field(() => [PropertyDefinitionInput], { nullable: true })
  @ArrayMaxSize(500)
  @ValidateNested()
  properties?: PropertyDefinitionInput[] | null;
}
