import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { ParameterKind } from '../properties/property-parameters';
import { PropertyDefinition } from '../properties/property.entity';
import { SUGGESTED_KEYS_MAX, SUGGESTIONS_MAX } from './key-index';

@ObjectType({ description: 'A problem of one metadata key.' })
export class MetadataError {
  @Field({ description: 'The key as given, e.g. hw:cpu_cores.' })
  key: string;

  @Field({
    description:
      'What is wrong with its value or its name, e.g. "must be >= 1", "unknown trait HW_FOO", or "is not a key of the complete namespace …; did you mean …".',
  })
  message: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The placeholder of the key that is wrong (trait, resource_class), when the problem is in the key rather than in its value; null otherwise.',
  })
  parameter?: string;

  @Field(() => [String], {
    description: `Keys meant (at most ${SUGGESTIONS_MAX}), nearest first, when a complete namespace refuses the key; empty otherwise, and beyond the first ${SUGGESTED_KEYS_MAX} refused keys of a request.`,
  })
  suggestions: string[];
}

@ObjectType({ description: 'Something to know about one metadata key that does not make it invalid.' })
export class MetadataWarning {
  @Field({ description: 'The key as given.' })
  key: string;

  @Field({
    description:
      'What to know: the key is deprecated (with its reason), or a lenient definition accepted a value it would refuse and how the reader takes it.',
  })
  message: string;

  @Field(() => String, { nullable: true, description: "A deprecated key's replacement, when it has one." })
  replacement?: string;
}

export enum FollowRule {
  ONLY = 'only',
  COMPLETE_NAMESPACE = 'completeNamespace',
  FIRST_ACCEPTING = 'firstAccepting',
  FIRST = 'first',
}
registerEnumType(FollowRule, {
  name: 'FollowRule',
  description: 'Why validateMetadata followed the definition it followed for a key.',
  valuesConfig: {
    ONLY: { description: 'It is the one definition of the key.' },
    COMPLETE_NAMESPACE: {
      description:
        'The key is in the scope of a complete namespace, whose definition decides; the others of the key are not followed.',
    },
    FIRST_ACCEPTING: {
      description:
        'Several definitions govern the key: the first (by namespace name) that accepts the value.',
    },
    FIRST: {
      description: "Several definitions govern the key and none accepts the value: the first one's errors.",
    },
  },
});

@ObjectType({ description: 'The text a placeholder of a parameterized definition took in a key.' })
export class MetadataKeyParameter {
  @Field({ description: 'The placeholder, e.g. resource_class.' })
  name: string;

  @Field(() => ParameterKind, { description: 'Its kind.' })
  kind: ParameterKind;

  @Field({ description: 'Its text in the key, e.g. VCPU (empty for an empty request group).' })
  value: string;
}

@ObjectType({ description: 'How validateMetadata read one key: which definition it followed, and why.' })
export class MetadataKeyCheck {
  @Field({ description: 'The key as given.' })
  key: string;

  @Field(() => PropertyDefinition, {
    nullable: true,
    description:
      'The definition whose verdict counts (in the resource type view); null for an unknown key or one a complete namespace refuses.',
  })
  followed?: PropertyDefinition;

  @Field(() => FollowRule, { nullable: true, description: 'Why it was followed; null when none was.' })
  rule?: FollowRule;

  @Field(() => [PropertyDefinition], {
    description:
      'The other definitions of the key, not followed: in other namespaces than the complete one that decides, or after the one that accepted the value.',
  })
  notFollowed: PropertyDefinition[];

  @Field(() => [MetadataKeyParameter], {
    description:
      'The placeholders of the followed definition, with their text in the key; empty for an exact name.',
  })
  parameters: MetadataKeyParameter[];
}

@ObjectType({ description: 'The result of checking key/values against the catalog for one resource type.' })
export class MetadataValidation {
  @Field({ description: 'True when no key has an error (unknown keys and warnings do not make it false).' })
  valid: boolean;

  @Field(() => [MetadataError], { description: 'One entry per problem of a key.' })
  errors: MetadataError[];

  @Field(() => [MetadataWarning], {
    description: 'Deprecated keys, and values a lenient definition accepted though it would refuse them.',
  })
  warnings: MetadataWarning[];

  @Field(() => [String], {
    description:
      'Keys that no definition visible to the caller covers for this resource type, outside every complete namespace.',
  })
  unknownKeys: string[];

  @Field(() => [MetadataKeyCheck], { description: 'One entry per key given, in the order given.' })
  keys: MetadataKeyCheck[];
}
