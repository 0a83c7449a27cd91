import type { Context } from '../common/context';
import type { Queryable } from '../db/change-log/read';
import type { AnswerFront, FrontOutcome } from '../http/graphql';
import type { DataGroup } from '../common/module';
import { answerKey, cacheCounters, cacheOf, type KnownQueries } from './catalog-cache';
import { recordRequest, type Metrics } from './observability';

/** What a POST to /graphql may hold to be answered here: a query, an operation name, variables; nothing else. */
interface PlainBody {
  query: string;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
}

function plainBody(body: unknown): PlainBody | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  for (const key in body)
    if (key !== 'query' && key !== 'operationName' && key !== 'variables') return undefined;
  const { query, operationName, variables } = body as Record<string, unknown>;
  if (typeof query !== 'string') return undefined;
  if (operationName != null && typeof operationName !== 'string') return undefined;
  if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) return undefined;
  return body as PlainBody;
}

/** The most Accept headers whose answer's Content-Type the front learns (clients send a handful). */
const MAX_ACCEPT_VALUES = 50;

/** A hit's errors: none. */
const NO_CODES: readonly string[] = [];

/**
 * The answer cache's front door in the HTTP layer (src/http/graphql.ts): a POST whose query text and operation name
 * the pipeline has resolved before to a cacheable operation (KnownQueries, filled by catalogCachePlugin after every
 * check passed) is answered from the cache without the pipeline when its answer is there at the current versions:
 * what the pipeline's hit would send, counted and logged as it counts and logs a hit, for a fraction of its work
 * (parsing, validation, the limits and the input guard are functions of the document and the declared variables,
 * which the answer's key holds; the caller's audience is part of it too). Anything else goes to the pipeline with
 * the context (and versions) made here. Not used with tracing on (a request's spans are the pipeline's).
 */
export class CacheFront implements AnswerFront {
  /** Requests answered here (tests). */
  answered = 0;
  /** The Content-Type the pipeline gave a 200 answer, by the request's Accept header. */
  private readonly contentTypes = new Map<string, string>();
  private readonly counters;

  constructor(
    private readonly known: KnownQueries,
    private readonly metrics: Metrics,
    private readonly reads?: Queryable,
  ) {
    this.counters = cacheCounters(metrics);
  }

  /** Learns the Content-Type of a 200 answer of the pipeline to a request with this Accept header. */
  learn(accept: string | undefined, contentType: string | undefined): void {
    const key = accept ?? '';
    if (!contentType || this.contentTypes.get(key) === contentType) return;
    if (this.contentTypes.size < MAX_ACCEPT_VALUES || this.contentTypes.has(key)) {
      this.contentTypes.set(key, contentType);
    }
  }

  /**
   * The cached answer to a POSTed `body` when there is a current one; else the context made for the pipeline
   * (`makeContext` is called at most once: its failure is the pipeline's to report), undefined when none was made
   * (a text the pipeline has not resolved to a cacheable operation).
   */
  async answer(
    body: unknown,
    accept: string | undefined,
    makeContext: () => Promise<Context>,
  ): Promise<FrontOutcome | undefined> {
    const started = process.hrtime.bigint();
    const request = plainBody(body);
    const contentType = this.contentTypes.get(accept ?? '');
    const known = request && contentType && this.known.find(request.query, request.operationName);
    if (!known) return undefined;
    const made = makeContext();
    let ctx: Context;
    try {
      ctx = await made;
    } catch {
      return { answered: false, context: made };
    }
    if (ctx.config.cache.catalogMb <= 0) return { answered: false, context: made };
    const cache = cacheOf(ctx);
    let key: string;
    let versions: string;
    try {
      // Variables the input guard refuses (nested too deep for JSON.stringify, say) are the pipeline's to refuse.
      key = answerKey(ctx, known.queryHash, known.operation, request.variables ?? undefined);
      versions = await cache.currentVersion(ctx, known.groups, this.reads);
    } catch {
      return { answered: false, context: made };
    }
    const text = cache.textOf(key, versions);
    if (text === undefined) {
      ctx.cacheVersions = versions;
      return { answered: false, context: made };
    }
    this.count(ctx, known.operation.name?.value ?? null, known.groups, started);
    return { answered: true, text, contentType };
  }

  /** What the pipeline's observability and cache plugins count and log for a hit (the same functions). */
  private count(ctx: Context, operation: string | null, groups: readonly DataGroup[], started: bigint): void {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    this.counters.hit(groups);
    recordRequest(this.metrics, ctx, { operation, type: 'query', seconds, codes: NO_CODES });
    this.answered += 1;
  }
}
