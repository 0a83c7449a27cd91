import 'reflect-metadata';
import { isInterfaceType, lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchemaSync } from 'type-graphql';
import { getMetadataArgsStorage } from 'typeorm';
import type { DataGroup } from '../common/module';
import { createNodeResolver } from '../common/relay/node.resolver';
import { DateTimeScalar } from '../common/scalars';
import { validateArgument } from '../common/validation';
import { deriveCacheRules, type CacheRules, type ReadDeclarations } from './cache-rules';
import { entities } from './entities';
import { moduleNodeTypes, moduleReads, moduleResolvers, versionGroups } from './modules';

/** Every node type: what `node(id:)` can fetch (the modules' fetchers, app/modules.ts). */
export const nodeTypes = moduleNodeTypes;

/** Every resolver of the API: `node`/`nodes`, then the modules' (app/modules.ts). */
export const resolvers = [createNodeResolver(nodeTypes), ...moduleResolvers] as const;

/** What the composition root's own resolvers read: node(s) only what the fetched types declare. */
const appReads: ReadDeclarations = { 'Query.node': [], 'Query.nodes': [] };

/** Every declaration of what a GraphQL type or field reads. */
export const reads: ReadDeclarations = { ...moduleReads, ...appReads };

/** The tables of the service's entities, each named in its @Entity (a declaration naming another is a typo). */
export function entityTables(): ReadonlySet<string> {
  const classes = new Set<unknown>(entities);
  return new Set([
    ...getMetadataArgsStorage().tables.flatMap((table) =>
      classes.has(table.target) && table.name ? [table.name] : [],
    ),
    // Written by triggers and read in SQL (src/db/change-log/): no entity, never versioned (never cached).
    'change_log',
  ]);
}

let built: GraphQLSchema | undefined;
let cacheRules: CacheRules | undefined;

/** Every type that implements Node has a fetcher in `nodeTypes` (else `node(id:)` would answer null). */
function assertEveryNodeFetchable(schema: GraphQLSchema): void {
  const node = schema.getType('Node');
  if (!isInterfaceType(node)) throw new Error('the schema has no Node interface');
  const fetchable = new Set(nodeTypes.map((type) => type.name));
  const missing = schema
    .getImplementations(node)
    .objects.map((type) => type.name)
    .filter((name) => !fetchable.has(name));
  if (missing.length)
    throw new Error(
      `node types without a fetcher (nodeTypes of their module's manifest): ${missing.join(', ')}`,
    );
}

/** type-graphql builds the root types without descriptions; the documentation explorer opens on them. */
function describeRootTypes(schema: GraphQLSchema): void {
  const query = schema.getQueryType();
  const mutation = schema.getMutationType();
  const subscription = schema.getSubscriptionType();
  if (query) {
    query.description =
      'Reads: the definitions catalog (namespaces, search, validation), resources and their tags, property discovery, traits and resource providers. Look-ups by key return null for what does not exist or is not visible to the caller.';
  }
  if (mutation) {
    mutation.description =
      'Writes, each in one transaction: a failure (BAD_USER_INPUT naming extensions.field, FORBIDDEN, NOT_FOUND, CONFLICT) writes nothing.';
  }
  if (subscription && !subscription.description) {
    subscription.description = 'Live updates: each field streams events as the data it watches changes.';
  }
}

/** The executable schema, built once per process from the decorated classes. */
export function buildAppSchema(): GraphQLSchema {
  if (built) return built;
  const schema = buildSchemaSync({
    resolvers: [...resolvers],
    scalarsMap: [{ type: Date, scalar: DateTimeScalar }],
    validateFn: validateArgument,
    // type-graphql insists on a PubSub once there are subscriptions; ours give their own `subscribe` (the
    // change feed, shared by every instance through PostgreSQL), so this one is never used.
    pubSub: {
      publish: () => {
        throw new Error('publish through the change feed (common/changes.ts), not type-graphql PubSub');
      },
      subscribe: () => {
        throw new Error('subscriptions take their events from the change feed');
      },
    },
  });
  assertEveryNodeFetchable(schema);
  // Which root queries the catalog cache may answer: those reaching versioned tables only.
  cacheRules = deriveCacheRules(schema, reads, versionGroups, entityTables());
  describeRootTypes(schema);
  built = schema;
  return built;
}

/** The root Query fields whose answers the answer cache may keep (derived at schema build: cache-rules.ts). */
export function catalogQueryFields(): ReadonlySet<string> {
  buildAppSchema();
  return cacheRules!.cacheable;
}

/** What the answer cache may answer: cacheable root fields with their groups, and the gates (cache-rules.ts). */
export function appCacheRules(): CacheRules {
  buildAppSchema();
  return cacheRules!;
}

/** For each cacheable root Query field, the data groups whose versions its answers are kept with. */
export function cacheableQueryGroups(): ReadonlyMap<string, readonly DataGroup[]> {
  buildAppSchema();
  return cacheRules!.groups;
}

/** The SDL committed as schema.graphql (sorted, so that it diffs well). */
export function printAppSchema(): string {
  return `${printSchema(lexicographicSortSchema(buildAppSchema()))}\n`;
}
