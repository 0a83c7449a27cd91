import { Field, InputType } from 'type-graphql';

@InputType({ description: 'Which traits to list; conditions given combine with AND.' })
export class TraitFilter {
  @Field(() => String, { nullable: true, description: 'Names starting with this prefix, e.g. "HW_CPU".' })
  startsWith?: string | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Only these names (those that exist). An empty list: no trait.',
  })
  names?: string[] | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'true: traits some resource provider has; false: traits no provider has.',
  })
  associated?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'true: standard traits only; false: custom only.' })
  standard?: boolean | null;
}
