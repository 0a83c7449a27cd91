import {
  BREAK,
  getNamedType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type ASTNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLInterfaceType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { DataGroup, TableRead } from '../common/module';

/**
 * What resolving GraphQL types reads (module manifests' `reads`): by type name, the tables its fields read
 * (every field of the type, whichever module adds it), or by `Type.field`, what one field reads besides
 * (a root query's own reads: `Query.namespaces`; `Interface.field` for that field of every type implementing the
 * interface: `Node.history`). Tables read to make the objects a field returns are the returned type's own
 * declaration.
 */
export type ReadDeclarations = Readonly<Record<string, readonly TableRead[]>>;

/** The table a read names. */
export const tableOf = (read: TableRead): string => (typeof read === 'string' ? read : read.table);

/** Which root Query fields the answer cache may answer, derived from the schema and the declarations. */
export interface CacheRules {
  /**
   * The gates, as `Type.field` (object and interface types): the fields whose own declaration reads an unversioned
   * table (`Node.history`: the change log), and an interface's field when any implementation's is one. The walk
   * deciding a root field's cacheability does not pass through them; an operation that selects one anywhere is
   * never cached (`selectsGate`).
   */
  readonly gates: ReadonlySet<string>;
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
    // An interface is declared by field only (`Node.history`): its types declare their own reads.
    if (!isObjectType(type) && !(isInterfaceType(type) && fieldName !== undefined))
      problems.push(`${key}: no object type ${typeName}`);
    else if (fieldName !== undefined && !type.getFields()[fieldName]) problems.push(`${key}: no such field`);
    for (const table of read.map(tableOf)) {
      if (!tables.has(table)) problems.push(`${key}: no entity has the table ${table}`);
    }
  }
  if (problems.length) throw new Error(`declarations of what GraphQL types read: ${problems.join('; ')}`);
}

/**
 * What one field reads by its own declarations: `Type.field`, and `Interface.field` of each interface of its type
 * that has the field (`Node.history` for `Namespace.history`).
 */
function fieldReadKeys(type: GraphQLObjectType | GraphQLInterfaceType, field: string): string[] {
  return [
    `${type.name}.${field}`,
    ...type
      .getInterfaces()
      .filter((iface) => field in iface.getFields())
      .map((iface) => `${iface.name}.${field}`),
  ];
}

/**
 * A root Query field is cacheable if and only if its own reads and those of every type it can reach (through
 * fields, lists and non-null; an interface or union through each of its possible types; scalars and enums read
 * nothing) are versioned tables: tables whose writes bump a data group's version (`versioned`: table to group);
 * the groups of those tables are what its answers depend on. The walk stops at gates: a field whose own
 * declaration (`Type.field`, or `Interface.field` of an interface of its type) reads an unversioned table is not
 * counted for the root field (nor what it returns), and an operation selecting one is never cached
 * (`selectsGate`): `history` on every node type reads the change log without making every catalog query
 * uncacheable. Every root field and every object type reachable from one (through gates too) must be declared:
 * building the schema fails otherwise, so that a new type is never cached (or not) by accident.
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
  /** The first unversioned table `key` declares, as "table (read by key)". */
  const unversionedIn = (key: string): string | undefined => {
    const read = reads[key]?.find((table) => typeof table === 'string' && !versioned.has(table));
    return read === undefined ? undefined : `${tableOf(read)} (read by ${key})`;
  };
  const gates = findGates(schema, unversionedIn);
  const undeclared = new Set<string>();
  const cacheable = new Set<string>();
  const groups = new Map<string, readonly DataGroup[]>();
  const uncacheable = new Map<string, string>();
  for (const root of Object.values(query.getFields())) {
    const rootKey = `Query.${root.name}`;
    if (!reads[rootKey]) undeclared.add(rootKey);
    const reached = new Set<DataGroup>();
    /** Notes the groups `key` reads, and returns its first unversioned table (once one is found, the groups no
     * longer matter: the field is not cacheable). */
    const visitKey = (key: string): string | undefined => {
      for (const read of reads[key] ?? []) {
        const group = versioned.get(tableOf(read));
        if (group !== undefined) reached.add(group);
      }
      return unversionedIn(key);
    };
    let found = visitKey(rootKey);
    walk(schema, getNamedType(root.type), gates, (type) => {
      found ??= visitKey(type.name);
      for (const field of Object.keys(type.getFields())) {
        if (gates.has(`${type.name}.${field}`)) continue;
        for (const key of fieldReadKeys(type, field)) found ??= visitKey(key);
      }
    });
    if (found === undefined) {
      cacheable.add(root.name);
      groups.set(root.name, [...reached].sort());
    } else uncacheable.set(root.name, found);
  }
  // Every type a query can reach, through gates too, is declared.
  for (const root of Object.values(query.getFields())) {
    walk(schema, getNamedType(root.type), new Set(), (type) => {
      if (!reads[type.name] && !isRelayPlumbing(type)) undeclared.add(type.name);
    });
  }
  if (undeclared.size) {
    throw new Error(
      `declare what these read (reads in their module's manifest): ${[...undeclared].sort().join(', ')}`,
    );
  }
  return { gates, cacheable, groups, uncacheable };
}

/**
 * Calls `object` once for every object type reachable from `start`: through fields other than `gates`, lists and
 * non-null, interfaces and unions through each of their possible types.
 */
function walk(
  schema: GraphQLSchema,
  start: GraphQLNamedType,
  gates: ReadonlySet<string>,
  object: (type: GraphQLObjectType) => void,
): void {
  const seen = new Set<string>();
  const pending: GraphQLNamedType[] = [start];
  while (pending.length) {
    const type = pending.pop()!;
    if (seen.has(type.name)) continue;
    seen.add(type.name);
    if (isInterfaceType(type) || isUnionType(type)) {
      pending.push(...schema.getPossibleTypes(type));
    } else if (isObjectType(type)) {
      object(type);
      for (const field of Object.values(type.getFields())) {
        if (!gates.has(`${type.name}.${field.name}`)) pending.push(getNamedType(field.type));
      }
    }
  }
}

/**
 * The gates of a schema (`CacheRules.gates`): every object type's field whose own declarations read an
 * unversioned table, and every interface field that is a gate in any type implementing it.
 */
function findGates(
  schema: GraphQLSchema,
  unversionedIn: (key: string) => string | undefined,
): ReadonlySet<string> {
  const gates = new Set<string>();
  const types = Object.values(schema.getTypeMap()).filter((type) => !type.name.startsWith('__'));
  for (const type of types) {
    if (!isObjectType(type) || type === schema.getQueryType()) continue;
    for (const field of Object.keys(type.getFields())) {
      if (fieldReadKeys(type, field).some((key) => unversionedIn(key) !== undefined)) {
        gates.add(`${type.name}.${field}`);
      }
    }
  }
  for (const type of types) {
    if (!isInterfaceType(type)) continue;
    for (const field of Object.keys(type.getFields())) {
      const key = `${type.name}.${field}`;
      const implementations = schema.getPossibleTypes(type);
      if (
        unversionedIn(key) !== undefined ||
        implementations.some((impl) => gates.has(`${impl.name}.${field}`))
      )
        gates.add(key);
    }
  }
  return gates;
}

/**
 * Whether an operation selects a gate anywhere: at any depth, through inline fragments and fragment spreads
 * (each fragment followed once), an interface's gate too (`... on Node { history }`). Run on a validated
 * document (every field exists).
 */
export function selectsGate(
  schema: GraphQLSchema,
  gates: ReadonlySet<string>,
  document: DocumentNode,
  operation: OperationDefinitionNode,
): boolean {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const followed = new Set<string>();
  const pending: ASTNode[] = [operation];
  while (pending.length) {
    const node = pending.pop()!;
    const typeInfo = new TypeInfo(schema);
    let found = false;
    visit(
      node,
      visitWithTypeInfo(typeInfo, {
        Field(field) {
          const parent = typeInfo.getParentType();
          if (parent && gates.has(`${parent.name}.${field.name.value}`)) {
            found = true;
            return BREAK;
          }
          return undefined;
        },
        FragmentSpread(spread) {
          const name = spread.name.value;
          const fragment = fragments.get(name);
          if (fragment && !followed.has(name)) {
            followed.add(name);
            pending.push(fragment);
          }
        },
      }),
    );
    if (found) return true;
  }
  return false;
}
