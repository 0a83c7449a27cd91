import { registerEnumType } from 'type-graphql';

export enum OrderDirection {
  ASC = 'ASC',
  DESC = 'DESC',
}
registerEnumType(OrderDirection, {
  name: 'OrderDirection',
  description: 'The direction of a sort.',
  valuesConfig: {
    ASC: { description: 'Ascending: A to Z, oldest first.' },
    DESC: { description: 'Descending: Z to A, newest first.' },
  },
});
