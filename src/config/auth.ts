/** Identity settings: who the service believes (AUTH_MODE and what each mode needs) and who may read /metrics. */
import { isLoopbackHost, parseAddressRange } from './network';
import { bool, ConfigError, int, oneOf, secret, url, type Env } from './parse';

export type AuthMode = 'none' | 'headers' | 'jwt' | 'keystone';

export interface AuthConfig {
  mode: AuthMode;
  /** AUTH_MODE=jwt: how tokens are verified (JWT_SECRET or JWT_JWKS_URL, JWT_ISSUER, JWT_AUDIENCE). */
  jwt: JwtConfig;
  /** AUTH_MODE=headers: how the authenticating proxy in front of the service is recognised. */
  proxy: AuthProxyConfig;
  /** AUTH_MODE=keystone: where and how tokens are validated. */
  keystone: KeystoneConfig | undefined;
}

export interface JwtConfig {
  secret: string | undefined;
  jwksUrl: string | undefined;
  issuer: string | undefined;
  audience: string | undefined;
}

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
  /**
   * What a 401 names in `WWW-Authenticate: Keystone uri="…"` (KEYSTONE_WWW_AUTHENTICATE_URI, keystonemiddleware's
   * www_authenticate_uri: the public identity endpoint); KEYSTONE_URL as written by default.
   */
  wwwAuthenticateUri: string;
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

/** An http(s) URL without query or fragment (a Keystone endpoint). */
function endpointUrl(name: string, raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash) {
    throw new ConfigError(`${name} must be an http(s) URL without query or fragment, got "${raw}"`);
  }
  return url;
}

function keystoneUrlSetting(env: Env): string {
  const raw = env.KEYSTONE_URL;
  if (!raw) throw new ConfigError('AUTH_MODE=keystone needs KEYSTONE_URL (e.g. http://keystone:5000/v3)');
  const url = endpointUrl('KEYSTONE_URL', raw);
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
  const challenged = env.KEYSTONE_WWW_AUTHENTICATE_URI || env.KEYSTONE_URL!;
  if (/["\\]/.test(challenged)) {
    throw new ConfigError('KEYSTONE_WWW_AUTHENTICATE_URI must not contain quotes or backslashes');
  }
  endpointUrl(
    env.KEYSTONE_WWW_AUTHENTICATE_URI ? 'KEYSTONE_WWW_AUTHENTICATE_URI' : 'KEYSTONE_URL',
    challenged,
  );
  return {
    url,
    wwwAuthenticateUri: challenged.replace(/\/+$/, ''),
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

export function metricsSettings(env: Env): MetricsConfig {
  const token = secret(env, 'METRICS_TOKEN');
  const access = oneOf(env, 'METRICS', ['public', 'token', 'off'] as const, token ? 'token' : 'public');
  if (access === 'token' && !token) throw new ConfigError('METRICS=token needs METRICS_TOKEN');
  if (access !== 'token' && token) {
    throw new ConfigError(`METRICS_TOKEN is set but METRICS=${access}: unset METRICS or set it to token`);
  }
  return { access, token };
}

/** AUTH_MODE and what it needs; `host` is where the server listens (some modes are for loopback only). */
export function authSettings(env: Env, host: string): AuthConfig {
  const mode = oneOf(env, 'AUTH_MODE', ['none', 'headers', 'jwt', 'keystone'] as const, 'none');
  const proxy = {
    secret: secret(env, 'AUTH_PROXY_SECRET'),
    trustedProxies: trustedProxiesSetting(env),
  };
  if (mode === 'headers' && !proxy.secret && !proxy.trustedProxies.length && !isLoopbackHost(host)) {
    throw new ConfigError(
      `AUTH_MODE=headers on HOST=${host} would believe identity headers (X-Roles: admin) from anyone who reaches ` +
        'the port: set AUTH_PROXY_SECRET and/or AUTH_TRUSTED_PROXIES so that only your authenticating proxy is ' +
        'believed, or use AUTH_MODE=keystone',
    );
  }
  if (mode === 'none' && !isLoopbackHost(host) && !bool(env, 'AUTH_NONE_ALLOW_REMOTE', false)) {
    throw new ConfigError(
      `AUTH_MODE=none on HOST=${host} would make anyone who reaches the port an admin: use AUTH_MODE=keystone, ` +
        'jwt or headers (behind an authenticating proxy), or set AUTH_NONE_ALLOW_REMOTE=true if the network ' +
        'itself is trusted',
    );
  }
  const jwt = {
    secret: env.JWT_SECRET || undefined,
    jwksUrl: url(env, 'JWT_JWKS_URL', /^https?:$/, 'http:// or https://'),
    issuer: env.JWT_ISSUER || undefined,
    audience: env.JWT_AUDIENCE || undefined,
  };
  if (mode === 'jwt' && !jwt.secret && !jwt.jwksUrl) {
    throw new ConfigError('AUTH_MODE=jwt needs JWT_SECRET or JWT_JWKS_URL');
  }
  return { mode, jwt, proxy, keystone: mode === 'keystone' ? keystoneSettings(env) : undefined };
}
