import { AsyncLocalStorage } from 'node:async_hooks';
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
import { ConnectionLostError } from '../db/database-errors';
import type { PolicyEngine } from '../common/policy/engine';
import { errorCode } from '../db/error-code';
import { newRequestId, requestIdOf } from '../http/request-id';
import { policyFor } from './policy';

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
  /** The policy in force; absent: the configuration's (app/policy.ts, made once per configuration). */
  policy?: PolicyEngine;
}

const OFFLINE = new InstanceState();

/**
 * A query made, inside a transaction, through the context that opened it instead of the transaction's `tx`: it
 * would run outside the transaction (not seeing its writes, not rolled back with it) and, on the embedded
 * database's one connection, wait for that transaction to end, which waits for it (until DATABASE_POOL_WAIT_MS).
 * Thrown when config.database.transactionGuard is on (tests); a programming error, never the caller's.
 */
export class OuterContextInTransactionError extends Error {
  constructor(what: string) {
    super(`${what} through the outer context inside its own transaction: use the transaction's \`tx\``);
    this.name = 'OuterContextInTransactionError';
  }
}

/** The context whose transaction the current async flow runs in (only while its transaction guard is on). */
const transactionOf = new AsyncLocalStorage<Context>();

/** `manager`, refusing every use from inside `owner`'s own transaction (see OuterContextInTransactionError). */
function guardedManager(manager: EntityManager, owner: Context): EntityManager {
  return new Proxy(manager, {
    get(target, property, receiver) {
      if (transactionOf.getStore() === owner)
        throw new OuterContextInTransactionError('the database reached');
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

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
  } catch (error) {
    // Released before the finally below: TypeORM released it because its connection ended (the client's error
    // event), whatever the statement under way (later ones throw QueryRunnerAlreadyReleasedError).
    if (runner.isReleased) throw new ConnectionLostError(error);
    throw error;
  } finally {
    await runner.release();
  }
}

/**
 * A request's context. Per request it is one object whose methods are its class's: the logger's child (which
 * carries the request id and project in every line) is made the first time something logs, and the actor's
 * statement the first time a transaction starts; a read-only request needs neither.
 */
class RequestContext implements Context {
  readonly db: EntityManager;
  readonly loaders: LoaderCache;
  /** Declared, so that setting it (the answer cache's front, on a miss) keeps the object's shape. */
  cacheVersions: string | undefined = undefined;
  private child: Logger | undefined;
  private actor: string | undefined;

  constructor(
    private readonly deps: Omit<ContextDeps, 'authenticate'>,
    readonly identity: Identity,
    readonly requestId: string,
    private readonly via: ChangeVia,
    readonly config: Config = deps.config,
    readonly instance: InstanceState = deps.instance ?? OFFLINE,
    readonly policy: PolicyEngine = deps.policy ?? policyFor(deps.config, deps.logger),
  ) {
    const { manager } = deps.dataSource;
    this.db = config.database.transactionGuard ? guardedManager(manager, this) : manager;
    this.loaders = new LoaderCache(this.db, { identity, policy: this.policy });
  }

  get logger(): Logger {
    return (this.child ??= this.deps.logger.child({
      requestId: this.requestId,
      projectId: this.identity.projectId,
    }));
  }

  /**
   * Writes one info line as `this.logger.info` would, without making the child logger when nothing else made it:
   * the same JSON (a child's bindings are written first, as these fields are), one object fewer per request.
   */
  info(fields: Record<string, unknown>, message: string): void {
    if (this.child) {
      this.child.info(fields, message);
      return;
    }
    const { logger } = this.deps;
    if (!logger.isLevelEnabled('info')) return;
    logger.info({ requestId: this.requestId, projectId: this.identity.projectId, ...fields }, message);
  }

  /**
   * Runs `transaction` (this context's) so that this context's `db` refuses to be used from inside it, when the
   * guard is on (OuterContextInTransactionError); a second transaction of this context from inside it too: it
   * would need a second connection, which the embedded database does not have.
   */
  private guarded<T>(transaction: () => Promise<T>): Promise<T> {
    if (!this.config.database.transactionGuard) return transaction();
    if (transactionOf.getStore() === this) throw new OuterContextInTransactionError('a transaction opened');
    return transactionOf.run(this, transaction);
  }

  private txContext(manager: EntityManager): TxContext {
    const tx: TxContext = {
      requestId: this.requestId,
      identity: this.identity,
      policy: this.policy,
      config: this.config,
      instance: this.instance,
      logger: this.logger,
      db: manager,
      loaders: new LoaderCache(manager, this),
      inTransaction: true,
      transaction: (work) => work(tx), // already in one: nested calls join it
    };
    return tx;
  }

  async transaction<T>(work: (tx: TxContext) => Promise<T>): Promise<T> {
    const { identity } = this;
    this.actor ??= actorStatement({
      via: this.via,
      project: identity.projectId,
      user: identity.userId ?? null,
    });
    for (let attempt = 1; ; attempt += 1) {
      try {
        const actor = this.actor;
        const result = await this.guarded(() =>
          withActor(this.deps.dataSource, actor, (manager) => work(this.txContext(manager))),
        );
        this.instance.changes.committed();
        this.loaders.clearAll();
        return result;
      } catch (error) {
        const code = errorCode(error);
        if (attempt >= ATTEMPTS || !code || !RETRYABLE.has(code)) throw error;
        // Nothing of the failed attempt was committed: running the work again is safe.
        this.logger.warn({ attempt, code }, 'transaction aborted by the database; retrying');
      }
    }
  }
}

/** Writes one info line in the request's log (its id and project): the request's own line (observability.ts). */
export function logRequestLine(ctx: Context, fields: Record<string, unknown>, message: string): void {
  if (ctx instanceof RequestContext) ctx.info(fields, message);
  else ctx.logger.info(fields, message);
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
  return new RequestContext(deps, identity, requestId, via);
}

/**
 * Builds the context of one HTTP request: authenticates it, then gives it fresh loaders. `requestId` is the id
 * the HTTP layer answers with (derived from the headers when absent).
 */
export async function createRequestContext(
  deps: ContextDeps,
  request: RequestInfo & { requestId?: string },
  via: ChangeVia = 'graphql',
): Promise<Context> {
  const identity = await deps.authenticate(request);
  return contextFor(deps, identity, request.requestId ?? requestIdOf(request.headers), via);
}

/**
 * The context of an HTTP request (its headers and peer address), answered with `requestId`; `via`: `rest` for the
 * OpenStack REST routes (http/rest.ts), whose operations the change log tells apart.
 */
export const httpRequestContext =
  (deps: ContextDeps, via: ChangeVia = 'graphql') =>
  (req: IncomingMessage, requestId: string): Promise<Context> =>
    createRequestContext(
      deps,
      { headers: req.headers, remoteAddress: req.socket.remoteAddress, requestId },
      via,
    );
