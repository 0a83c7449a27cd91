import { Field, Float, InputType, Int } from 'type-graphql';
import { JSONScalar } from '../../common/scalars';
import { ParameterKind } from './property-parameters';
import { ITEMS_DOCS, PARAMETER_DOCS, PROPERTY_INPUT_DOCS } from './property.docs';
import { PROPERTY_NAME_MAX, PropertyType } from './property.entity';

@InputType({
  description: 'One placeholder of a parameterized property name, e.g. {num} in numa_cpus.{num}.',
})
export class PropertyParameterInput {
  @Field({ description: PARAMETER_DOCS.name })
  name: string;

  @Field(() => ParameterKind, { description: PARAMETER_DOCS.kind })
  kind: ParameterKind;

  @Field(() => String, { nullable: true, description: PARAMETER_DOCS.pattern })
  pattern?: string | null;

  @Field(() => String, { nullable: true, description: PARAMETER_DOCS.description })
  description?: string | null;
}

@InputType({ description: 'Why a property is deprecated, and what to use instead.' })
export class PropertyDeprecationInput {
  @Field({ description: PARAMETER_DOCS.reason })
  reason: string;

  @Field(() => String, { nullable: true, description: PARAMETER_DOCS.replacement })
  replacement?: string | null;
}

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

  @Field(() => [PropertyParameterInput], { nullable: true, description: PROPERTY_INPUT_DOCS.parameters })
  parameters?: PropertyParameterInput[] | null;

  @Field(() => PropertyDeprecationInput, { nullable: true, description: PROPERTY_INPUT_DOCS.deprecated })
  deprecated?: PropertyDeprecationInput | null;

  @Field(() => Boolean, { nullable: true, description: PROPERTY_INPUT_DOCS.caseInsensitive })
  caseInsensitive?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: PROPERTY_INPUT_DOCS.lenient })
  lenient?: boolean | null;
}
