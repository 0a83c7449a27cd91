import { Field, InputType } from 'type-graphql';
import { UUIDScalar } from '../../common/scalars';
import { RESOURCE_PROVIDER_NAME_MAX } from './resource-provider.entity';

@InputType()
export class CreateResourceProviderInput {
  @Field(() => UUIDScalar, { nullable: true, description: 'Generated when left out.' })
  uuid?: string | null;

  @Field({ description: `Unique name, 1–${RESOURCE_PROVIDER_NAME_MAX} characters.` })
  name: string;

  @Field(() => UUIDScalar, { nullable: true, description: 'The parent provider; left out: a new root.' })
  parentUuid?: string | null;
}

@InputType({ description: 'Fields left out stay as they are.' })
export class UpdateResourceProviderInput {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => UUIDScalar, {
    nullable: true,
    description: 'Moves the provider (and its subtree) under this parent; null makes it a root.',
  })
  parentUuid?: string | null;
}

@InputType({ description: 'Filters combine with AND.' })
export class ResourceProviderFilter {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => UUIDScalar, { nullable: true })
  uuid?: string | null;

  @Field(() => UUIDScalar, { nullable: true, description: 'Providers in the same tree as this one.' })
  inTree?: string | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Has every one of these traits (an unknown name: nothing matches).',
  })
  required?: string[] | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Has none of these traits (unknown names are ignored).',
  })
  forbidden?: string[] | null;

  @Field(() => [[String]], {
    nullable: true,
    description: 'Has at least one trait of each inner list.',
  })
  anyOf?: string[][] | null;
}
