import { Field, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A problem of one metadata key.' })
export class MetadataError {
  @Field({ description: 'The key as given, e.g. hw:cpu_cores.' })
  key: string;

  @Field({ description: 'What is wrong with its value, e.g. "must be >= 1".' })
  message: string;
}

@ObjectType({ description: 'The result of checking key/values against the catalog for one resource type.' })
export class MetadataValidation {
  @Field({ description: 'True when no key has an error (unknown keys do not make it false).' })
  valid: boolean;

  @Field(() => [MetadataError], { description: 'One entry per key whose value breaks its definition.' })
  errors: MetadataError[];

  @Field(() => [String], {
    description: 'Keys that no definition visible to the caller covers for this resource type.',
  })
  unknownKeys: string[];
}
