import type http from 'node:http';
import type { Duplex } from 'node:stream';
import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, parse, specifiedRules, validate, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import type { Logger } from 'pino';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Config } from '../config';
import type { ChangeSource } from '../common/changes';
import type { Context } from '../common/context';
import { webSocketRequest } from '../common/identity/authenticate';
import type { Identity } from '../common/identity/identity';
import { contextFor, type ContextDeps } from './context';
import { parseOptions } from './limits';
import type { createFormatError } from './format-error';

/**
 * Close code sent to every subscriber when the instance's change feed loses its database connection (events
 * may have been missed): the client should reconnect (graphql-ws clients retry this code by themselves),
 * subscribe again and refetch what it shows. Also sent at connection_init while the feed is down.
 */
export const FEED_LOST_CLOSE_CODE = 4503;
const MAX_MESSAGE_BYTES = 1024 * 1024;

export const FEED_LOST_REASON = 'change feed lost: reconnect, resubscribe and refetch';

/** What a connection keeps between connection_init and its subscriptions. */
type ConnectionExtra = { identity?: Identity };

/**
 * A subscription sent as a plain HTTP request (curl, a fetcher without a WebSocket client) is the caller's
 * mistake, not something to execute once: HTTP 400 BAD_REQUEST saying where subscriptions are served.
 */
export function subscriptionsOverHttpRefused(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation }) {
          if (operation?.operation !== 'subscription') return;
          throw new GraphQLError(
            'Subscriptions are served over WebSocket (the graphql-ws protocol) on this same path, not over HTTP',
            { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } },
          );
        },
      };
    },
  };
}

export interface SubscriptionServer {
  /** Closes every WebSocket (the server is shutting down). */
  close(): Promise<void>;
}

function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  const body = JSON.stringify({ errors: [{ message: reason, extensions: { code: 'NOT_FOUND' } }] });
  socket.end(
    `HTTP/1.1 ${status} Not Found\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * GraphQL subscriptions over the graphql-ws protocol on the HTTP server's `/graphql` (WebSocket upgrade).
 * The identity is established once, at `connection_init` (see webSocketRequest); every event is re-checked
 * against it by the subscription resolvers. A refused identity closes the socket with 4403.
 */
export function attachSubscriptions(options: {
  httpServer: http.Server;
  schema: GraphQLSchema;
  config: Config;
  deps: ContextDeps;
  changes: ChangeSource;
  logger: Logger;
  formatError: ReturnType<typeof createFormatError>;
  validationRules: readonly ((...args: never[]) => unknown)[];
}): SubscriptionServer {
  const { httpServer, schema, config, deps, changes, logger, formatError } = options;
  // A subscribe message is a GraphQL document with variables: the token limit bounds what matters.
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });

  httpServer.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/graphql') {
      refuseUpgrade(socket, 404, `No WebSocket endpoint at ${path.slice(0, 200)}`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  const formatted = (errors: readonly GraphQLError[]) =>
    errors.map((error) => formatError(error.toJSON(), error));

  const server = useServer<Record<string, unknown> | undefined, ConnectionExtra>(
    {
      schema,
      async onConnect(ctx) {
        if (!changes.live) {
          ctx.extra.socket.close(FEED_LOST_CLOSE_CODE, FEED_LOST_REASON);
          return false;
        }
        const request = webSocketRequest(
          config.authMode,
          { headers: ctx.extra.request.headers, remoteAddress: ctx.extra.request.socket.remoteAddress },
          ctx.connectionParams,
        );
        try {
          ctx.extra.identity = await deps.authenticate(request);
          return true;
        } catch (error) {
          logger.info({ err: error }, 'subscription connection refused: not authenticated');
          return false;
        }
      },
      onSubscribe(ctx, _id, payload) {
        // The same document limits as over HTTP (depth, cost, aliases…), then graphql-ws executes it.
        let document;
        try {
          document = parse(payload.query, parseOptions(config));
        } catch (error) {
          return [error instanceof GraphQLError ? error : new GraphQLError(String(error))];
        }
        const errors = validate(schema, document, [
          ...specifiedRules,
          ...(options.validationRules as typeof specifiedRules),
        ]);
        if (errors.length) return errors;
        return {
          schema,
          document,
          variableValues: payload.variables,
          operationName: payload.operationName,
          contextValue: contextFor(deps, ctx.extra.identity!) satisfies Context,
        };
      },
      onError: (_ctx, _id, _payload, errors) => formatted(errors),
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors ? { ...result, errors: formatted(result.errors) } : undefined,
    },
    wss,
  );

  changes.listen((event) => {
    if (event.type !== 'lost') return;
    logger.warn({ subscribers: wss.clients.size }, 'change feed lost: closing subscriptions (4503)');
    for (const client of wss.clients) client.close(FEED_LOST_CLOSE_CODE, FEED_LOST_REASON);
  });

  return {
    async close() {
      for (const client of wss.clients as Set<WebSocket>) client.close(1001, 'server shutting down');
      await server.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
