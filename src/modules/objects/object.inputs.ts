import { ArrayMaxSize, Length, Matches, ValidateNested } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { PropertyDefinitionInput } from '../properties/property.inputs';
import { OBJECT_NAME_MAX } from './object.entity';

// eslint-disable-next-line no-control-regex
const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;

@InputType({
  description: 'An object: a named group of property definitions (replaced as a whole on update).',
})
export class MetadefObjectInput {
  @Field({ description: 'Unique within the namespace, 1–80 characters.' })
  @Length(1, OBJECT_NAME_MAX)
  @Matches(SINGLE_LINE, { message: '$property must not contain control characters' })
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
