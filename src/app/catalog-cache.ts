import { HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import type { FormattedExecutionResult, OperationDefinitionNode } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { InstanceState } from '../common/changes';
import type { Context } from '../common/context';
import type { Metrics } from './observability';

/**
 * Whether an operation is a query of catalog fields only (with `__typename` at most beside them). The catalog
 * fields are the root Query fields that reach nothing but versioned tables, derived from the schema and what
 * its types declare they read (app/cache-rules.ts, `catalogQueryFields()` of app/schema.ts): their answers
 * change only when catalog_version does. Everything else (resources, traits, providers, node look-ups,
 * `resourceTypes`, whose list for a project also holds the types of its resources) is never cached.
 */
export function isCatalogQuery(
  operation: OperationDefinitionNode | undefined,
  catalogFields: ReadonlySet<string>,
): boolean {
  if (operation?.operation !== 'query') return false;
  let catalog = false;
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== 'Field') return false;
    if (catalogFields.has(selection.name.value)) catalog = true;
    else if (selection.name.value !== '__typename') return false;
  }
  // `{ __typename }` alone reads nothing: no version to check.
  return catalog;
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

/** The bytes to send for a response text: a kept answer's encoded once, any other text as it is. */
export function responseBytes(text: string): Buffer | string {
  return encodedTexts.get(text) ?? text;
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
  version: string;
  result: FormattedExecutionResult;
  text: string;
}

/**
 * The answers of one service instance to catalog queries, each kept with the catalog version it was computed
 * at (read before computing it, so an answer is never newer data filed under an older version: at worst it is
 * recomputed once more). An answer is served only while its version is the current one, which costs one
 * primary-key read per request instead of the dozens of queries and thousands of resolver calls of the full
 * catalog; a version change anywhere empties the cache. Bounded by the size of the answers as JSON.
 */
export class CatalogCache {
  private readonly entries: LRUCache<string, Entry>;
  private version: string | undefined;

  constructor(maxBytes: number) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      dispose: (entry) => encodedTexts.delete(entry.text),
    });
  }

  /** The current catalog version (a committed write anywhere changes it); drops answers of older versions. */
  async currentVersion(ctx: Context): Promise<string> {
    const rows: { version: string }[] = await ctx.db.query('SELECT version FROM catalog_version');
    const version = String(rows[0]?.version);
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    return version;
  }

  get(key: string, version: string): FormattedExecutionResult | undefined {
    const entry = this.entries.get(key);
    return entry?.version === version ? entry.result : undefined;
  }

  set(key: string, version: string, result: FormattedExecutionResult): void {
    // An answer computed while another request saw a newer version is not kept.
    if (version !== this.version || !result.data) return;
    // Its text, which stringifyResult needs anyway: made here once, kept for every hit, and its size.
    const text = textOf(result);
    const bytes = Buffer.from(text, 'utf8');
    // What the entry holds: its key, its text and the text's bytes (the result object is about the text again,
    // counted once more), so that the bound is on memory, not on the answers alone.
    const size = key.length + 2 * text.length + bytes.length;
    this.entries.set(key, { version, result, text }, { size });
    // An entry larger than the whole cache is not kept.
    if (!this.entries.has(key)) return;
    serialized.set(result.data, text);
    encodedTexts.set(text, bytes);
  }

  get size(): number {
    return this.entries.size;
  }

  /** What the entries hold, as counted against the bound (bytes). */
  get bytes(): number {
    return this.entries.calculatedSize;
  }
}

/** The cache of an instance, made on first use with the configured bound. */
function cacheOf(ctx: Context): CatalogCache {
  return ctx.instance.get(catalogCaches).forSize(ctx.config.cache.catalogMb * 1024 * 1024);
}

const catalogCaches = () => {
  let cache: CatalogCache | undefined;
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
 * Who asks decides what a catalog query sees (admins everything, others public namespaces and their
 * project's), so the same query is cached apart for admins and for each project.
 */
function audience(ctx: Context): string {
  return ctx.identity.isAdmin ? 'admin' : `project:${ctx.identity.projectId ?? ''}`;
}

/** Of one request: where its answer goes in the cache, and the version it is computed at (a miss). */
const pending = new WeakMap<object, { key: string; version: string }>();

/**
 * Serves catalog queries from the instance's CatalogCache when the catalog has not changed since their answer
 * was computed, and keeps the answers computed without errors. Runs after parsing, validation, the query limits
 * and the input guard (the same document and variables pass them again every time), and before execution.
 */
export function catalogCachePlugin(
  catalogFields: ReadonlySet<string>,
  metrics?: Pick<Metrics, 'catalogCacheHits' | 'catalogCacheMisses'>,
): ApolloServerPlugin<Context> {
  return {
    async requestDidStart({ contextValue }) {
      if (contextValue.config.cache.catalogMb <= 0) return;
      return {
        async responseForOperation({ operation, queryHash, request, contextValue: ctx }) {
          if (!isCatalogQuery(operation, catalogFields) || !operation) return null;
          const cache = cacheOf(ctx);
          let version: string;
          try {
            version = await cache.currentVersion(ctx);
          } catch {
            // The database is unreachable or refusing: execution reports that as it does for any query.
            return null;
          }
          // The document (its hash), the operation chosen in it, and the declared variables' values.
          const key = JSON.stringify([
            audience(ctx),
            queryHash,
            operation.name?.value ?? null,
            declaredVariables(operation, request.variables),
          ]);
          const cached = cache.get(key, version);
          if (cached) {
            metrics?.catalogCacheHits.inc();
            return {
              http: { status: undefined, headers: new HeaderMap() },
              body: { kind: 'single', singleResult: cached },
            };
          }
          metrics?.catalogCacheMisses.inc();
          pending.set(ctx, { key, version });
          return null;
        },
        async willSendResponse({ response, contextValue: ctx }) {
          const miss = pending.get(ctx);
          if (!miss || response.body.kind !== 'single') return;
          const result = response.body.singleResult;
          if (result.errors?.length || result.data === undefined) return;
          cacheOf(ctx).set(miss.key, miss.version, result);
        },
      };
    },
  };
}
