import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import type { Config } from '../config';
import { actorStatement } from '../common/actor';
import { InstanceState, type ChangeVia } from '../common/changes';
import type { Context, TxContext } from '../common/context';
import type { Authenticator, RequestInfo } from '../common/identity/authenticate';
import type { Identity } from '../common/identity/identity';
import { LoaderCache } from '../common/loaders';
import { errorCode } from '../db/error-code';
import { newRequestId, requestIdOf } from '../http/request-id';

/** deadlock_detected, serialization_failure: PostgreSQL asks to run the transaction again. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

export interface ContextDeps {
  config: Config;
  dataSource: DataSource;
  logger: Logger;
  authenticate: Authenticator;
  /** The instance's feed and caches; absent for CLI commands (no feed: caches stay off). */
  instance?: InstanceState;
}

const OFFLINE = new InstanceState();

/**
 * Runs `work` in a transaction of its own (TypeORM's, on a query runner of its own) whose first round trip names
 * the actor too: its `START TRANSACTION` goes with `actor` (the actor's statement), one simple query, not two.
 */
async function withActor<T>(
  dataSource: DataSource,
  actor: string,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  const runner = dataSource.createQueryRunner();
  const query = runner.query.bind(runner);
  let first = true;
  runner.query = ((sql: string, ...rest: unknown[]) => {
    if (!first) return query(sql, ...(rest as []));
    first = false;
    // TypeORM starts a transaction with this statement; anything else would record the changes without their actor.
    if (!/^(START TRANSACTION|BEGIN)\b/i.test(sql))
      throw new Error(`a transaction began with ${JSON.stringify(sql.slice(0, 40))}, not START TRANSACTION`);
    return query(`${sql}; ${actor}`);
  }) as typeof runner.query;
  try {
    return await runner.manager.transaction(work);
  } finally {
    await runner.release();
  }
}

/**
 * A context for an identity already known (CLI commands and seeds: `via` cli; a WebSocket's operations: graphql).
 * Its transactions name the identity and `via` to the change log.
 */
export function contextFor(
  deps: Omit<ContextDeps, 'authenticate'>,
  identity: Identity,
  requestId: string = newRequestId(),
  via: ChangeVia = 'cli',
): Context {
  const actor = actorStatement({ via, project: identity.projectId, user: identity.userId ?? null });
  const base = {
    requestId,
    identity,
    config: deps.config,
    instance: deps.instance ?? OFFLINE,
    logger: deps.logger.child({ requestId, projectId: identity.projectId }),
  };
  const inTransaction = (manager: EntityManager): TxContext => {
    const tx: TxContext = {
      ...base,
      db: manager,
      loaders: new LoaderCache(manager, identity),
      inTransaction: true,
      transaction: (work) => work(tx), // already in one: nested calls join it
    };
    return tx;
  };
  const ctx: Context = {
    ...base,
    db: deps.dataSource.manager,
    loaders: new LoaderCache(deps.dataSource.manager, identity),
    async transaction(work) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          const result = await withActor(deps.dataSource, actor, (manager) => work(inTransaction(manager)));
          ctx.loaders.clearAll();
          return result;
        } catch (error) {
          const code = errorCode(error);
          if (attempt >= ATTEMPTS || !code || !RETRYABLE.has(code)) throw error;
          // Nothing of the failed attempt was committed: running the work again is safe.
          base.logger.warn({ attempt, code }, 'transaction aborted by the database; retrying');
        }
      }
    },
  };
  return ctx;
}

/**
 * Builds the context of one HTTP request: authenticates it, then gives it fresh loaders. `requestId` is the id
 * the HTTP layer answers with (derived from the headers when absent).
 */
export async function createRequestContext(
  deps: ContextDeps,
  request: RequestInfo & { requestId?: string },
): Promise<Context> {
  const identity = await deps.authenticate(request);
  return contextFor(deps, identity, request.requestId ?? requestIdOf(request.headers), 'graphql');
}

/** The context of an HTTP request (its headers and peer address), answered with `requestId`. */
export const httpRequestContext =
  (deps: ContextDeps) =>
  (req: IncomingMessage, requestId: string): Promise<Context> =>
    createRequestContext(deps, { headers: req.headers, remoteAddress: req.socket.remoteAddress, requestId });
