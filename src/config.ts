/**
 * The environment, parsed and validated once. Every setting the service reads is here, with its default;
 * the README's configuration table mirrors this file.
 */
export type AuthMode = 'none' | 'headers' | 'jwt';
export type Visibility = 'public' | 'private';

export interface Config {
  port: number;
  host: string;
  /** unset: embedded PGlite in ./.data; pglite://memory; pglite:///abs/dir; postgres://… */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  databaseConnectTimeoutMs: number;
  dataDir: string;
  authMode: AuthMode;
  jwtSecret: string | undefined;
  jwtJwksUrl: string | undefined;
  jwtIssuer: string | undefined;
  jwtAudience: string | undefined;
  introspection: boolean;
  graphiql: boolean;
  logLevel: string;
  shutdownTimeoutMs: number;
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

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

/** The largest delay node's timers take (beyond it they fire at once); a sane ceiling for counts too. */
const MAX_INT = 2_147_483_647;

function int(env: Env, name: string, fallback: number, min = 0, max = MAX_INT): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
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
function host(env: Env): string {
  const raw = env.HOST;
  if (raw === undefined || raw === '') return '127.0.0.1';
  if (!/^[\w.:%-]+$/.test(raw)) {
    throw new ConfigError(
      `HOST must be a host name or an IP address (e.g. 127.0.0.1, 0.0.0.0, ::), got "${raw}"`,
    );
  }
  return raw;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function loadConfig(env: Env = process.env): Config {
  const authMode = oneOf(env, 'AUTH_MODE', ['none', 'headers', 'jwt'] as const, 'none');
  const config: Config = {
    port: int(env, 'PORT', 4000, 0, 65535),
    host: host(env),
    databaseUrl: url(
      env,
      'DATABASE_URL',
      /^(postgres|postgresql|pglite):$/,
      'postgres://, postgresql:// or pglite://',
    ),
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', 10, 1),
    databaseConnectTimeoutMs: int(env, 'DATABASE_CONNECT_TIMEOUT_MS', 5000, 1),
    dataDir: env.DATA_DIR || '.data',
    authMode,
    jwtSecret: env.JWT_SECRET || undefined,
    jwtJwksUrl: url(env, 'JWT_JWKS_URL', /^https?:$/, 'http:// or https://'),
    jwtIssuer: env.JWT_ISSUER || undefined,
    jwtAudience: env.JWT_AUDIENCE || undefined,
    introspection: bool(env, 'INTROSPECTION', true),
    graphiql: bool(env, 'GRAPHIQL', true),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 10000, 0),
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
