import { Field, InputType, registerEnumType } from 'type-graphql';
import { OrderDirection } from '../../common/relay/order';

export enum MetadefTagOrderField {
  NAME = 'name',
  CREATED_AT = 'createdAt',
}
registerEnumType(MetadefTagOrderField, {
  name: 'MetadefTagOrderField',
  description:
    "What a namespace's tags can be sorted by (Glance's sort_key); ties are broken by creation order.",
  valuesConfig: {
    NAME: { description: 'The name ignoring case (its lower case, by code point), as `tags` lists them.' },
    CREATED_AT: { description: 'When it was created.' },
  },
});

@InputType({ description: 'The order of a tag list; a cursor is valid only for the order it was made in.' })
export class MetadefTagOrder {
  @Field(() => MetadefTagOrderField, {
    defaultValue: MetadefTagOrderField.NAME,
    description: 'The sort key.',
  })
  field: MetadefTagOrderField;

  @Field(() => OrderDirection, { defaultValue: OrderDirection.ASC, description: 'The direction.' })
  direction: OrderDirection;
}
