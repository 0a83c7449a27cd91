import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import {
  HeaderMap,
  type ApolloServer,
  type ApolloServerPlugin,
  type GraphQLRequestListener,
} from '@apollo/server';
import {
  createSourceEventStream,
  execute,
  GraphQLError,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { Context as WsContext, SubscribePayload } from 'graphql-ws';
import { useServer, type Extra } from 'graphql-ws/use/ws';
import type { Logger } from 'pino';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Config } from '../config';
import { feedEventOf, type ChangeSource } from '../common/changes';
import type { Context } from '../common/context';
import { AppError, LimitExceededError } from '../common/errors';
import { webSocketRequest } from '../common/identity/authenticate';
import type { Identity } from '../common/identity/identity';
import { GRAPHQL_PATHS } from '../http/graphql';
import { originAllowed } from '../http/origins';
import { contextFor, type ContextDeps } from './context';
import type { createFormatError } from './format-error';
import type { Metrics } from './observability';

/**
 * GraphQL over WebSocket (the graphql-ws protocol) on `/graphql`: the same operations as over HTTP, through the
 * same pipeline. Every subscribe message runs through Apollo (`executeOperation`): parsing with the token limit,
 * validation with the query limits and the introspection setting, the input guard (text, list caps, depth),
 * metrics, logs and error formatting are those of HTTP. Queries and mutations are answered by Apollo; a
 * subscription that passed every check is then started here, with the document Apollo parsed and validated.
 *
 * Bounds: WebSockets per instance, subscriptions per socket, per identity and per instance (config.live.webSocket),
 * events a slow subscriber may fall behind (live.resolver.ts), and the work of one event: subscribers that see
 * alike (same audience, operation and variables) share one execution of it.
 */

/**
 * Close code sent to every subscriber when the instance's change feed loses its database connection (events
 * may have been missed): the client should reconnect (graphql-ws clients retry this code by themselves),
 * subscribe again and refetch what it shows. Also sent at connection_init while the feed is down.
 */
export const FEED_LOST_CLOSE_CODE = 4503;
export const FEED_LOST_REASON = 'change feed lost: reconnect, resubscribe and refetch';

/** The largest message a client may send (a subscribe message is a document and its variables). */
const MAX_MESSAGE_BYTES = 1024 * 1024;

/** What the pipeline found of one WebSocket operation (set by webSocketPlugin, read by onSubscribe). */
interface Admitted {
  document?: DocumentNode;
  /** Set once every check passed and the operation is a subscription: it is started by graphql-ws. */
  subscription?: { operation: OperationDefinitionNode; queryHash: string };
}

/**
 * On the context of an operation that came over a WebSocket: what the pipeline found of it. A property, not a
 * WeakMap entry: Apollo hands plugins a shallow copy of the context (executeOperation), which keeps it.
 */
const OVER_WEBSOCKET = Symbol('overWebSocket');
type WebSocketContext = Context & { [OVER_WEBSOCKET]?: Admitted };

/**
 * The part of the pipeline that knows transports, last among the plugins: a subscription over HTTP is the
 * caller's mistake (HTTP 400 saying where subscriptions are served, not executed once); over a WebSocket it is
 * checked like any operation, its variables coerced (a bad value is BAD_USER_INPUT, as for queries), and handed
 * back to the WebSocket layer instead of being executed by Apollo.
 */
export function transportPlugin(): ApolloServerPlugin<Context> {
  const admittedOf = (contextValue: Context) => (contextValue as WebSocketContext)[OVER_WEBSOCKET];
  // One listener for every request: its hooks read the request (and its context) from their arguments.
  const listener: GraphQLRequestListener<Context> = {
    async didResolveOperation({ operation, document, contextValue }) {
      const admitted = admittedOf(contextValue);
      if (admitted) admitted.document = document;
      if (operation?.operation !== 'subscription') return;
      if (!admitted) {
        throw new GraphQLError(
          'Subscriptions are served over WebSocket (the graphql-ws protocol) on this same path, not over HTTP',
          { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } },
        );
      }
      // Its variables were coerced by the input guard, earlier in the pipeline (input-guard.ts).
    },
    async responseForOperation({ operation, queryHash, contextValue }) {
      const admitted = admittedOf(contextValue);
      if (!admitted || operation?.operation !== 'subscription') return null;
      admitted.subscription = { operation, queryHash: queryHash ?? '' };
      return {
        http: { status: undefined, headers: new HeaderMap() },
        body: { kind: 'single', singleResult: { data: null } },
      };
    },
  };
  return {
    async requestDidStart() {
      return listener;
    },
  };
}

export interface SubscriptionServer {
  /** Closes every WebSocket (the server is shutting down). */
  close(): Promise<void>;
}

const STATUS_TEXT: Record<number, string> = {
  403: 'Forbidden',
  404: 'Not Found',
  503: 'Service Unavailable',
};

function refuseUpgrade(socket: Duplex, status: number, code: string, reason: string): void {
  const body = JSON.stringify({
    errors: [{ message: reason, extensions: { code } }],
  });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** What a connection keeps between connection_init and its subscriptions. */
type ConnectionExtra = {
  identity?: Identity;
  /** The slots its open subscriptions hold, by subscription id (released when each ends). */
  slots?: Map<string, () => void>;
};

/** Counts of open subscriptions per identity and in all, against config.live.webSocket's bounds. */
class SubscriptionSlots {
  private total = 0;
  private readonly byIdentity = new Map<string, number>();

  constructor(private readonly limits: Config['live']['webSocket']) {}

  get open(): number {
    return this.total;
  }

  /** Takes a slot for one more subscription of `extra`'s socket, or throws the bound it would exceed. */
  take(extra: ConnectionExtra, id: string): void {
    const { limits } = this;
    const identity = extra.identity!;
    const who = `${identity.projectId}\u0000${identity.userId ?? ''}`;
    const held = this.byIdentity.get(who) ?? 0;
    const mine = (extra.slots ??= new Map());
    if (mine.size >= limits.subscriptionsPerSocket) {
      throw new LimitExceededError(
        `This WebSocket holds ${limits.subscriptionsPerSocket} subscriptions, the most one socket may: complete one first`,
        'SUBSCRIPTIONS_PER_SOCKET',
        limits.subscriptionsPerSocket,
      );
    }
    if (held >= limits.subscriptionsPerIdentity) {
      throw new LimitExceededError(
        `You hold ${limits.subscriptionsPerIdentity} subscriptions over all your connections, the most one user may: complete some first`,
        'SUBSCRIPTIONS_PER_IDENTITY',
        limits.subscriptionsPerIdentity,
      );
    }
    if (this.total >= limits.subscriptionsPerInstance) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        `This instance serves ${limits.subscriptionsPerInstance} subscriptions, as many as it takes: try again later (or another instance)`,
        {
          limit: 'SUBSCRIPTIONS_PER_INSTANCE',
          max: limits.subscriptionsPerInstance,
        },
      );
    }
    this.total += 1;
    this.byIdentity.set(who, held + 1);
    let released = false;
    mine.set(id, () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.byIdentity.get(who) ?? 1) - 1;
      if (left > 0) this.byIdentity.set(who, left);
      else this.byIdentity.delete(who);
    });
  }

  release(extra: ConnectionExtra, id: string): void {
    extra.slots?.get(id)?.();
    extra.slots?.delete(id);
  }
}

/** An async iterator of `source`'s values passed through `map` (closing `source` when mapping fails). */
function mapEvents<T, R>(source: AsyncIterable<T>, map: (value: T) => Promise<R>): AsyncIterableIterator<R> {
  const iterator = source[Symbol.asyncIterator]();
  const close = async () => {
    await iterator.return?.();
  };
  const mapped: AsyncIterableIterator<R> = {
    [Symbol.asyncIterator]: () => mapped,
    async next() {
      const step = await iterator.next();
      if (step.done) return { done: true, value: undefined };
      try {
        return { done: false, value: await map(step.value) };
      } catch (error) {
        await close();
        throw error;
      }
    },
    async return() {
      await close();
      return { done: true, value: undefined };
    },
    async throw(error: unknown) {
      await close();
      throw error;
    },
  };
  return mapped;
}

/** What attachSubscriptions serves with. */
export interface SubscriptionOptions {
  httpServer: http.Server;
  apollo: ApolloServer<Context>;
  schema: GraphQLSchema;
  config: Config;
  deps: ContextDeps;
  changes: ChangeSource;
  logger: Logger;
  metrics: Metrics;
  formatError: ReturnType<typeof createFormatError>;
}

/** graphql-ws's context of one connection, with what it keeps between connection_init and its subscriptions. */
type ConnectionContext = WsContext<Record<string, unknown> | undefined, Extra & Partial<ConnectionExtra>>;

/**
 * GraphQL over WebSocket on the HTTP server's `/graphql` (upgrade). A page from another origin than the
 * service's own or CORS_ORIGINS is refused before the upgrade (HTTP 403): a WebSocket carries no CORS, so
 * without this any page the user visits could act with what the browser sends (AUTH_MODE=none, cookies of an
 * authenticating proxy). The identity is established once, at `connection_init` (see webSocketRequest); every
 * event is re-checked against it by the subscription resolvers. A refused identity closes the socket with 4403.
 */
export function attachSubscriptions(options: SubscriptionOptions): SubscriptionServer {
  const { httpServer, config, changes, logger, metrics } = options;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
  });
  const slots = new SubscriptionSlots(config.live.webSocket);
  metrics.gauge('metacatalog_websocket_connections', 'Open GraphQL WebSockets.', () => wss.clients.size);
  metrics.gauge('metacatalog_subscriptions', 'Open GraphQL subscriptions.', () => slots.open);
  httpServer.on('upgrade', upgradeHandler(wss, config, logger));
  const server = useServer<Record<string, unknown> | undefined, ConnectionExtra>(
    graphqlWsOptions(options, slots),
    wss,
  );
  closeOnFeedLoss(changes, wss, logger);
  return {
    async close() {
      for (const client of wss.clients as Set<WebSocket>) client.close(1001, 'server shutting down');
      await server.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** Why an upgrade request is refused before the upgrade (status, code, reason), if it is. */
function upgradeRefusal(
  req: http.IncomingMessage,
  wss: WebSocketServer,
  config: Config,
  logger: Logger,
): [number, string, string] | undefined {
  const path = (req.url ?? '/').split('?')[0];
  if (!GRAPHQL_PATHS.includes(path))
    return [404, 'NOT_FOUND', `No WebSocket endpoint at ${path.slice(0, 200)}`];
  if (!originAllowed(req.headers.origin, req.headers.host, config.http.corsOrigins)) {
    logger.info(
      { origin: req.headers.origin?.slice(0, 200), code: 'FORBIDDEN' },
      'WebSocket from another origin refused',
    );
    return [
      403,
      'FORBIDDEN',
      'WebSockets from pages of another origin are refused: list the origin in CORS_ORIGINS to allow it',
    ];
  }
  const max = config.live.webSocket.maxConnections;
  if (wss.clients.size >= max) {
    return [
      503,
      'SERVICE_UNAVAILABLE',
      `This instance holds ${max} WebSockets, as many as it takes (WEBSOCKET_MAX_CONNECTIONS)`,
    ];
  }
  return undefined;
}

/** The HTTP server's `upgrade` handler: refused (see upgradeRefusal), or a WebSocket handed to graphql-ws. */
function upgradeHandler(wss: WebSocketServer, config: Config, logger: Logger) {
  return (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const refusal = upgradeRefusal(req, wss, config, logger);
    if (refusal) {
      refuseUpgrade(socket, ...refusal);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      wss.emit('connection', ws, req);
      // graphql-ws writes a socket's errors to stderr with their stack, as if they were its own bugs; they are the
      // client's (a message over MAX_MESSAGE_BYTES, a malformed frame), and ws has already closed the socket
      // with the code that says so (1009, 1002): one line at info, like any refused request.
      ws.removeAllListeners('error');
      ws.on('error', (error: Error & { code?: string }) =>
        logger.info({ code: error.code ?? 'BAD_REQUEST', reason: error.message }, 'WebSocket frame refused'),
      );
    });
  };
}

/** Every subscriber's socket closes with 4503 when the instance's change feed is lost. */
function closeOnFeedLoss(changes: ChangeSource, wss: WebSocketServer, logger: Logger): void {
  changes.listen(
    (event) => {
      if (event.type !== 'lost') return;
      logger.warn({ subscribers: wss.clients.size }, 'change feed lost: closing subscriptions (4503)');
      for (const client of wss.clients) client.close(FEED_LOST_CLOSE_CODE, FEED_LOST_REASON);
    },
    { types: [] },
  );
}

/** Errors the pipeline already formatted, handed to graphql-ws as GraphQLErrors (what onSubscribe returns). */
class RequestErrors {
  private readonly formatted = new WeakMap<GraphQLError, GraphQLFormattedError>();

  constructor(private readonly formatError: SubscriptionOptions['formatError']) {}

  /** Formatted errors as GraphQLErrors that `format` gives back as they were. */
  of(errors: readonly GraphQLFormattedError[]): GraphQLError[] {
    return errors.map((formatted) => {
      const error = new GraphQLError(formatted.message);
      this.formatted.set(error, formatted);
      return error;
    });
  }

  /** An error thrown before the operation ran, formatted as the pipeline would. */
  thrown(error: unknown): GraphQLError[] {
    return this.of([this.formatError((error as GraphQLError).toJSON(), error)]);
  }

  format(errors: readonly GraphQLError[]): GraphQLFormattedError[] {
    return errors.map((error) => this.formatted.get(error) ?? this.formatError(error.toJSON(), error));
  }
}

/**
 * Subscribers that see alike (same audience, operation and variables) share one execution of each event: an
 * event's answer is computed once for all subscribers that share its key, and reused by the others (their own
 * deliveries still pass their filters and visibility; the answer is the same because everything it depends on is).
 */
class SharedAnswers {
  /** Of each subscription (by its context): what makes two subscribers' answers to one event the same. */
  private readonly keys = new WeakMap<object, string>();
  /** Per feed event, the answers computed so far, by share key (gone with the event). */
  private readonly answersToEvent = new WeakMap<object, Map<string, Promise<ExecutionResult>>>();

  /** The key of the subscription whose context is `contextValue`. */
  share(
    contextValue: Context,
    subscription: NonNullable<Admitted['subscription']>,
    payload: SubscribePayload,
  ) {
    const variables = subscription.operation.variableDefinitions?.map(
      (definition) => payload.variables?.[definition.variable.name.value] ?? null,
    );
    const key = [
      contextValue.policy.audience(contextValue.identity),
      subscription.queryHash,
      payload.operationName ?? null,
      variables,
    ];
    this.keys.set(contextValue, JSON.stringify(key));
  }

  /** Starts a subscription: graphql-js's subscribe, each event's answer shared by the subscribers alike. */
  subscribe = async (args: ExecutionArgs) => {
    const stream = await createSourceEventStream(args);
    if (!(Symbol.asyncIterator in stream)) return stream as ExecutionResult;
    const key = this.keys.get(args.contextValue as object);
    return mapEvents(stream as AsyncIterable<unknown>, (payload) => {
      const event = feedEventOf(payload);
      const run = () => Promise.resolve(execute({ ...args, rootValue: payload }));
      if (!event || key === undefined) return run();
      let answers = this.answersToEvent.get(event);
      if (!answers) this.answersToEvent.set(event, (answers = new Map()));
      let answer = answers.get(key);
      if (!answer) answers.set(key, (answer = run()));
      return answer;
    });
  };
}

/** graphql-ws's options: every operation through Apollo, subscriptions started here (see the top of this file). */
function graphqlWsOptions(options: SubscriptionOptions, slots: SubscriptionSlots) {
  const errors = new RequestErrors(options.formatError);
  const shared = new SharedAnswers();
  /** Answers Apollo computed for queries and mutations, by the root value handed to graphql-ws's execute. */
  const answered = new WeakMap<object, ExecutionResult>();
  const operations: Operations = {
    ...options,
    slots,
    errors,
    shared,
    answered,
  };
  return {
    schema: options.schema,
    onConnect: (ctx: ConnectionContext) => admitConnection(options, ctx),
    onSubscribe: (ctx: ConnectionContext, id: string, payload: SubscribePayload) =>
      startOperation(operations, ctx, id, payload),
    execute: (args: ExecutionArgs) => answered.get(args.rootValue as object) ?? execute(args),
    subscribe: shared.subscribe,
    onNext(_ctx: unknown, _id: unknown, _payload: unknown, args: ExecutionArgs, result: ExecutionResult) {
      if (answered.has(args.rootValue as object)) return result as never;
      return result.errors ? { ...result, errors: errors.format(result.errors) } : undefined;
    },
    onError: (_ctx: unknown, _id: unknown, _payload: unknown, list: readonly GraphQLError[]) =>
      errors.format(list),
    onComplete: (ctx: ConnectionContext, id: string) => slots.release(ctx.extra, id),
    onClose(ctx: ConnectionContext) {
      for (const id of [...(ctx.extra.slots?.keys() ?? [])]) slots.release(ctx.extra, id);
    },
  };
}

/** connection_init: refused while the feed is down (4503), else the identity is established once. */
async function admitConnection(options: SubscriptionOptions, ctx: ConnectionContext): Promise<boolean> {
  const { changes, config, deps, logger } = options;
  if (!changes.live) {
    ctx.extra.socket.close(FEED_LOST_CLOSE_CODE, FEED_LOST_REASON);
    return false;
  }
  const request = webSocketRequest(
    config.auth.mode,
    {
      headers: ctx.extra.request.headers,
      remoteAddress: ctx.extra.request.socket.remoteAddress,
    },
    ctx.connectionParams,
  );
  try {
    ctx.extra.identity = await deps.authenticate(request);
    return true;
  } catch (error) {
    logger.info({ err: error }, 'subscription connection refused: not authenticated');
    return false;
  }
}

/** What starting an operation needs. */
interface Operations extends SubscriptionOptions {
  slots: SubscriptionSlots;
  errors: RequestErrors;
  shared: SharedAnswers;
  answered: WeakMap<object, ExecutionResult>;
}

/**
 * A subscribe message: through Apollo's pipeline; then a subscription that passed is started (taking a slot),
 * an answered query or mutation sent as `next` then `complete`, a refused operation as `error`.
 */
async function startOperation(
  operations: Operations,
  ctx: ConnectionContext,
  id: string,
  payload: SubscribePayload,
): Promise<ExecutionArgs | readonly GraphQLError[]> {
  const { schema, slots, errors, answered } = operations;
  const { contextValue, admitted, result } = await throughPipeline(operations, ctx, payload);
  const { subscription } = admitted;
  if (subscription) {
    try {
      slots.take(ctx.extra, id);
    } catch (error) {
      return errors.thrown(error);
    }
    operations.shared.share(contextValue, subscription, payload);
    const { operationName, variables: variableValues } = payload;
    return {
      schema,
      document: admitted.document!,
      operationName,
      variableValues,
      contextValue,
    };
  }
  if (!('data' in result) || result.data === undefined || !admitted.document) {
    // Refused before execution (parse, validation, limits, input guard, introspection): an `error` message.
    return errors.of(result.errors ?? [{ message: 'The operation was refused' }]);
  }
  // A query or mutation Apollo has answered: graphql-ws sends it as `next`, then `complete`.
  const rootValue = {};
  answered.set(rootValue, result as ExecutionResult);
  return {
    schema,
    document: admitted.document,
    operationName: payload.operationName,
    rootValue,
    contextValue,
  };
}

/** Runs a subscribe message through Apollo (`executeOperation`), with the connection's identity. */
async function throughPipeline(operations: Operations, ctx: ConnectionContext, payload: SubscribePayload) {
  const admitted: Admitted = {};
  // The context itself (its methods and lazy logger are its class's: a spread would drop them).
  const contextValue: WebSocketContext = Object.assign(
    contextFor(operations.deps, ctx.extra.identity!, randomUUID(), 'graphql'),
    { [OVER_WEBSOCKET]: admitted },
  );
  const response = await operations.apollo.executeOperation(
    {
      query: payload.query,
      variables: payload.variables ?? undefined,
      operationName: payload.operationName ?? undefined,
      extensions: payload.extensions ?? undefined,
    },
    { contextValue },
  );
  const result =
    response.body.kind === 'single'
      ? response.body.singleResult
      : {
          errors: [{ message: 'Incremental delivery is not served over WebSocket' }],
        };
  return { contextValue, admitted, result };
}
