import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import type { Config } from '../config';
import type { InstanceState } from './changes';
import type { Identity } from './identity/identity';
import type { LoaderCache } from './loaders';
import type { PolicyEngine } from './policy/engine';

/**
 * What every service method takes first: who asks, the database manager to use (the transaction's inside a
 * mutation), the request's loaders, configuration and logger.
 */
export interface Context {
  requestId: string;
  identity: Identity;
  /** Every decision on what `identity` may see or do goes through it (the named rules, a policy file's too). */
  policy: PolicyEngine;
  config: Config;
  db: EntityManager;
  loaders: LoaderCache;
  logger: Logger;
  /** This service instance's change feed and the caches built on it (shared by every request). */
  instance: InstanceState;
  /**
   * The answer cache's versions of the data groups this request's operation reads, when the HTTP layer read them
   * already, looking for its answer before the pipeline (app/cache-front.ts sets them on a miss); the pipeline's
   * cache plugin (app/catalog-cache.ts) then computes and files the answer at them without reading them again.
   * Unset otherwise.
   */
  cacheVersions?: string;
  /**
   * Runs `work` in one transaction, with a `TxContext` whose `db` and `loaders` use it. A failure rolls
   * everything back; loaders of the outer context are cleared afterwards. Called on a `TxContext`, it joins
   * that transaction (the same `tx` is passed on). Inside `work`, this context's own `db` and `loaders` must not
   * be used (they would wait, on the embedded database's one connection, for this very transaction): with
   * DATABASE_TRANSACTION_GUARD (tests) they throw OuterContextInTransactionError (app/context.ts).
   */
  transaction<T>(work: (tx: TxContext) => Promise<T>): Promise<T>;
}

/**
 * The context inside `ctx.transaction(async (tx) => …)`: its `db` and `loaders` are the transaction's. Whatever
 * must run inside a transaction (writes, row and advisory locks) takes a `TxContext`, so that
 * handing it the outer `Context` is a type error: with the embedded database's single connection, a query through
 * the outer context inside a transaction would wait for that connection until DATABASE_POOL_WAIT_MS. A `TxContext`
 * is a `Context`, so reads take either.
 */
export interface TxContext extends Context {
  /** The brand: set only on the contexts that `transaction` makes (true at run time too). */
  readonly inTransaction: true;
}
