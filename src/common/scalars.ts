import { DateTimeResolver, JSONResolver, UUIDResolver } from 'graphql-scalars';

export const DateTimeScalar = DateTimeResolver;
export const JSONScalar = JSONResolver;
export const UUIDScalar = UUIDResolver;
