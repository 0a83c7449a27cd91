/**
 * The environment, parsed and validated once. Every setting the service reads is here, with its default, grouped
 * by the part of the service it concerns (`config.auth.mode`, `config.database.url`, …); the README's
 * configuration table mirrors this folder. It is the bottom layer: it imports nothing of the service (lint), so
 * everything may read its types.
 */
import { join } from 'node:path';
import { authSettings, metricsSettings, type AuthConfig, type MetricsConfig } from './auth';
import { PROXY_SECRET_HEADER } from './network';
import { bool, ConfigError, duration, int, oneOf, url, type Env } from './parse';
import { projectRoot } from './paths';
import { hasControlCharacter } from './text';
import { tracingSettings, type TracingConfig } from './tracing';

export type {
  AuthConfig,
  AuthMode,
  AuthProxyConfig,
  JwtConfig,
  KeystoneConfig,
  KeystonePasswordAuth,
  MetricsAccess,
  MetricsConfig,
} from './auth';
export { ConfigError } from './parse';
export type { OtlpProtocol, TracingConfig } from './tracing';

export type Visibility = 'public' | 'private';

export interface Config {
  http: HttpConfig;
  auth: AuthConfig;
  database: DatabaseConfig;
  graphql: GraphqlConfig;
  cache: CacheConfig;
  live: LiveConfig;
  explorer: ExplorerConfig;
  graphiql: GraphiqlConfig;
  catalog: CatalogConfig;
  discovery: DiscoveryConfig;
  observability: ObservabilityConfig;
}

export interface HttpConfig {
  port: number;
  host: string;
  /**
   * CORS_ORIGINS: the browser origins, besides the service's own, whose pages may call the API (exact origins
   * such as `https://horizon.example`, or with one `*` label: `https://*.example.com`; `*` for any). Empty: only
   * same-origin pages (a WebSocket from any other origin is refused).
   */
  corsOrigins: string[];
  shutdownTimeoutMs: number;
  /** SHUTDOWN_DELAY_MS: after SIGTERM, how long the server keeps serving (not ready) before it drains. */
  shutdownDelayMs: number;
  /**
   * HEAP_GROWING_PERCENT: `serve` sets V8's `--heap-growing-percent`: after a full garbage collection, the old
   * generation may grow by this share of what it kept before the next one. 0: V8's own factor (up to 4×).
   */
  heapGrowingPercent: number;
}

export interface DatabaseConfig {
  /** unset: embedded PGlite in ./.data; pglite://memory; pglite:///abs/dir; postgres://… */
  url: string | undefined;
  poolSize: number;
  connectTimeoutMs: number;
  /** How long a request may wait for a free pooled connection (all busy) before SERVICE_UNAVAILABLE (busy). */
  poolWaitMs: number;
  dataDir: string;
  /** Changes to the embedded database are refused while its disk has less free space (MB). */
  dataMinFreeMb: number;
  /** PostgreSQL's shared_buffers of the embedded database (MB). */
  pgliteSharedBuffersMb: number;
  seedOnStart: boolean;
}

export interface GraphqlConfig {
  introspection: boolean;
  limits: GraphqlLimits;
}

export interface GraphqlLimits {
  maxDepth: number;
  maxAliases: number;
  maxCost: number;
  maxTokens: number;
  maxDirectives: number;
}

export interface CacheConfig {
  /** The bound of each instance's answer cache (catalog, traits, providers), in MB of their JSON (CATALOG_CACHE_MB; 0: off). */
  catalogMb: number;
}

export interface LiveConfig {
  /** How often the change feed proves its LISTEN connection delivers (FEED_HEARTBEAT_MS; 0: never). */
  feedHeartbeatMs: number;
  /** How long that proof may take before the feed counts as lost and reconnects (FEED_HEARTBEAT_TIMEOUT_MS). */
  feedHeartbeatTimeoutMs: number;
  /**
   * How long at most a committed change waits to be numbered into the log while no subscription on any instance
   * waits for changes (CHANGE_STEP_UNWATCHED_MS, 1000 by default): the commits of that time share one step. While
   * one does, within STEP_INTERVAL_MS (50 ms). A reader of the log (`changes`, `history`, a resumed subscription)
   * numbers what is pending first, so it never waits for this.
   */
  changeStepUnwatchedMs: number;
  /** Bounds of GraphQL over WebSocket: what one client, one identity and the instance may hold open. */
  webSocket: WebSocketLimits;
  /**
   * How long the change log keeps a record (CHANGE_RETENTION, e.g. 30d): a cursor older than that is
   * CURSOR_EXPIRED. Each instance prunes every `changePruneIntervalMs` (CHANGE_PRUNE_INTERVAL).
   */
  changeRetentionMs: number;
  changePruneIntervalMs: number;
}

export interface WebSocketLimits {
  /** WEBSOCKET_MAX_CONNECTIONS: open WebSockets per instance (an upgrade beyond is refused with HTTP 503). */
  maxConnections: number;
  /** SUBSCRIPTIONS_PER_SOCKET: subscriptions one WebSocket may hold at once. */
  subscriptionsPerSocket: number;
  /** SUBSCRIPTIONS_PER_IDENTITY: subscriptions one identity (project and user) may hold at once, over all its sockets. */
  subscriptionsPerIdentity: number;
  /** SUBSCRIPTIONS_PER_INSTANCE: subscriptions the instance holds at once, all clients together. */
  subscriptionsPerInstance: number;
}

/** The explorer web app at `/` (EXPLORER), served from `dir` (EXPLORER_DIR, the build's dist/web). */
export interface ExplorerConfig {
  enabled: boolean;
  dir: string;
}

export interface GraphiqlConfig {
  /** GRAPHIQL: the page at GET /graphql. */
  enabled: boolean;
  /** GRAPHIQL_HEADERS: the request headers the GraphiQL page sends (pre-filled in its Headers tab). */
  headers: Record<string, string>;
  /** GraphiQL's build (GRAPHIQL_DIR, the build's dist/graphiql): graphiql.html and its assets. */
  dir: string;
}

export interface CatalogConfig {
  /** METADEF_PROJECT_WRITES: projects may create and change their own namespaces. */
  projectWrites: boolean;
  quotas: {
    namespacesPerProject: number;
    propertiesPerNamespace: number;
    objectsPerNamespace: number;
    tagsPerNamespace: number;
  };
}

export interface DiscoveryConfig {
  /** CAPABILITY_DEFAULT_VISIBILITY: the privacy of a resource property key seen for the first time. */
  capabilityDefaultVisibility: Visibility;
  allowAllUsers: boolean;
}

export interface ObservabilityConfig {
  logLevel: string;
  /** Who may read GET /metrics. */
  metrics: MetricsConfig;
  /** OpenTelemetry traces sent over OTLP/HTTP; undefined (the default): no tracing at all. */
  tracing: TracingConfig | undefined;
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * GRAPHIQL_HEADERS: a JSON object of header names to string values, e.g. `{"X-Project-Id":"demo"}`. The page
 * is public, so it never carries the proxy secret: the proxy adds that (proxy trust stays the proxy's job).
 */
function graphiqlHeaders(env: Env): Record<string, string> {
  const raw = env.GRAPHIQL_HEADERS?.trim();
  if (!raw) return {};
  const example = 'e.g. {"X-Project-Id":"demo","X-Roles":"reader"}';
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError(`GRAPHIQL_HEADERS must be a JSON object of header names to strings (${example})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError(`GRAPHIQL_HEADERS must be a JSON object of header names to strings (${example})`);
  }
  for (const [name, value] of Object.entries(parsed)) {
    if (!HEADER_NAME.test(name)) throw new ConfigError(`GRAPHIQL_HEADERS: "${name}" is not a header name`);
    if (typeof value !== 'string' || hasControlCharacter(value)) {
      throw new ConfigError(
        `GRAPHIQL_HEADERS: the value of ${name} must be a string without control characters`,
      );
    }
    if (name.toLowerCase() === PROXY_SECRET_HEADER) {
      throw new ConfigError(
        `GRAPHIQL_HEADERS must not hold ${name}: anyone who opens the page would read it; let the proxy add it`,
      );
    }
  }
  return parsed as Record<string, string>;
}

/** A name or address to listen on; whether it resolves and is this machine's is checked when listening. */
function hostSetting(env: Env): string {
  const raw = env.HOST;
  if (raw === undefined || raw === '') return '127.0.0.1';
  if (!/^[\w.:%-]+$/.test(raw)) {
    throw new ConfigError(
      `HOST must be a host name or an IP address (e.g. 127.0.0.1, 0.0.0.0, ::), got "${raw}"`,
    );
  }
  return raw;
}

/**
 * CORS_ORIGINS: comma- or space-separated origins (`scheme://host[:port]`, no path), each exact or with `*` as
 * its first host label (`https://*.example.com`: any subdomain, not the domain itself), or `*` alone (any).
 */
function corsOriginsSetting(env: Env): string[] {
  const entries = (env.CORS_ORIGINS ?? '').split(/[\s,]+/).filter(Boolean);
  for (const entry of entries) {
    if (entry === '*') continue;
    const match = /^(https?):\/\/(\*\.)?([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/i.exec(entry);
    if (!match) {
      throw new ConfigError(
        `CORS_ORIGINS: "${entry}" is not an origin (scheme://host[:port], e.g. https://horizon.example or https://*.example.com)`,
      );
    }
  }
  return entries.map((entry) => entry.toLowerCase());
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function loadConfig(env: Env = process.env): Config {
  const host = hostSetting(env);
  return {
    http: {
      port: int(env, 'PORT', 4000, 0, 65535),
      host,
      corsOrigins: corsOriginsSetting(env),
      shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 10000, 0),
      shutdownDelayMs: int(env, 'SHUTDOWN_DELAY_MS', 0, 0),
      heapGrowingPercent: int(env, 'HEAP_GROWING_PERCENT', 50, 0, 400),
    },
    auth: authSettings(env, host),
    database: {
      url: url(
        env,
        'DATABASE_URL',
        /^(postgres|postgresql|pglite):$/,
        'postgres://, postgresql:// or pglite://',
      ),
      poolSize: int(env, 'DATABASE_POOL_SIZE', 10, 1),
      connectTimeoutMs: int(env, 'DATABASE_CONNECT_TIMEOUT_MS', 5000, 1),
      poolWaitMs: int(env, 'DATABASE_POOL_WAIT_MS', 60000, 1),
      dataDir: env.DATA_DIR || '.data',
      dataMinFreeMb: int(env, 'DATA_MIN_FREE_MB', 64),
      pgliteSharedBuffersMb: int(env, 'PGLITE_SHARED_BUFFERS_MB', 16, 1),
      seedOnStart: bool(env, 'SEED_ON_START', true),
    },
    graphql: {
      introspection: bool(env, 'INTROSPECTION', true),
      limits: {
        maxDepth: int(env, 'GRAPHQL_MAX_DEPTH', 12, 1),
        maxAliases: int(env, 'GRAPHQL_MAX_ALIASES', 30, 1),
        maxCost: int(env, 'GRAPHQL_MAX_COST', 100000, 1),
        maxTokens: int(env, 'GRAPHQL_MAX_TOKENS', 5000, 1),
        maxDirectives: int(env, 'GRAPHQL_MAX_DIRECTIVES', 50, 1),
      },
    },
    cache: { catalogMb: int(env, 'CATALOG_CACHE_MB', 16) },
    live: {
      feedHeartbeatMs: int(env, 'FEED_HEARTBEAT_MS', 5000, 0),
      feedHeartbeatTimeoutMs: int(env, 'FEED_HEARTBEAT_TIMEOUT_MS', 10000, 1),
      changeStepUnwatchedMs: int(env, 'CHANGE_STEP_UNWATCHED_MS', 1000, 10),
      changeRetentionMs: duration(env, 'CHANGE_RETENTION', 30 * 86_400_000),
      changePruneIntervalMs: duration(env, 'CHANGE_PRUNE_INTERVAL', 600_000),
      webSocket: {
        maxConnections: int(env, 'WEBSOCKET_MAX_CONNECTIONS', 2000, 1),
        subscriptionsPerSocket: int(env, 'SUBSCRIPTIONS_PER_SOCKET', 50, 1),
        subscriptionsPerIdentity: int(env, 'SUBSCRIPTIONS_PER_IDENTITY', 200, 1),
        subscriptionsPerInstance: int(env, 'SUBSCRIPTIONS_PER_INSTANCE', 5000, 1),
      },
    },
    explorer: {
      enabled: bool(env, 'EXPLORER', true),
      dir: env.EXPLORER_DIR || join(projectRoot(), 'dist', 'web'),
    },
    graphiql: {
      enabled: bool(env, 'GRAPHIQL', true),
      headers: graphiqlHeaders(env),
      dir: env.GRAPHIQL_DIR || join(projectRoot(), 'dist', 'graphiql'),
    },
    catalog: {
      projectWrites: bool(env, 'METADEF_PROJECT_WRITES', false),
      quotas: {
        namespacesPerProject: int(env, 'METADEF_NAMESPACES_PER_PROJECT', 100),
        propertiesPerNamespace: int(env, 'METADEF_PROPERTIES_PER_NAMESPACE', 500),
        objectsPerNamespace: int(env, 'METADEF_OBJECTS_PER_NAMESPACE', 500),
        tagsPerNamespace: int(env, 'METADEF_TAGS_PER_NAMESPACE', 500),
      },
    },
    discovery: {
      capabilityDefaultVisibility: oneOf(
        env,
        'CAPABILITY_DEFAULT_VISIBILITY',
        ['public', 'private'] as const,
        'private',
      ),
      allowAllUsers: bool(env, 'DISCOVERY_ALLOW_ALL_USERS', false),
    },
    observability: {
      logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
      metrics: metricsSettings(env),
      tracing: tracingSettings(env),
    },
  };
}
