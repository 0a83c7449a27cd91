import { HeaderMap, type ApolloServerPlugin, type GraphQLRequestListener } from '@apollo/server';
import type { DocumentNode, FormattedExecutionResult, GraphQLSchema, OperationDefinitionNode } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { ChangeSource, InstanceState } from '../common/changes';
import type { Context } from '../common/context';
import type { Counter } from 'prom-client';
import type { Queryable } from '../db/change-log/read';
import { prepared } from '../db/prepared';
import { DATA_GROUPS, type DataGroup } from '../common/module';
import { selectsGate, type CacheRules } from './cache-rules';

/**
 * The data groups an operation's answer depends on, if it may be cached: a query of cacheable root fields only
 * (with `__typename` at most beside them), which are the root Query fields reaching nothing but versioned tables,
 * derived from the schema and what its types declare they read (app/cache-rules.ts, `appCacheRules()` of
 * app/schema.ts), each with the groups whose tables it reaches: its answers change only when one of their
 * versions does; and selecting no gate anywhere (a field reading unversioned data below a cacheable root field:
 * `history` of a node, whatever fragment or interface it is selected through). Anything else (resources, node
 * look-ups, `resourceTypes`, whose list for a project also holds the types of its resources, a namespace's
 * history) is never cached: undefined.
 */
export function cachedGroupsOf(
  document: DocumentNode,
  operation: OperationDefinitionNode | undefined,
  schema: GraphQLSchema,
  rules: Pick<CacheRules, 'groups' | 'gates'>,
): readonly DataGroup[] | undefined {
  if (operation?.operation !== 'query') return undefined;
  const groups = new Set<DataGroup>();
  let cached = false;
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== 'Field') return undefined;
    const fieldGroups = rules.groups.get(selection.name.value);
    if (fieldGroups) {
      cached = true;
      for (const group of fieldGroups) groups.add(group);
    } else if (selection.name.value !== '__typename') return undefined;
  }
  // `{ __typename }` alone reads nothing: no version to check.
  if (!cached || selectsGate(schema, rules.gates, document, operation)) return undefined;
  return [...groups].sort();
}

/**
 * `cachedGroupsOf`, decided once per parsed document and operation (Apollo keeps parsed documents and hands the
 * same DocumentNode back for the same query text): a hit pays two map look-ups, not a walk of the document.
 */
export function cacheDecisions(schema: GraphQLSchema, rules: Pick<CacheRules, 'groups' | 'gates'>) {
  const decided = new WeakMap<DocumentNode, Map<OperationDefinitionNode, readonly DataGroup[] | null>>();
  return (document: DocumentNode, operation: OperationDefinitionNode | undefined) => {
    if (!operation) return undefined;
    let byOperation = decided.get(document);
    if (!byOperation) decided.set(document, (byOperation = new Map()));
    let groups = byOperation.get(operation);
    if (groups === undefined) {
      groups = cachedGroupsOf(document, operation, schema, rules) ?? null;
      byOperation.set(operation, groups);
    }
    return groups ?? undefined;
  };
}

/**
 * The JSON of kept answers, by their `data` object: an answer is serialized once, when it is kept, and its
 * text reused for every hit (serializing the full catalog, ~280 KB, costs more than everything else a hit
 * does). Entries go with the answers.
 */
const serialized = new WeakMap<object, string>();

/**
 * The same texts as UTF-8, for the HTTP layer to write as they are: a hit then allocates nothing of its size
 * (encoding 280 KB per hit, hundreds of times a second, is what made memory grow under load). Removed when
 * the answer leaves the cache.
 */
const encodedTexts = new Map<string, Buffer>();

/**
 * How many kept texts have each length: a text of no kept length is answered as it is without a look-up (a Map
 * look-up hashes the whole string, tens of kilobytes for a list computed anew).
 */
const keptLengths = new Map<number, number>();

function keepText(text: string, bytes: Buffer): void {
  // The same text kept by two answers (two audiences alike) is one entry: counted once.
  if (!encodedTexts.has(text)) keptLengths.set(text.length, (keptLengths.get(text.length) ?? 0) + 1);
  encodedTexts.set(text, bytes);
}

function dropText(text: string): void {
  if (!encodedTexts.delete(text)) return;
  const count = keptLengths.get(text.length)! - 1;
  if (count) keptLengths.set(text.length, count);
  else keptLengths.delete(text.length);
}

/** The bytes to send for a response text: a kept answer's encoded once, any other text as it is. */
export function responseBytes(text: string): Buffer | string {
  return (keptLengths.has(text.length) && encodedTexts.get(text)) || text;
}

/**
 * Apollo's `stringifyResult`: its own serialization (JSON and a newline), reusing the text of a kept answer.
 * Apollo passes a new `{ errors, data, extensions }` object each time; an answer is kept only without errors.
 */
export function stringifyResult(value: FormattedExecutionResult): string {
  const data = value.data as object | null | undefined;
  const kept = data && !value.errors && !value.extensions ? serialized.get(data) : undefined;
  return kept ?? JSON.stringify(value) + '\n';
}

/** The text stringifyResult would make of an answer (Apollo orders the fields so). */
const textOf = (result: FormattedExecutionResult): string =>
  JSON.stringify({ errors: result.errors, data: result.data, extensions: result.extensions }) + '\n';

interface Entry {
  /** The groups the answer depends on. */
  groups: readonly DataGroup[];
  /** Their versions when it was computed, as `versionsKey` makes them. */
  versions: string;
  result: FormattedExecutionResult;
  text: string;
  /** Its size as counted against the bound. */
  size: number;
}

/** The versions of some groups, as one comparable string. */
const versionsKey = (groups: readonly DataGroup[], versions: ReadonlyMap<string, string>): string =>
  groups.map((group) => `${group}:${versions.get(group)}`).join(',');

/**
 * Every group's version in one statement (one round trip): the catalog's row and the others' rows.
 * A version grows in every committed transaction that writes one of its group's tables, whoever writes.
 */
const VERSIONS_SQL = prepared(
  `SELECT 'catalog' AS name, version FROM catalog_version UNION ALL SELECT name, version FROM data_versions`,
);

/** What the cache holds for answers reading one data group: an answer reading several counts in each. */
export interface GroupUsage {
  entries: number;
  bytes: number;
}

/**
 * The answers of one service instance to cacheable queries, each kept with the versions of the data groups it
 * reads, as they were before it was computed (read before computing it, so an answer is never newer data filed
 * under an older version: at worst it is recomputed once more). An answer is served only while those versions
 * are still the current ones, which costs one read of the versions per request instead of the queries and
 * resolver calls of computing it; a group's version change drops the answers that depend on it (found through
 * an index by group, not by scanning every entry). Bounded by the size of the answers as JSON.
 */
export class CatalogCache {
  private readonly entries: LRUCache<string, Entry>;
  private versions = new Map<string, string>();
  /** The keys of the answers reading each group. */
  private readonly keysByGroup = new Map<DataGroup, Set<string>>(
    DATA_GROUPS.map((group) => [group, new Set()]),
  );
  private readonly usage = new Map<DataGroup, GroupUsage>(
    DATA_GROUPS.map((group) => [group, { entries: 0, bytes: 0 }]),
  );

  constructor(readonly maxBytes: number) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      // Whenever an entry leaves (dropped, evicted or replaced): its text and its place in the index go too.
      dispose: (entry, key) => {
        dropText(entry.text);
        for (const group of entry.groups) {
          this.keysByGroup.get(group)?.delete(key);
          const usage = this.usage.get(group)!;
          usage.entries -= 1;
          usage.bytes -= entry.size;
        }
      },
    });
  }

  /**
   * The current versions of `groups`, as a key to file answers under (a committed write anywhere changes its
   * group's); drops the answers depending on a group whose version changed.
   */
  async currentVersion(
    ctx: Pick<Context, 'db'>,
    groups: readonly DataGroup[],
    reads: Queryable = ctx.db,
  ): Promise<string> {
    const rows = (await reads.query(VERSIONS_SQL)) as { name: string; version: string }[];
    // The usual case (nothing written since the last request) allocates nothing.
    if (rows.some((row) => this.versions.get(row.name) !== String(row.version))) {
      const current = new Map(rows.map((row) => [row.name, String(row.version)]));
      for (const [group, version] of current) {
        if (this.versions.get(group) === version) continue;
        const keys = this.keysByGroup.get(group as DataGroup);
        // Each delete disposes its entry, which takes the key out of this set: iterate over a copy.
        if (keys) for (const key of [...keys]) this.entries.delete(key);
      }
      this.versions = current;
    }
    return versionsKey(groups, this.versions);
  }

  get(key: string, versions: string): FormattedExecutionResult | undefined {
    const entry = this.entries.get(key);
    return entry?.versions === versions ? entry.result : undefined;
  }

  /** The text of the answer `get` gives (Apollo's serialization of it: JSON and a newline). */
  textOf(key: string, versions: string): string | undefined {
    const entry = this.entries.get(key);
    return entry?.versions === versions ? entry.text : undefined;
  }

  set(key: string, groups: readonly DataGroup[], versions: string, result: FormattedExecutionResult): void {
    // An answer computed while another request saw a newer version of one of its groups is not kept.
    if (versions !== versionsKey(groups, this.versions) || !result.data) return;
    // Its text, which stringifyResult needs anyway: made here once, kept for every hit, and its size.
    const text = textOf(result);
    const bytes = Buffer.from(text, 'utf8');
    // What the entry holds: its key, its text and the text's bytes (the result object is about the text again,
    // counted once more), so that the bound is on memory, not on the answers alone.
    const size = key.length + 2 * text.length + bytes.length;
    // An entry larger than the whole cache is not kept (LRUCache refuses it, disposing nothing).
    if (size > this.maxBytes) return;
    this.entries.set(key, { groups, versions, result, text, size }, { size });
    for (const group of groups) {
      this.keysByGroup.get(group)!.add(key);
      const usage = this.usage.get(group)!;
      usage.entries += 1;
      usage.bytes += size;
    }
    serialized.set(result.data, text);
    keepText(text, bytes);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Drops every answer, and the versions it knew. */
  clear(): void {
    // Each delete disposes its entry (its text, its place in the index).
    for (const key of [...this.entries.keys()]) this.entries.delete(key);
    this.versions = new Map();
  }

  /** What the entries hold, as counted against the bound (bytes). */
  get bytes(): number {
    return this.entries.calculatedSize;
  }

  /** The entries reading `group` and their bytes (an entry reading several groups counts in each). */
  groupUsage(group: DataGroup): GroupUsage {
    return { ...this.usage.get(group)! };
  }
}

/** The cache of an instance, made on first use with the configured bound. */
export function cacheOf(ctx: Context): CatalogCache {
  return ctx.instance.get(catalogCaches).forSize(ctx.config.cache.catalogMb * 1024 * 1024);
}

/**
 * One per instance. It empties when the change feed is lost: the versions it checks answers against are numbers
 * a database counts up, and a database the instance reconnects to may be another one that counted the same
 * numbers for other contents (a failover to a standby that lacked the latest commits, a restore): after the loss,
 * no answer of before is trusted. (The feed loses its connection whenever the database's server goes.)
 */
const catalogCaches = (changes: ChangeSource) => {
  let cache: CatalogCache | undefined;
  changes.listen(
    (event) => {
      if (event.type === 'lost') cache?.clear();
    },
    { types: [], eventual: true },
  );
  return {
    forSize: (bytes: number) => (cache ??= new CatalogCache(bytes)),
    get made() {
      return cache;
    },
  };
};

/** How many answers an instance's catalog cache holds, and their bytes as counted against CATALOG_CACHE_MB. */
export function catalogCacheUsage(instance: InstanceState): { entries: number; bytes: number } {
  const cache = instance.get(catalogCaches).made;
  return { entries: cache?.size ?? 0, bytes: cache?.bytes ?? 0 };
}

/** The same for the answers reading one data group (an answer reading several counts in each). */
export function catalogCacheGroupUsage(instance: InstanceState, group: DataGroup): GroupUsage {
  return instance.get(catalogCaches).made?.groupUsage(group) ?? { entries: 0, bytes: 0 };
}

/**
 * The part of a request that decides its answer besides the document: the values of the variables the operation
 * declares (in its order; absent and null kept apart). Anything else a client sends (undeclared variables, an
 * operation name that only picks the operation) is left out, so it cannot make keys grow or multiply.
 */
function declaredVariables(
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> | undefined,
) {
  const declared: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    if (variables && Object.prototype.hasOwnProperty.call(variables, name)) declared[name] = variables[name];
  }
  return declared;
}

/**
 * Who asks decides what a catalog query sees, as the policy rules say: the same query is cached apart for each
 * audience, callers every rule treats alike (PolicyEngine.audience).
 */
function audience(ctx: Context): string {
  return ctx.policy.audience(ctx.identity);
}

/**
 * Where an operation's answer is filed: the audience and the document's hash (neither holds a space), the
 * operation chosen in it (a GraphQL name: no space, never empty) and the declared variables' values (JSON, none:
 * empty).
 */
export function answerKey(
  ctx: Context,
  queryHash: string,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> | undefined,
): string {
  return `${audience(ctx)} ${queryHash} ${operation.name?.value ?? ''} ${
    operation.variableDefinitions?.length ? JSON.stringify(declaredVariables(operation, variables)) : ''
  }`;
}

/** A cacheable operation as the pipeline resolved it: its document's hash, the operation and its groups. */
export interface KnownOperation {
  queryHash: string;
  operation: OperationDefinitionNode;
  groups: readonly DataGroup[];
}

/**
 * The cacheable operations HTTP requests asked for, by query text and operation name as the request sent them,
 * each as the pipeline resolved it after every check passed (parse, validation, limits, the input guard), for
 * the HTTP layer to find a cached answer to the same text without the pipeline (cache-front.ts). Keyed by the
 * text itself (a look-up hashes it, allocating nothing of its size), each holding the operations known for it by
 * name ('' for a request naming none; at most one more than the text's operations). Bounded: at most
 * MAX_KNOWN_QUERIES texts, MAX_KNOWN_QUERY_BYTES of text in all (the least recently asked leave first).
 */
export class KnownQueries {
  private readonly entries = new LRUCache<string, Map<string, KnownOperation>>({
    max: MAX_KNOWN_QUERIES,
    maxSize: MAX_KNOWN_QUERY_BYTES,
    sizeCalculation: (_, query) => query.length,
  });

  remember(query: string, operationName: string | null | undefined, known: KnownOperation): void {
    const name = operationName ?? '';
    const byName = this.entries.get(query);
    if (!byName) this.entries.set(query, new Map([[name, known]]));
    else if (!byName.has(name)) byName.set(name, known);
  }

  find(query: string, operationName: string | null | undefined): KnownOperation | undefined {
    return this.entries.get(query)?.get(operationName ?? '');
  }

  /** How many texts it holds. */
  get size(): number {
    return this.entries.size;
  }

  /** Their characters in all, as counted against MAX_KNOWN_QUERY_BYTES. */
  get bytes(): number {
    return this.entries.calculatedSize;
  }
}

/** The most query texts KnownQueries keeps, and their characters in all. */
export const MAX_KNOWN_QUERIES = 1000;
export const MAX_KNOWN_QUERY_BYTES = 4 * 1024 * 1024;

/** Of one request: where its answer goes in the cache, and the versions it is computed at (a miss). */
const pending = new WeakMap<object, { key: string; groups: readonly DataGroup[]; versions: string }>();

/** The counters the plugin feeds (observability.ts makes them; declared here so neither file imports the other). */
export interface CatalogCacheCounters {
  catalogCacheHits: Counter;
  catalogCacheMisses: Counter;
  catalogCacheGroupCounts: Counter<'kind' | 'group'>;
}

/**
 * How a hit and a miss are counted, wherever the answer cache answers (the pipeline's plugin, the HTTP layer's
 * front: cache-front.ts): the total and each group's count. Each group's counters are bound once (a labelled inc
 * would hash its labels at every request); without metrics, nothing is counted.
 */
export function cacheCounters(metrics?: CatalogCacheCounters) {
  const counted = (kind: 'hits' | 'misses') =>
    new Map(DATA_GROUPS.map((group) => [group, metrics?.catalogCacheGroupCounts.labels(kind, group)]));
  const groupHits = counted('hits');
  const groupMisses = counted('misses');
  return {
    hit(groups: readonly DataGroup[]): void {
      metrics?.catalogCacheHits.inc();
      for (const group of groups) groupHits.get(group)?.inc();
    },
    miss(groups: readonly DataGroup[]): void {
      metrics?.catalogCacheMisses.inc();
      for (const group of groups) groupMisses.get(group)?.inc();
    },
  };
}

/**
 * Serves cacheable queries from the instance's CatalogCache when none of the data groups they read has changed
 * since their answer was computed, and keeps the answers computed without errors. Runs after parsing, validation, the query limits
 * and the input guard (the same document and variables pass them again every time), and before execution.
 */
export function catalogCachePlugin(
  schema: GraphQLSchema,
  rules: Pick<CacheRules, 'groups' | 'gates'>,
  metrics?: CatalogCacheCounters,
  /** Where the versions are read (the database's `reads`, beside TypeORM); by default the request's `db`. */
  reads?: Queryable,
  /** Filled with the cacheable operations of HTTP requests, for the HTTP layer (cache-front.ts). */
  known?: KnownQueries,
): ApolloServerPlugin<Context> {
  const decide = cacheDecisions(schema, rules);
  const counters = cacheCounters(metrics);
  // One listener for every request: its hooks read the request from their arguments.
  const listener: GraphQLRequestListener<Context> = {
    async responseForOperation({ document, operation, queryHash, request, contextValue: ctx }) {
      const groups = decide(document, operation);
      if (!groups || !operation || queryHash === undefined) return null;
      const cache = cacheOf(ctx);
      let versions: string;
      try {
        // Read already when the HTTP layer looked for the answer before the pipeline (cache-front.ts).
        versions = ctx.cacheVersions ?? (await cache.currentVersion(ctx, groups, reads));
      } catch {
        // The database is unreachable or refusing: execution reports that as it does for any query.
        return null;
      }
      const key = answerKey(ctx, queryHash, operation, request.variables);
      // An HTTP request's query text, for the HTTP layer to answer the same text again from here (cache-front.ts).
      if (known && request.http && request.query !== undefined) {
        known.remember(request.query, request.operationName, { queryHash, operation, groups });
      }
      const cached = cache.get(key, versions);
      if (cached) {
        counters.hit(groups);
        return {
          http: { status: undefined, headers: new HeaderMap() },
          body: { kind: 'single', singleResult: cached },
        };
      }
      counters.miss(groups);
      pending.set(ctx, { key, groups, versions });
      return null;
    },
    async willSendResponse({ response, contextValue: ctx }) {
      const miss = pending.get(ctx);
      if (!miss || response.body.kind !== 'single') return;
      const result = response.body.singleResult;
      if (result.errors?.length || result.data === undefined) return;
      cacheOf(ctx).set(miss.key, miss.groups, miss.versions, result);
    },
  };
  return {
    async requestDidStart({ contextValue }) {
      if (contextValue.config.cache.catalogMb <= 0) return;
      return listener;
    },
  };
}
