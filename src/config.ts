/**
 * The environment, parsed and validated once. Every setting the service reads is here, with its default;
 * the README's configuration table mirrors this file.
 */
import { join } from 'node:path';
import { hasControlCharacter } from './common/errors';
import { PROXY_SECRET_HEADER, isLoopbackHost, parseAddressRange } from './common/identity/proxy-trust';
import { projectRoot } from './common/paths';

export type AuthMode = 'none' | 'headers' | 'jwt' | 'keystone';
export type Visibility = 'public' | 'private';

export interface Config {
  port: number;
  host: string;
  /** unset: embedded PGlite in ./.data; pglite://memory; pglite:///abs/dir; postgres://… */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  databaseConnectTimeoutMs: number;
  /** How long a request may wait for a free pooled connection (all busy) before SERVICE_UNAVAILABLE (busy). */
  databasePoolWaitMs: number;
  dataDir: string;
  /** Changes to the embedded database are refused while its disk has less free space (MB). */
  dataMinFreeMb: number;
  /** PostgreSQL's shared_buffers of the embedded database (MB). */
  pgliteSharedBuffersMb: number;
  authMode: AuthMode;
  jwtSecret: string | undefined;
  jwtJwksUrl: string | undefined;
  jwtIssuer: string | undefined;
  jwtAudience: string | undefined;
  /** AUTH_MODE=headers: how the authenticating proxy in front of the service is recognised. */
  authProxy: AuthProxyConfig;
  /** AUTH_MODE=keystone: where and how tokens are validated. */
  keystone: KeystoneConfig | undefined;
  /** Who may read GET /metrics. */
  metrics: MetricsConfig;
  introspection: boolean;
  graphiql: boolean;
  /** GRAPHIQL_HEADERS: the request headers the GraphiQL page sends (pre-filled in its Headers tab). */
  graphiqlHeaders: Record<string, string>;
  /** GraphiQL's build (GRAPHIQL_DIR, the build's dist/graphiql): graphiql.html and its assets. */
  graphiqlDir: string;
  /** The explorer web app at `/` (EXPLORER), served from `explorerDir` (EXPLORER_DIR, the build's dist/web). */
  explorer: boolean;
  explorerDir: string;
  logLevel: string;
  shutdownTimeoutMs: number;
  /** How often the change feed proves its LISTEN connection delivers (FEED_HEARTBEAT_MS; 0: never). */
  feedHeartbeatMs: number;
  /** How long that proof may take before the feed counts as lost and reconnects (FEED_HEARTBEAT_TIMEOUT_MS). */
  feedHeartbeatTimeoutMs: number;
  /** SHUTDOWN_DELAY_MS: after SIGTERM, how long the server keeps serving (not ready) before it drains. */
  shutdownDelayMs: number;
  /** The bound of each instance's answer cache (catalog, traits, providers), in MB of their JSON (CATALOG_CACHE_MB; 0: off). */
  catalogCacheMb: number;
  /**
   * CORS_ORIGINS: the browser origins, besides the service's own, whose pages may call the API (exact origins
   * such as `https://horizon.example`, or with one `*` label: `https://*.example.com`; `*` for any). Empty: only
   * same-origin pages (a WebSocket from any other origin is refused).
   */
  corsOrigins: string[];
  /** Bounds of GraphQL over WebSocket: what one client, one identity and the instance may hold open. */
  webSocket: WebSocketLimits;
  limits: { maxDepth: number; maxAliases: number; maxCost: number; maxTokens: number; maxDirectives: number };
  metadefProjectWrites: boolean;
  quotas: {
    namespacesPerProject: number;
    propertiesPerNamespace: number;
    objectsPerNamespace: number;
    tagsPerNamespace: number;
  };
  capabilityDefaultVisibility: Visibility;
  discoveryAllowAllUsers: boolean;
  seedOnStart: boolean;
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

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

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

/** The largest delay node's timers take (beyond it they fire at once); a sane ceiling for counts too. */
const MAX_INT = 2_147_483_647;

function int(env: Env, name: string, fallback: number, min = 0, max = MAX_INT): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer >= ${min} and <= ${max}, got "${raw}"`);
  }
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

function url(env: Env, name: string, protocols: RegExp, expected: string): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL (expected ${expected})`);
  }
  if (!protocols.test(parsed.protocol)) throw new ConfigError(`${name} must start with ${expected}`);
  return raw;
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

// --- Identity: who the service believes (AUTH_MODE headers and keystone) and who may read /metrics ---

export interface AuthProxyConfig {
  /** AUTH_PROXY_SECRET: what the proxy sends in X-Proxy-Secret. */
  secret: string | undefined;
  /** AUTH_TRUSTED_PROXIES: the addresses and CIDR ranges the proxy connects from. */
  trustedProxies: string[];
}

export interface KeystonePasswordAuth {
  username: string;
  password: string;
  projectName: string;
  userDomainName: string;
  projectDomainName: string;
}

export interface KeystoneConfig {
  /** The identity API's v3 root, e.g. http://keystone:5000/v3. */
  url: string;
  /** A fixed service token (KEYSTONE_SERVICE_TOKEN); otherwise `password` obtains and renews one. */
  serviceToken: string | undefined;
  password: KeystonePasswordAuth | undefined;
  cacheSeconds: number;
  cacheSize: number;
  timeoutMs: number;
}

export type MetricsAccess = 'public' | 'token' | 'off';

export interface MetricsConfig {
  access: MetricsAccess;
  token: string | undefined;
}

const MIN_SECRET_LENGTH = 16;

/** A shared secret sent in a header: long enough not to be guessed, and only visible ASCII. */
function secretSetting(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  if (raw.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(`${name} must be at least ${MIN_SECRET_LENGTH} characters, got ${raw.length}`);
  }
  if (!/^[\x21-\x7e]+$/.test(raw)) {
    throw new ConfigError(`${name} must be visible ASCII characters only (no spaces or control characters)`);
  }
  return raw;
}

function trustedProxiesSetting(env: Env): string[] {
  const entries = (env.AUTH_TRUSTED_PROXIES ?? '').split(/[\s,]+/).filter(Boolean);
  for (const entry of entries) {
    if (!parseAddressRange(entry)) {
      throw new ConfigError(
        `AUTH_TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range (e.g. 10.0.0.5, 10.0.0.0/8, fd00::/64)`,
      );
    }
  }
  return entries;
}

function keystoneUrlSetting(env: Env): string {
  const raw = env.KEYSTONE_URL;
  if (!raw) throw new ConfigError('AUTH_MODE=keystone needs KEYSTONE_URL (e.g. http://keystone:5000/v3)');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`KEYSTONE_URL must be an http(s) URL, got "${raw}"`);
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash) {
    throw new ConfigError(`KEYSTONE_URL must be an http(s) URL without query or fragment, got "${raw}"`);
  }
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = path.endsWith('/v3') ? path : `${path}/v3`;
  return url.href;
}

const KEYSTONE_PASSWORD_VARIABLES = ['KEYSTONE_USERNAME', 'KEYSTONE_PASSWORD', 'KEYSTONE_PROJECT_NAME'];

function keystoneSettings(env: Env): KeystoneConfig {
  const url = keystoneUrlSetting(env);
  const serviceToken = env.KEYSTONE_SERVICE_TOKEN || undefined;
  if (serviceToken && !/^[\x21-\x7e]+$/.test(serviceToken)) {
    throw new ConfigError('KEYSTONE_SERVICE_TOKEN must be visible ASCII characters (no spaces)');
  }
  const given = KEYSTONE_PASSWORD_VARIABLES.filter((name) => env[name]);
  if (serviceToken && given.length) {
    throw new ConfigError(
      `Set either KEYSTONE_SERVICE_TOKEN or ${KEYSTONE_PASSWORD_VARIABLES.join(', ')}, not both`,
    );
  }
  if (!serviceToken && given.length < KEYSTONE_PASSWORD_VARIABLES.length) {
    const missing = KEYSTONE_PASSWORD_VARIABLES.filter((name) => !env[name]);
    throw new ConfigError(
      `AUTH_MODE=keystone needs service credentials to validate tokens: ${KEYSTONE_PASSWORD_VARIABLES.join(', ')} ` +
        `(missing ${missing.join(', ')}), or KEYSTONE_SERVICE_TOKEN`,
    );
  }
  return {
    url,
    serviceToken,
    password: serviceToken
      ? undefined
      : {
          username: env.KEYSTONE_USERNAME!,
          password: env.KEYSTONE_PASSWORD!,
          projectName: env.KEYSTONE_PROJECT_NAME!,
          userDomainName: env.KEYSTONE_USER_DOMAIN_NAME || 'Default',
          projectDomainName: env.KEYSTONE_PROJECT_DOMAIN_NAME || 'Default',
        },
    cacheSeconds: int(env, 'KEYSTONE_CACHE_SECONDS', 300),
    cacheSize: int(env, 'KEYSTONE_CACHE_SIZE', 10000, 1),
    timeoutMs: int(env, 'KEYSTONE_TIMEOUT_MS', 5000, 1),
  };
}

function metricsSettings(env: Env): MetricsConfig {
  const token = secretSetting(env, 'METRICS_TOKEN');
  const access = oneOf(env, 'METRICS', ['public', 'token', 'off'] as const, token ? 'token' : 'public');
  if (access === 'token' && !token) throw new ConfigError('METRICS=token needs METRICS_TOKEN');
  if (access !== 'token' && token) {
    throw new ConfigError(`METRICS_TOKEN is set but METRICS=${access}: unset METRICS or set it to token`);
  }
  return { access, token };
}

function identitySettings(
  env: Env,
  authMode: AuthMode,
  host: string,
): Pick<Config, 'authProxy' | 'keystone' | 'metrics'> {
  const authProxy = {
    secret: secretSetting(env, 'AUTH_PROXY_SECRET'),
    trustedProxies: trustedProxiesSetting(env),
  };
  if (
    authMode === 'headers' &&
    !authProxy.secret &&
    !authProxy.trustedProxies.length &&
    !isLoopbackHost(host)
  ) {
    throw new ConfigError(
      `AUTH_MODE=headers on HOST=${host} would believe identity headers (X-Roles: admin) from anyone who reaches ` +
        'the port: set AUTH_PROXY_SECRET and/or AUTH_TRUSTED_PROXIES so that only your authenticating proxy is ' +
        'believed, or use AUTH_MODE=keystone',
    );
  }
  if (authMode === 'none' && !isLoopbackHost(host) && !bool(env, 'AUTH_NONE_ALLOW_REMOTE', false)) {
    throw new ConfigError(
      `AUTH_MODE=none on HOST=${host} would make anyone who reaches the port an admin: use AUTH_MODE=keystone, ` +
        'jwt or headers (behind an authenticating proxy), or set AUTH_NONE_ALLOW_REMOTE=true if the network ' +
        'itself is trusted',
    );
  }
  return {
    authProxy,
    keystone: authMode === 'keystone' ? keystoneSettings(env) : undefined,
    metrics: metricsSettings(env),
  };
}

// --- end of identity settings ---

export function loadConfig(env: Env = process.env): Config {
  const authMode = oneOf(env, 'AUTH_MODE', ['none', 'headers', 'jwt', 'keystone'] as const, 'none');
  const host = hostSetting(env);
  const config: Config = {
    port: int(env, 'PORT', 4000, 0, 65535),
    host,
    databaseUrl: url(
      env,
      'DATABASE_URL',
      /^(postgres|postgresql|pglite):$/,
      'postgres://, postgresql:// or pglite://',
    ),
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', 10, 1),
    databaseConnectTimeoutMs: int(env, 'DATABASE_CONNECT_TIMEOUT_MS', 5000, 1),
    databasePoolWaitMs: int(env, 'DATABASE_POOL_WAIT_MS', 60000, 1),
    dataDir: env.DATA_DIR || '.data',
    dataMinFreeMb: int(env, 'DATA_MIN_FREE_MB', 64),
    pgliteSharedBuffersMb: int(env, 'PGLITE_SHARED_BUFFERS_MB', 16, 1),
    catalogCacheMb: int(env, 'CATALOG_CACHE_MB', 16),
    corsOrigins: corsOriginsSetting(env),
    webSocket: {
      maxConnections: int(env, 'WEBSOCKET_MAX_CONNECTIONS', 2000, 1),
      subscriptionsPerSocket: int(env, 'SUBSCRIPTIONS_PER_SOCKET', 50, 1),
      subscriptionsPerIdentity: int(env, 'SUBSCRIPTIONS_PER_IDENTITY', 200, 1),
      subscriptionsPerInstance: int(env, 'SUBSCRIPTIONS_PER_INSTANCE', 5000, 1),
    },
    authMode,
    jwtSecret: env.JWT_SECRET || undefined,
    jwtJwksUrl: url(env, 'JWT_JWKS_URL', /^https?:$/, 'http:// or https://'),
    jwtIssuer: env.JWT_ISSUER || undefined,
    jwtAudience: env.JWT_AUDIENCE || undefined,
    ...identitySettings(env, authMode, host),
    introspection: bool(env, 'INTROSPECTION', true),
    graphiql: bool(env, 'GRAPHIQL', true),
    graphiqlHeaders: graphiqlHeaders(env),
    graphiqlDir: env.GRAPHIQL_DIR || join(projectRoot(), 'dist', 'graphiql'),
    explorer: bool(env, 'EXPLORER', true),
    explorerDir: env.EXPLORER_DIR || join(projectRoot(), 'dist', 'web'),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 10000, 0),
    feedHeartbeatMs: int(env, 'FEED_HEARTBEAT_MS', 5000, 0),
    feedHeartbeatTimeoutMs: int(env, 'FEED_HEARTBEAT_TIMEOUT_MS', 10000, 1),
    shutdownDelayMs: int(env, 'SHUTDOWN_DELAY_MS', 0, 0),
    limits: {
      maxDepth: int(env, 'GRAPHQL_MAX_DEPTH', 12, 1),
      maxAliases: int(env, 'GRAPHQL_MAX_ALIASES', 30, 1),
      maxCost: int(env, 'GRAPHQL_MAX_COST', 100000, 1),
      maxTokens: int(env, 'GRAPHQL_MAX_TOKENS', 5000, 1),
      maxDirectives: int(env, 'GRAPHQL_MAX_DIRECTIVES', 50, 1),
    },
    metadefProjectWrites: bool(env, 'METADEF_PROJECT_WRITES', false),
    quotas: {
      namespacesPerProject: int(env, 'METADEF_NAMESPACES_PER_PROJECT', 100),
      propertiesPerNamespace: int(env, 'METADEF_PROPERTIES_PER_NAMESPACE', 500),
      objectsPerNamespace: int(env, 'METADEF_OBJECTS_PER_NAMESPACE', 500),
      tagsPerNamespace: int(env, 'METADEF_TAGS_PER_NAMESPACE', 500),
    },
    capabilityDefaultVisibility: oneOf(
      env,
      'CAPABILITY_DEFAULT_VISIBILITY',
      ['public', 'private'] as const,
      'private',
    ),
    discoveryAllowAllUsers: bool(env, 'DISCOVERY_ALLOW_ALL_USERS', false),
    seedOnStart: bool(env, 'SEED_ON_START', true),
  };
  if (authMode === 'jwt' && !config.jwtSecret && !config.jwtJwksUrl) {
    throw new ConfigError('AUTH_MODE=jwt needs JWT_SECRET or JWT_JWKS_URL');
  }
  return config;
}
