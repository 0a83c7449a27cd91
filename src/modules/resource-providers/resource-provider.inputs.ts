import { Field, InputType } from 'type-graphql';
import { UUIDScalar } from '../../common/scalars';
import { RESOURCE_PROVIDER_NAME_MAX } from './resource-provider.entity';

/** How a provider filter's trait list answers a name that is no trait (as Placement's 400). */
const UNKNOWN_TRAITS = (field: string) =>
  `A name that is no trait (standard or custom, exact case) is BAD_USER_INPUT on ${field}, "No such trait(s): …" naming every unknown name of the request in one error.`;

const PROVIDER_NAME = `Unique name, 1–${RESOURCE_PROVIDER_NAME_MAX} characters, single-line (CONFLICT when taken).`;

@InputType({ description: 'A new resource provider.' })
export class CreateResourceProviderInput {
  @Field(() => UUIDScalar, {
    nullable: true,
    description: 'Its uuid (CONFLICT when taken); generated when left out.',
  })
  uuid?: string | null;

  @Field({ description: PROVIDER_NAME })
  name: string;

  @Field(() => UUIDScalar, {
    nullable: true,
    description:
      'The parent provider (BAD_USER_INPUT when there is none with that uuid); left out: a new root.',
  })
  parentUuid?: string | null;
}

@InputType({ description: 'Changes to a resource provider: fields left out stay as they are.' })
export class UpdateResourceProviderInput {
  @Field(() => String, { nullable: true, description: `A new name: ${PROVIDER_NAME} null: BAD_USER_INPUT.` })
  name?: string | null;

  @Field(() => UUIDScalar, {
    nullable: true,
    description: 'Moves the provider (and its subtree) under this parent; null makes it a root.',
  })
  parentUuid?: string | null;
}

@InputType({ description: 'Which providers to list; conditions given combine with AND.' })
export class ResourceProviderFilter {
  @Field(() => String, { nullable: true, description: 'The provider with exactly this name.' })
  name?: string | null;

  @Field(() => UUIDScalar, { nullable: true, description: 'The provider with this uuid.' })
  uuid?: string | null;

  @Field(() => UUIDScalar, { nullable: true, description: 'Providers in the same tree as this one.' })
  inTree?: string | null;

  @Field(() => [String], {
    nullable: true,
    description: `Has every one of these traits. ${UNKNOWN_TRAITS('filter.required')}`,
  })
  required?: string[] | null;

  @Field(() => [String], {
    nullable: true,
    description: `Has none of these traits. ${UNKNOWN_TRAITS('filter.forbidden')}`,
  })
  forbidden?: string[] | null;

  @Field(() => [[String]], {
    nullable: true,
    description: `Has at least one trait of each inner list (an empty inner list: BAD_USER_INPUT). ${UNKNOWN_TRAITS(
      'filter.anyOf.<index>',
    )}`,
  })
  anyOf?: string[][] | null;
}
