import {
  getNamedType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import type { DataGroup, TableRead } from '../common/module';

/**
 * What resolving GraphQL types reads (module manifests' `reads`): by type name, the tables its fields read
 * (every field of the type, whichever module adds it), or by `Type.field`, what one field reads besides
 * (a root query's own reads: `Query.namespaces`). Tables read to make the objects a field returns are the
 * returned type's own declaration.
 */
export type ReadDeclarations = Readonly<Record<string, readonly TableRead[]>>;

/** The table a read names. */
export const tableOf = (read: TableRead): string => (typeof read === 'string' ? read : read.table);

/** Which root Query fields the answer cache may answer, derived from the schema and the declarations. */
export interface CacheRules {
  /** The root Query fields whose every reachable type reads only versioned tables. */
  readonly cacheable: ReadonlySet<string>;
  /**
   * For each cacheable root field: the data groups whose tables it reaches (sorted). Its answers are kept with
   * those groups' versions, and served only while all of them are current.
   */
  readonly groups: ReadonlyMap<string, readonly DataGroup[]>;
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
 * nothing) are versioned tables: tables whose writes bump a data group's version (`versioned`: table to group);
 * the groups of those tables are what its answers depend on. Every root field and every object
 * type reachable from one must be declared: building the schema fails otherwise, so that a new type is never
 * cached (or not) by accident.
 */
export function deriveCacheRules(
  schema: GraphQLSchema,
  reads: ReadDeclarations,
  versioned: ReadonlyMap<string, DataGroup>,
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
  const groups = new Map<string, readonly DataGroup[]>();
  const uncacheable = new Map<string, string>();
  for (const root of Object.values(query.getFields())) {
    const rootKey = `Query.${root.name}`;
    if (!reads[rootKey]) undeclared.add(rootKey);
    const reached = new Set<DataGroup>();
    /** Notes the groups `key` reads, and returns its first unversioned table (once one is found, the groups no
     * longer matter: the field is not cacheable). */
    const visit = (key: string): string | undefined => {
      for (const read of reads[key] ?? []) {
        const group = versioned.get(tableOf(read));
        if (group !== undefined) reached.add(group);
      }
      return unversionedIn(key);
    };
    let found = visit(rootKey);
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
        found ??= visit(type.name);
        for (const field of Object.values(type.getFields())) {
          found ??= visit(`${type.name}.${field.name}`);
          pending.push(getNamedType(field.type));
        }
      }
    }
    if (found === undefined) {
      cacheable.add(root.name);
      groups.set(root.name, [...reached].sort());
    } else uncacheable.set(root.name, found);
  }
  if (undeclared.size) {
    throw new Error(
      `declare what these read (reads in their module's manifest): ${[...undeclared].sort().join(', ')}`,
    );
  }
  return { cacheable, groups, uncacheable };
}
