import type { Command } from 'commander';
import type { Boot } from './commands';
import type { TxContext } from './context';
import type { PolicyRule } from './policy/rule';
import type { NodeType } from './relay/node';
import type { RestRoute } from './rest';

/**
 * Reference data every installation needs. An `always` seeder is idempotent and runs at every start
 * (e.g. resource types, standard traits); a `once` seeder runs on first start only (default definitions,
 * which operators may then change or delete). db/seed.ts runs them.
 */
export interface Seeder {
  name: string;
  mode: 'always' | 'once';
  /** Runs inside the seeder's transaction (which holds SEED_LOCK). */
  run(tx: TxContext): Promise<string>;
}

/** A class: a TypeORM entity or a type-graphql resolver. */
export type ClassOf = abstract new (...args: never[]) => object;

/** Adds a module's commands to the CLI; `boot` starts the service for one command. */
export type CommandRegistrar = (program: Command, boot: Boot) => void;

/**
 * A table read: its name, or, for an unversioned table whose changes a cached answer may knowingly miss, the
 * table with why that is acceptable (it is then not held against caching; docs/catalog.md says what it costs).
 */
export type TableRead = string | { readonly table: string; readonly staleness: string };

/**
 * The groups of data whose answers may be cached, each with its version bumped at commit by every transaction
 * writing one of its tables (the catalog: catalog_version; the others: data_versions). A cached answer is kept
 * with the versions of the groups it reads.
 */
export const DATA_GROUPS = ['catalog', 'traits', 'providers'] as const;
export type DataGroup = (typeof DATA_GROUPS)[number];

/**
 * What one module brings to the service, declared in `src/modules/<name>/<name>.module.ts`. The composition root
 * keeps one ordered list of manifests (src/app/modules.ts) and derives every other list from it: entities,
 * resolvers, node types, seeders (in module order), CLI commands, bench scenarios by module name.
 */
export interface ModuleManifest {
  /** The module's folder under src/modules/. */
  readonly name: string;
  /** Its TypeORM entities (every `@Entity` class of its *.entity.ts files). */
  readonly entities?: readonly ClassOf[];
  /**
   * Its resolver classes; a function when they are made from every node type of the service (the node
   * look-ups of subscriptions and deleteNode).
   */
  readonly resolvers?: readonly ClassOf[] | ((nodeTypes: readonly NodeType[]) => readonly ClassOf[]);
  /** Its Node types' fetchers (`defineNodeType`): what `node(id:)` can fetch. */
  readonly nodeTypes?: readonly NodeType[];
  /** Its seeders; they run in module order, each module's in the order given. */
  readonly seeders?: readonly Seeder[];
  /**
   * Its policy rules (oslo.policy's DocumentedRuleDefault): each decision on who may see or do what in this module,
   * named once with its default check string; services ask `ctx.policy` by name (docs/identity.md, Policy).
   */
  readonly policies?: readonly PolicyRule[];
  /** Its CLI commands (`register…Commands(program, boot)`). */
  readonly commands?: readonly CommandRegistrar[];
  /**
   * Its Mutation fields that change no node when they succeed, so record nothing in the change log (a check, a
   * dry run, an answer the caller already had). Every other mutation records at least one change when it
   * succeeds (test/change-log-contract.test.ts, over every Mutation field of the schema).
   */
  readonly recordsNoChange?: readonly string[];
  /**
   * Its tables whose every write bumps a data group's version, by group (the triggers of
   * src/db/versions/sql/triggers.sql watch them; test/cache-rules.test.ts compares). Answers that read only such
   * tables may be cached across requests, kept with the versions of the groups they read.
   */
  readonly versionedTables?: Readonly<Partial<Record<DataGroup, readonly string[]>>>;
  /**
   * The tables whose row changes record its node types in the change log (docs/live.md): each has the change
   * log's row triggers (src/db/change-log/sql/triggers.sql; test/sql-definitions.test.ts compares the
   * declarations with the database's triggers). A table that holds a node type, or a part of one (an
   * association, a resource's tags), is declared by the module of that node type.
   */
  readonly changeLogTables?: readonly string[];
  /**
   * What resolving its GraphQL types reads, for the catalog cache (app/cache-rules.ts): by type name, the tables
   * its fields read (every field, whichever module adds it); by `Type.field`, what one field reads besides its
   * type's (a root query's own reads: `Query.namespaces`; a field this module adds to another module's type).
   * What a field returns declares its own reads. Every root query and every type reachable from one is declared.
   */
  readonly reads?: Readonly<Record<string, readonly TableRead[]>>;
  /**
   * Its routes in the OpenStack REST APIs (Placement's /traits, …): each runs one GraphQL operation of the schema
   * through the one pipeline (common/rest.ts, http/rest.ts).
   */
  readonly rest?: readonly RestRoute[];
}

/** A manifest, typed as given (its name a literal, so that lists keyed by module name are checked). */
export function defineModule<const M extends ModuleManifest>(manifest: M): M {
  return manifest;
}
