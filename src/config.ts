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
  /** Changes to the embedded database are refused while its disk has less free space (MB). */
  dataMinFreeMb: number;
  /** PostgreSQL's shared_buffers of the embedded database (MB). */
  pgliteSharedBuffersMb: number;
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

function int(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new ConfigError(`${name} must be an integer >= ${min}, got "${raw}"`);
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

export function loadConfig(env: Env = process.env): Config {
  const authMode = oneOf(env, 'AUTH_MODE', ['none', 'headers', 'jwt'] as const, 'none');
  const config: Config = {
    port: int(env, 'PORT', 4000),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', 10, 1),
    databaseConnectTimeoutMs: int(env, 'DATABASE_CONNECT_TIMEOUT_MS', 5000, 1),
    dataDir: env.DATA_DIR || '.data',
    dataMinFreeMb: int(env, 'DATA_MIN_FREE_MB', 64),
    pgliteSharedBuffersMb: int(env, 'PGLITE_SHARED_BUFFERS_MB', 16, 1),
    authMode,
    jwtSecret: env.JWT_SECRET || undefined,
    jwtJwksUrl: env.JWT_JWKS_URL || undefined,
    jwtIssuer: env.JWT_ISSUER || undefined,
    jwtAudience: env.JWT_AUDIENCE || undefined,
    introspection: bool(env, 'INTROSPECTION', true),
    graphiql: bool(env, 'GRAPHIQL', true),
    logLevel: env.LOG_LEVEL || 'info',
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
  if (config.databaseUrl && !/^(postgres|postgresql|pglite):\/\//.test(config.databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres://, postgresql:// or pglite://');
  }
  return config;
}
