import {
  getNamedType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import type { TableRead } from '../common/module';

/**
 * What resolving GraphQL types reads (module manifests' `reads`): by type name, the tables its fields read
 * (every field of the type, whichever module adds it), or by `Type.field`, what one field reads besides
 * (a root query's own reads: `Query.namespaces`). Tables read to make the objects a field returns are the
 * returned type's own declaration.
 */
export type ReadDeclarations = Readonly<Record<string, readonly TableRead[]>>;

/** The table a read names. */
export const tableOf = (read: TableRead): string => (typeof read === 'string' ? read : read.table);

/** Which root Query fields the catalog cache may answer, derived from the schema and the declarations. */
export interface CacheRules {
  /** The root Query fields whose every reachable type reads only versioned tables. */
  readonly cacheable: ReadonlySet<string>;
  /** For every other root Query field: the first unversioned table found, and what reads it. */
  readonly uncacheable: ReadonlyMap<string, string>;
}

/**
 * Relay's plumbing reads nothing of its own: PageInfo, a connection (edges, nodes, pageInfo; its totalCount counts
 * its nodes' rows, which their type declares) and an edge (cursor, node).
 */
function isRelayPlumbing(type: GraphQLObjectType): boolean {
  const fields = type.getFields();
  return (
    type.name === 'PageInfo' ||
    ('edges' in fields && 'pageInfo' in fields) ||
    ('node' in fields && 'cursor' in fields)
  );
}

/** Fails on a declaration naming no type, no field, or a table no entity has (a typo or a stale name). */
function checkDeclarations(
  schema: GraphQLSchema,
  reads: ReadDeclarations,
  tables: ReadonlySet<string>,
): void {
  const problems: string[] = [];
  for (const [key, read] of Object.entries(reads)) {
    const [typeName, fieldName] = key.split('.');
    const type = schema.getType(typeName);
    if (!isObjectType(type)) problems.push(`${key}: no object type ${typeName}`);
    else if (fieldName !== undefined && !type.getFields()[fieldName]) problems.push(`${key}: no such field`);
    for (const table of read.map(tableOf)) {
      if (!tables.has(table)) problems.push(`${key}: no entity has the table ${table}`);
    }
  }
  if (problems.length) throw new Error(`declarations of what GraphQL types read: ${problems.join('; ')}`);
}

/**
 * A root Query field is cacheable if and only if its own reads and those of every type it can reach (through
 * fields, lists and non-null; an interface or union through each of its possible types; scalars and enums read
 * nothing) are versioned tables: tables whose writes bump the catalog version. Every root field and every object
 * type reachable from one must be declared: building the schema fails otherwise, so that a new type is never
 * cached (or not) by accident.
 */
export function deriveCacheRules(
  schema: GraphQLSchema,
  reads: ReadDeclarations,
  versioned: ReadonlySet<string>,
  tables: ReadonlySet<string>,
): CacheRules {
  checkDeclarations(schema, reads, tables);
  const query = schema.getQueryType();
  if (!query) throw new Error('the schema has no Query type');
  const undeclared = new Set<string>();
  /** The first unversioned table `key` declares, as "table (read by key)". */
  const unversionedIn = (key: string): string | undefined => {
    const read = reads[key]?.find((table) => typeof table === 'string' && !versioned.has(table));
    return read === undefined ? undefined : `${tableOf(read)} (read by ${key})`;
  };
  const cacheable = new Set<string>();
  const uncacheable = new Map<string, string>();
  for (const root of Object.values(query.getFields())) {
    const rootKey = `Query.${root.name}`;
    if (!reads[rootKey]) undeclared.add(rootKey);
    let found = unversionedIn(rootKey);
    const seen = new Set<string>();
    const pending: GraphQLNamedType[] = [getNamedType(root.type)];
    while (pending.length) {
      const type = pending.pop()!;
      if (seen.has(type.name)) continue;
      seen.add(type.name);
      if (isInterfaceType(type) || isUnionType(type)) {
        pending.push(...schema.getPossibleTypes(type));
      } else if (isObjectType(type)) {
        if (!reads[type.name] && !isRelayPlumbing(type)) undeclared.add(type.name);
        found ??= unversionedIn(type.name);
        for (const field of Object.values(type.getFields())) {
          found ??= unversionedIn(`${type.name}.${field.name}`);
          pending.push(getNamedType(field.type));
        }
      }
    }
    if (found === undefined) cacheable.add(root.name);
    else uncacheable.set(root.name, found);
  }
  if (undeclared.size) {
    throw new Error(
      `declare what these read (reads in their module's manifest): ${[...undeclared].sort().join(', ')}`,
    );
  }
  return { cacheable, uncacheable };
}
