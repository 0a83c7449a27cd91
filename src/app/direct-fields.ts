import { isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import { getMetadataStorage } from 'type-graphql';

type Resolver = GraphQLFieldResolver<unknown, unknown>;

/** The getter named `name` on a class or one of its ancestors. */
function hasGetter(target: object, name: string): boolean {
  for (
    let proto = (target as { prototype?: object }).prototype;
    proto;
    proto = Object.getPrototypeOf(proto)
  ) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (descriptor) return typeof descriptor.get === 'function';
  }
  return false;
}

/**
 * Fewer resolver hops for plain fields. type-graphql resolves every field of a class through a wrapper of its
 * own: a column (`@Field() name`) through one that builds resolver data and runs the (empty) middleware chain,
 * a getter (`@Field() get title()`) through one that also converts the parent to the class and gathers
 * parameters. A catalog read resolves thousands of them per request. Here a field without arguments, middleware
 * or authorisation, and not served by a resolver class (`@FieldResolver`), is read directly: a column by
 * GraphQL's default resolver, a getter on the parent when it already is an instance of the class (entities
 * always are), else through type-graphql's wrapper as before. Without global middlewares only (the schema has
 * none): with one, every field would have to go through it.
 */
export function readPlainFieldsDirectly(schema: GraphQLSchema): void {
  const storage = getMetadataStorage();
  const appliesTo = (declaredOn: unknown, target: { prototype: object }) =>
    declaredOn === target || (typeof declaredOn === 'function' && target.prototype instanceof declaredOn);
  const resolversOf = (name: string, target: { prototype: object }) =>
    storage.fieldResolvers.filter(
      (resolver) => resolver.schemaName === name && appliesTo(resolver.getObjectType?.(), target),
    );
  for (const objectType of storage.objectTypes) {
    const type = schema.getType(objectType.name);
    if (!isObjectType(type)) continue;
    const Target = objectType.target as new () => unknown;
    for (const [name, field] of Object.entries(type.getFields())) {
      const resolvers = resolversOf(name, Target);
      const plain = resolvers.every(
        (resolver) =>
          resolver.kind === 'internal' &&
          !resolver.params?.length &&
          !resolver.middlewares?.length &&
          !resolver.roles,
      );
      if (field.args.length || !plain) continue;
      const declared = storage.fields.find(
        (candidate) => candidate.schemaName === name && appliesTo(candidate.target, Target),
      );
      if (!declared || declared.name !== name || declared.middlewares?.length || declared.roles) continue;
      if (hasGetter(Target, name)) {
        const wrapped = field.resolve as Resolver;
        field.resolve = (root, args, context, info) =>
          root instanceof Target
            ? (root as Record<string, unknown>)[name]
            : wrapped(root, args, context, info);
      } else if (!resolvers.length) {
        // A method field (`@Field() label(): string`) needs `this`: it keeps type-graphql's resolver.
        field.resolve = undefined;
      }
    }
  }
}
