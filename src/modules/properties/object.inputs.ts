import { ArrayMaxSize, ValidateNested } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { PropertyDefinitionInput } from './property.inputs';
import { OBJECT_DESCRIPTION_MAX, OBJECT_NAME_MAX } from './object.entity';

const OBJECT_PROPERTIES_MAX = 500;

@InputType({
  description: 'An object: a named group of property definitions (replaced as a whole on update).',
})
export class MetadefObjectInput {
  @Field({
    description: `Unique within the namespace, 1–${OBJECT_NAME_MAX} characters (CONFLICT when taken).`,
  })
  name: string;

  @Field(() => String, {
    nullable: true,
    description: `What the object is for, at most ${OBJECT_DESCRIPTION_MAX} characters (line breaks allowed).`,
  })
  description?: string | null;

  @Field(() => [String], {
    nullable: true,
    description:
      'Properties a user should set: names of its own properties (without prefix); BAD_USER_INPUT for any other name.',
  })
  required?: string[] | null;

  @Field(() => [PropertyDefinitionInput], {
    nullable: true,
    description: `Its properties, names unique within the object; at most ${OBJECT_PROPERTIES_MAX}.`,
  })
  @ArrayMaxSize(OBJECT_PROPERTIES_MAX)
  @ValidateNested()
  properties?: PropertyDefinitionInput[] | null;
}
