import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { DateTimeResolver, JSONResolver, UUIDResolver } from 'graphql-scalars';
import { MAX_INPUT_DEPTH } from './input-limits';

type Variables = Readonly<Record<string, unknown>> | null | undefined;

/**
 * A JSON literal written inline, as the same value JSON.parse makes of a variable: plain objects with own
 * properties (graphql-scalars makes prototype-less ones, which class-validator and others trip over), and no
 * deeper than MAX_INPUT_DEPTH.
 */
function jsonLiteral(ast: ValueNode, variables: Variables, depth = 0): unknown {
  if (depth > MAX_INPUT_DEPTH) {
    throw new GraphQLError(`JSON cannot represent a value nested deeper than ${MAX_INPUT_DEPTH} levels`, {
      nodes: ast,
    });
  }
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return ast.values.map((value) => jsonLiteral(value, variables, depth + 1));
    case Kind.OBJECT:
      // Object.fromEntries defines own properties, "__proto__" included, as JSON.parse does.
      return Object.fromEntries(
        ast.fields.map((field) => [field.name.value, jsonLiteral(field.value, variables, depth + 1)]),
      );
    case Kind.VARIABLE:
      return variables?.[ast.name.value];
    case Kind.ENUM:
      throw new GraphQLError(`JSON cannot represent the bare word ${ast.value}`, { nodes: ast });
  }
}

export const DateTimeScalar = DateTimeResolver;
export const JSONScalar = new GraphQLScalarType({
  ...JSONResolver.toConfig(),
  parseLiteral: (ast, variables) => jsonLiteral(ast, variables),
});
/** The UUID pattern a stored value has (PostgreSQL's `uuid` text form): answered as it is. */
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * graphql-scalars' UUID, checking what clients send as it does; a value read from a `uuid` column (every value
 * this API answers, a provider list's hundreds per page) is answered after one anchored test instead of its
 * general one (braces, either case).
 */
export const UUIDScalar = new GraphQLScalarType({
  ...UUIDResolver.toConfig(),
  serialize: (value) =>
    typeof value === 'string' && CANONICAL_UUID.test(value) ? value : UUIDResolver.serialize(value),
});
