import { Field, Float, InputType, Int } from 'type-graphql';
import { JSONScalar } from '../../common/scalars';
import { ITEMS_DOCS, PROPERTY_INPUT_DOCS } from './property.docs';
import { PROPERTY_NAME_MAX, PropertyType } from './property.entity';

@InputType({ description: 'The type and allowed values of the items of an ARRAY property.' })
export class PropertyItemsInput {
  @Field(() => PropertyType, {
    nullable: true,
    description: `${ITEMS_DOCS.type} Required.`,
  })
  type?: PropertyType | null;

  @Field(() => [JSONScalar], {
    nullable: true,
    description: `${ITEMS_DOCS.enum} At least one, no duplicates (BAD_USER_INPUT at input.items.enum.N otherwise).`,
  })
  enum?: unknown[] | null;
}

@InputType({
  description:
    'A property definition (JSON-schema subset of the metadefs spec). Every field left out or null is absent from the stored schema. Checked as a whole: all problems come in one BAD_USER_INPUT, each in extensions.errors with its field (e.g. input.maximum).',
})
export class PropertyDefinitionInput {
  @Field({
    description: `Unique within the namespace (or object), 1–${PROPERTY_NAME_MAX} characters, without prefix.`,
  })
  name: string;

  @Field({ description: PROPERTY_INPUT_DOCS.title })
  title: string;

  @Field(() => PropertyType, { description: PROPERTY_INPUT_DOCS.type })
  type: PropertyType;

  @Field(() => String, { nullable: true, description: PROPERTY_INPUT_DOCS.description })
  description?: string | null;

  @Field(() => JSONScalar, { nullable: true, description: PROPERTY_INPUT_DOCS.default })
  default?: unknown;

  @Field(() => [JSONScalar], { nullable: true, description: PROPERTY_INPUT_DOCS.enum })
  enum?: unknown[] | null;

  @Field(() => Boolean, { nullable: true, description: PROPERTY_INPUT_DOCS.readonly })
  readonly?: boolean | null;

  @Field(() => Float, { nullable: true, description: PROPERTY_INPUT_DOCS.minimum })
  minimum?: number | null;

  @Field(() => Float, { nullable: true, description: PROPERTY_INPUT_DOCS.maximum })
  maximum?: number | null;

  @Field(() => Int, { nullable: true, description: PROPERTY_INPUT_DOCS.minLength })
  minLength?: number | null;

  @Field(() => Int, { nullable: true, description: PROPERTY_INPUT_DOCS.maxLength })
  maxLength?: number | null;

  @Field(() => String, { nullable: true, description: PROPERTY_INPUT_DOCS.pattern })
  pattern?: string | null;

  @Field(() => PropertyItemsInput, { nullable: true, description: PROPERTY_INPUT_DOCS.items })
  items?: PropertyItemsInput | null;

  @Field(() => Int, { nullable: true, description: PROPERTY_INPUT_DOCS.minItems })
  minItems?: number | null;

  @Field(() => Int, { nullable: true, description: PROPERTY_INPUT_DOCS.maxItems })
  maxItems?: number | null;

  @Field(() => Boolean, { nullable: true, description: PROPERTY_INPUT_DOCS.uniqueItems })
  uniqueItems?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: PROPERTY_INPUT_DOCS.additionalItems })
  additionalItems?: boolean | null;

  @Field(() => [String], { nullable: true, description: PROPERTY_INPUT_DOCS.operators })
  operators?: string[] | null;
}
