import { Field, Float, InputType, Int } from 'type-graphql';
import { JSONScalar } from '../../common/scalars';
import { PROPERTY_NAME_MAX, PropertyType } from './property.entity';

@InputType({ description: 'The type and allowed values of the items of an ARRAY property.' })
export class PropertyItemsInput {
  @Field(() => PropertyType, { nullable: true, description: 'Required for ARRAY properties; a primitive.' })
  type?: PropertyType | null;

  @Field(() => [JSONScalar], { nullable: true })
  enum?: unknown[] | null;
}

@InputType({
  description:
    'A property definition (JSON-schema subset of the metadefs spec). Every field left out or null is absent from the stored schema.',
})
export class PropertyDefinitionInput {
  @Field({
    description: `Unique within the namespace (or object), 1–${PROPERTY_NAME_MAX} characters, without prefix.`,
  })
  name: string;

  @Field()
  title: string;

  @Field(() => PropertyType)
  type: PropertyType;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => JSONScalar, { nullable: true, description: 'Must satisfy the constraints below.' })
  default?: unknown;

  @Field(() => [JSONScalar], {
    nullable: true,
    description: 'Allowed values, each satisfying the constraints.',
  })
  enum?: unknown[] | null;

  @Field(() => Boolean, { nullable: true })
  readonly?: boolean | null;

  @Field(() => Float, { nullable: true })
  minimum?: number | null;

  @Field(() => Float, { nullable: true })
  maximum?: number | null;

  @Field(() => Int, { nullable: true })
  minLength?: number | null;

  @Field(() => Int, { nullable: true })
  maxLength?: number | null;

  @Field(() => String, { nullable: true, description: 'A regular expression (ECMAScript, unicode).' })
  pattern?: string | null;

  @Field(() => PropertyItemsInput, { nullable: true })
  items?: PropertyItemsInput | null;

  @Field(() => Int, { nullable: true })
  minItems?: number | null;

  @Field(() => Int, { nullable: true })
  maxItems?: number | null;

  @Field(() => Boolean, { nullable: true })
  uniqueItems?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  additionalItems?: boolean | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Multivalue operators: any of "<or>", "<in>", "<all-in>". Stored as given.',
  })
  operators?: string[] | null;
}
