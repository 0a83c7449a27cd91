import { Field, ObjectType } from 'type-graphql';

@ObjectType({
  simpleResolvers: true,
  description:
    'Where a page of a Relay connection sits in the list, and the cursors to fetch the next or previous one.',
})
export class PageInfo {
  @Field({ description: 'Whether items follow this page: pass endCursor as after to get them.' })
  hasNextPage: boolean;

  @Field({
    description:
      'Whether items precede this page: pass startCursor as before to get them (forward pages say true when they were asked with after).',
  })
  hasPreviousPage: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'The cursor of the first edge; null for an empty page.',
  })
  startCursor: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The cursor of the last edge; null for an empty page.',
  })
  endCursor: string | null;
}
