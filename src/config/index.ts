/**
 * The environment, parsed and validated once, grouped by the part of the service it concerns
 * (`config.auth.mode`, `config.database.url`, …). Every variable is declared once in settings.ts (default,
 * bounds, meaning), which docs/configuration.md is generated from. It is the bottom layer: it imports nothing of
 * the service (lint), so everything may read its types.
 */
import { authSettings, metricsSettings, type AuthConfig, type MetricsConfig } from './auth';
import { ConfigError, type Env } from './parse';
import { SETTINGS as S } from './settings';
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
export { SETTINGS, SETTING_GROUPS } from './settings';
export type { TracingConfig } from './tracing';
export type { OtlpProtocol } from './values';

export interface Config {
  http: HttpConfig;
  auth: AuthConfig;
  /** Authorization: the policy file and which defaults (docs/identity.md, Policy). */
  policy: { file: string | undefined; enforceNewDefaults: boolean };
  database: DatabaseConfig;
  graphql: GraphqlConfig;
  cache: CacheConfig;
  live: LiveConfig;
  explorer: ExplorerConfig;
  graphiql: GraphiqlConfig;
  catalog: CatalogConfig;
  discovery: DiscoveryConfig;
  observability: ObservabilityConfig;
  /** Where each OpenStack REST API is mounted; undefined: not served. */
  rest: {
    placement: string | undefined;
    compute: string | undefined;
    blazar: string | undefined;
    glance: string | undefined;
  };
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
  /** A query through a context whose transaction runs, from inside that transaction, throws (tests). */
  transactionGuard: boolean;
  /** Each connection to a PostgreSQL server runs the registered statements (db/prepared.ts) by name. */
  preparedStatements: boolean;
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
  /** A namespace's visibility (common/visibility.ts), as CAPABILITY_DEFAULT_VISIBILITY's values spell it. */
  capabilityDefaultVisibility: ReturnType<(typeof S)['CAPABILITY_DEFAULT_VISIBILITY']['read']>;
  allowAllUsers: boolean;
}

export interface ObservabilityConfig {
  logLevel: string;
  /** Who may read GET /metrics. */
  metrics: MetricsConfig;
  /** OpenTelemetry traces sent over OTLP/HTTP; undefined (the default): no tracing at all. */
  tracing: TracingConfig | undefined;
}

/** Where each REST API is mounted; two that would overlap (one a path under the other) stop the start. */
function restPrefixes(env: Env): Config['rest'] {
  const prefixes = {
    PLACEMENT_PREFIX: S.PLACEMENT_PREFIX.read(env),
    COMPUTE_PREFIX: S.COMPUTE_PREFIX.read(env),
    BLAZAR_PREFIX: S.BLAZAR_PREFIX.read(env),
    GLANCE_PREFIX: S.GLANCE_PREFIX.read(env),
  };
  const set = Object.entries(prefixes).filter((entry): entry is [string, string] => entry[1] !== undefined);
  for (const [name, prefix] of set) {
    for (const [other, otherPrefix] of set) {
      if (name !== other && (prefix === otherPrefix || prefix.startsWith(`${otherPrefix}/`))) {
        throw new ConfigError(
          `${name}=${prefix} overlaps ${other}=${otherPrefix}: give each API a path of its own`,
        );
      }
    }
  }
  return {
    placement: prefixes.PLACEMENT_PREFIX,
    compute: prefixes.COMPUTE_PREFIX,
    blazar: prefixes.BLAZAR_PREFIX,
    glance: prefixes.GLANCE_PREFIX,
  };
}

export function loadConfig(env: Env = process.env): Config {
  const host = S.HOST.read(env);
  return {
    http: {
      port: S.PORT.read(env),
      host,
      corsOrigins: S.CORS_ORIGINS.read(env),
      shutdownTimeoutMs: S.SHUTDOWN_TIMEOUT_MS.read(env),
      shutdownDelayMs: S.SHUTDOWN_DELAY_MS.read(env),
      heapGrowingPercent: S.HEAP_GROWING_PERCENT.read(env),
    },
    auth: authSettings(env, host),
    database: {
      url: S.DATABASE_URL.read(env),
      poolSize: S.DATABASE_POOL_SIZE.read(env),
      connectTimeoutMs: S.DATABASE_CONNECT_TIMEOUT_MS.read(env),
      poolWaitMs: S.DATABASE_POOL_WAIT_MS.read(env),
      transactionGuard: S.DATABASE_TRANSACTION_GUARD.read(env),
      preparedStatements: S.DATABASE_PREPARED_STATEMENTS.read(env),
      dataDir: S.DATA_DIR.read(env),
      dataMinFreeMb: S.DATA_MIN_FREE_MB.read(env),
      pgliteSharedBuffersMb: S.PGLITE_SHARED_BUFFERS_MB.read(env),
      seedOnStart: S.SEED_ON_START.read(env),
    },
    graphql: {
      introspection: S.INTROSPECTION.read(env),
      limits: {
        maxDepth: S.GRAPHQL_MAX_DEPTH.read(env),
        maxAliases: S.GRAPHQL_MAX_ALIASES.read(env),
        maxCost: S.GRAPHQL_MAX_COST.read(env),
        maxTokens: S.GRAPHQL_MAX_TOKENS.read(env),
        maxDirectives: S.GRAPHQL_MAX_DIRECTIVES.read(env),
      },
    },
    cache: { catalogMb: S.CATALOG_CACHE_MB.read(env) },
    live: {
      feedHeartbeatMs: S.FEED_HEARTBEAT_MS.read(env),
      feedHeartbeatTimeoutMs: S.FEED_HEARTBEAT_TIMEOUT_MS.read(env),
      changeStepUnwatchedMs: S.CHANGE_STEP_UNWATCHED_MS.read(env),
      changeRetentionMs: S.CHANGE_RETENTION.read(env),
      changePruneIntervalMs: S.CHANGE_PRUNE_INTERVAL.read(env),
      webSocket: {
        maxConnections: S.WEBSOCKET_MAX_CONNECTIONS.read(env),
        subscriptionsPerSocket: S.SUBSCRIPTIONS_PER_SOCKET.read(env),
        subscriptionsPerIdentity: S.SUBSCRIPTIONS_PER_IDENTITY.read(env),
        subscriptionsPerInstance: S.SUBSCRIPTIONS_PER_INSTANCE.read(env),
      },
    },
    explorer: {
      enabled: S.EXPLORER.read(env),
      dir: S.EXPLORER_DIR.read(env),
    },
    graphiql: {
      enabled: S.GRAPHIQL.read(env),
      headers: S.GRAPHIQL_HEADERS.read(env),
      dir: S.GRAPHIQL_DIR.read(env),
    },
    policy: {
      file: S.POLICY_FILE.read(env),
      enforceNewDefaults: S.POLICY_ENFORCE_NEW_DEFAULTS.read(env),
    },
    catalog: {
      projectWrites: S.METADEF_PROJECT_WRITES.read(env),
      quotas: {
        namespacesPerProject: S.METADEF_NAMESPACES_PER_PROJECT.read(env),
        propertiesPerNamespace: S.METADEF_PROPERTIES_PER_NAMESPACE.read(env),
        objectsPerNamespace: S.METADEF_OBJECTS_PER_NAMESPACE.read(env),
        tagsPerNamespace: S.METADEF_TAGS_PER_NAMESPACE.read(env),
      },
    },
    discovery: {
      capabilityDefaultVisibility: S.CAPABILITY_DEFAULT_VISIBILITY.read(env),
      allowAllUsers: S.DISCOVERY_ALLOW_ALL_USERS.read(env),
    },
    observability: {
      logLevel: S.LOG_LEVEL.read(env),
      metrics: metricsSettings(env),
      tracing: tracingSettings(env),
    },
    rest: restPrefixes(env),
  };
}
