import type { IncomingMessage, ServerResponse } from 'node:http';
import { HeaderMap, type ApolloServer, type HTTPGraphQLRequest } from '@apollo/server';
import etag from 'etag';
import fresh from 'fresh';
import type { Logger } from 'pino';
import type { Context } from '../common/context';
import { wantsGraphiql } from './graphiql';
import { PAGE_HEADERS } from './page-headers';
import type { Cors } from './cors';
import {
  addVary,
  compress,
  COMPRESSION_THRESHOLD_BYTES,
  HttpError,
  logRefused,
  readBody,
  type RequestMeta,
  type Route,
} from './router';

/** The largest request body accepted (a GraphQL document with its variables). */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** The body of a POST: JSON in UTF-8 (the GraphQL-over-HTTP media type), else 415; unparsable, 400. */
async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const contentType = req.headers['content-type'];
  // What clients send: nothing to split or match.
  if (contentType === 'application/json' || contentType === 'application/json; charset=utf-8') {
    return parseJsonBody(await readBody(req, MAX_BODY_BYTES));
  }
  const [type, ...parameters] = (contentType ?? '').split(';');
  const mediaType = type.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    throw new HttpError(
      415,
      'BAD_REQUEST',
      `POST /graphql takes application/json, not ${mediaType ? `"${mediaType.slice(0, 100)}"` : 'a body without Content-Type'}`,
    );
  }
  const charset = parameters
    .map((parameter) => parameter.trim().match(/^charset\s*=\s*"?([^"]*)"?$/i)?.[1])
    .find((value) => value !== undefined);
  if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
    throw new HttpError(415, 'BAD_REQUEST', `Unsupported charset "${charset.slice(0, 40)}": send UTF-8`);
  }
  return parseJsonBody(await readBody(req, MAX_BODY_BYTES));
}

function parseJsonBody(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new HttpError(
      400,
      'BAD_REQUEST',
      `The request body is not valid JSON: ${(error as Error).message.slice(0, 200)}`,
    );
  }
}

/**
 * The weak ETag of an answer's bytes. A cached answer's bytes are one Buffer, sent again and again
 * (app/catalog-cache.ts): its tag is computed once (a full catalog's SHA-1 took milliseconds per GET).
 */
const etags = new WeakMap<Buffer, string>();
function etagOf(bytes: Buffer | string): string {
  if (typeof bytes === 'string') return etag(bytes, { weak: true });
  let tag = etags.get(bytes);
  if (tag === undefined) {
    tag = etag(bytes, { weak: true });
    etags.set(bytes, tag);
  }
  return tag;
}

/**
 * Where GraphQL is served: `/graphql/` as `/graphql` (keystoneauth, given a catalog endpoint ending in `/graphql`,
 * asks for `/graphql/`).
 */
export const GRAPHQL_PATHS = ['/graphql', '/graphql/'];

/** What a front did with a POST: answered it, or made its context for the pipeline. */
export type FrontOutcome =
  { answered: true; text: string; contentType: string } | { answered: false; context: Promise<Context> };

/** Answers some POSTs before the pipeline (the answer cache's front: app/cache-front.ts). */
export interface AnswerFront {
  /**
   * A POSTed body's answer, or the context made for the pipeline (`makeContext` called at most once); undefined
   * when it did neither.
   */
  answer(
    body: unknown,
    accept: string | undefined,
    makeContext: () => Promise<Context>,
  ): Promise<FrontOutcome | undefined>;
  /** The Content-Type the pipeline gave a 200 answer to a POST with this Accept header. */
  learn(accept: string | undefined, contentType: string | undefined): void;
}

export interface GraphqlRouteOptions {
  apollo: ApolloServer<Context>;
  /** The context of one request (identity from its headers and peer address). */
  context(req: IncomingMessage, requestId: string): Promise<Context>;
  logger: Logger;
  /** The requests the GraphQL pipeline has logged itself (observabilityPlugin); the others are logged here. */
  logged: WeakSet<HTTPGraphQLRequest>;
  /** The GraphiQL page a browser gets; undefined when GRAPHIQL=false. */
  graphiqlPage: string | undefined;
  /** CORS_ORIGINS' answers to pages of other origins. */
  cors: Cors;
  /** The WWW-Authenticate header of a 401 (AUTH_MODE=keystone: `Keystone uri="…"`, as keystonemiddleware). */
  challenge?: string;
  /** The bytes to send for an answer's text (a cached answer's are encoded once: app/catalog-cache.ts). */
  bytesOf?: (text: string) => Buffer | string;
  /** Answers POSTs from the answer cache before the pipeline (app/cache-front.ts); undefined: every one goes there. */
  front?: AnswerFront;
}

/**
 * `/graphql`: GraphQL over HTTP through Apollo's own integration API (`executeHTTPGraphQLRequest`, what every
 * Apollo integration calls), which keeps its CSRF prevention, GET rules and status codes; a browser's GET
 * gets GraphiQL. A GET query's answer is `Cache-Control: private, no-cache` with a weak ETag (304 when the
 * client's If-None-Match still matches).
 */
export function graphqlRoute({
  apollo,
  context,
  logger,
  logged,
  graphiqlPage,
  cors,
  challenge,
  bytesOf = (text) => text,
  front,
}: GraphqlRouteOptions): Route[] {
  // At `/graphql/` the page's relative asset paths (graphiql.ts) need one `../` more.
  const pages = graphiqlPage && {
    '/graphql': graphiqlPage,
    '/graphql/': graphiqlPage.replace(/(src|href)="graphiql\/assets\//g, '$1="../graphiql/assets/'),
  };
  /** An answer that is one text: as it is when small, else its bytes (compressed when worth it). */
  const sendText = (req: IncomingMessage, res: ServerResponse, status: number, text: string) => {
    res.statusCode = status;
    // A small answer goes out as its text, which node joins to the headers as one string (bytes would be a
    // chunk of their own after them); a large one as bytes, a cached answer's encoded once.
    const bytes = text.length < COMPRESSION_THRESHOLD_BYTES ? text : bytesOf(text);
    if (req.method !== 'POST') {
      if (status === 200) {
        // A GET query's answer depends on who asks: a browser may keep it (never a shared cache), and asks
        // again with If-None-Match, to which an unchanged answer is 304 without a body.
        res.setHeader('cache-control', 'private, no-cache');
        const tag = etagOf(bytes);
        res.setHeader('etag', tag);
        if (fresh(req.headers, { etag: tag })) {
          res.statusCode = 304;
          res.removeHeader('content-type');
          res.end();
          return;
        }
      } else {
        res.setHeader('cache-control', 'no-store');
      }
    }
    const length = Buffer.byteLength(bytes);
    // The compression layer only for an answer worth compressing; a smaller one says as it would have that it
    // depends on Accept-Encoding (every GraphQL answer is JSON, a compressible type).
    if (length >= COMPRESSION_THRESHOLD_BYTES) compress(req, res);
    else addVary(res, 'Accept-Encoding');
    // Its length, as node gives it without the compression layer (which drops it when it compresses): a
    // plain answer is not chunked.
    res.setHeader('content-length', length);
    res.end(bytes);
  };
  const handle = async (req: IncomingMessage, res: ServerResponse, info: RequestMeta) => {
    cors.actual(req, res);
    if (pages && wantsGraphiql(req, info.search)) {
      compress(req, res);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...PAGE_HEADERS });
      res.end(pages[info.path as keyof typeof pages]);
      return;
    }
    const body = req.method === 'POST' ? await readJsonBody(req) : undefined;
    const makeContext = () => context(req, info.requestId);
    const fronted =
      body === undefined ? undefined : await front?.answer(body, req.headers.accept, makeContext);
    if (fronted?.answered) {
      res.setHeader('content-type', fronted.contentType);
      sendText(req, res, 200, fronted.text);
      return;
    }
    const headers = new HeaderMap();
    for (const name in req.headers) {
      const value = req.headers[name];
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const httpGraphQLRequest: HTTPGraphQLRequest = {
      method: req.method!,
      headers,
      search: info.search,
      body,
    };
    const response = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest,
      context: fronted ? () => fronted.context : makeContext,
    });
    const status = response.status ?? 200;
    if (status === 200 && req.method === 'POST')
      front?.learn(req.headers.accept, response.headers.get('content-type'));
    if (status >= 400 && !logged.has(httpGraphQLRequest) && response.body.kind === 'complete') {
      // Refused before the GraphQL pipeline started (CSRF prevention, a malformed body, no identity).
      const error = (
        JSON.parse(response.body.string) as {
          errors?: { message?: string; extensions?: { code?: string } }[];
        }
      ).errors?.[0];
      logRefused(logger, req, info, status, error?.extensions?.code ?? 'BAD_REQUEST', error?.message ?? '');
    }
    for (const [name, value] of response.headers) res.setHeader(name, value);
    if (status === 401 && challenge) res.setHeader('www-authenticate', challenge);
    res.statusCode = status;
    if (response.body.kind === 'complete') {
      sendText(req, res, status, response.body.string);
      return;
    }
    compress(req, res);
    for await (const chunk of response.body.asyncIterator) {
      res.write(chunk);
      // Each part of an incremental answer leaves at once, compressed or not.
      (res as { flush?: () => void }).flush?.();
    }
    res.end();
  };
  return GRAPHQL_PATHS.map((path) => ({
    path,
    // Most answers are small: the compression layer is set up only for those worth it (above).
    compression: 'handler',
    methods: { GET: handle, POST: handle, OPTIONS: (req, res) => cors.preflight(req, res) },
  }));
}
