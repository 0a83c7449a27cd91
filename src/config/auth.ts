/** Identity settings: who the service believes (AUTH_MODE and what each mode needs) and who may read /metrics. */
import { isLoopbackHost } from './network';
import { ConfigError, type Env } from './parse';
import { SETTINGS as S } from './settings';

export type AuthMode = ReturnType<typeof S.AUTH_MODE.read>;

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

export type MetricsAccess = ReturnType<typeof S.METRICS.read>;

export interface MetricsConfig {
  access: MetricsAccess;
  token: string | undefined;
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
  const raw = S.KEYSTONE_URL.read(env);
  if (!raw) throw new ConfigError('AUTH_MODE=keystone needs KEYSTONE_URL (e.g. http://keystone:5000/v3)');
  const url = endpointUrl('KEYSTONE_URL', raw);
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = path.endsWith('/v3') ? path : `${path}/v3`;
  return url.href;
}

const KEYSTONE_PASSWORD_VARIABLES = [S.KEYSTONE_USERNAME, S.KEYSTONE_PASSWORD, S.KEYSTONE_PROJECT_NAME];
const KEYSTONE_PASSWORD_NAMES = KEYSTONE_PASSWORD_VARIABLES.map((setting) => setting.name).join(', ');

function keystoneSettings(env: Env): KeystoneConfig {
  const url = keystoneUrlSetting(env);
  const serviceToken = S.KEYSTONE_SERVICE_TOKEN.read(env);
  if (serviceToken && !/^[\x21-\x7e]+$/.test(serviceToken)) {
    throw new ConfigError('KEYSTONE_SERVICE_TOKEN must be visible ASCII characters (no spaces)');
  }
  const given = KEYSTONE_PASSWORD_VARIABLES.filter((setting) => setting.isSet(env));
  if (serviceToken && given.length) {
    throw new ConfigError(`Set either KEYSTONE_SERVICE_TOKEN or ${KEYSTONE_PASSWORD_NAMES}, not both`);
  }
  if (!serviceToken && given.length < KEYSTONE_PASSWORD_VARIABLES.length) {
    const missing = KEYSTONE_PASSWORD_VARIABLES.filter((setting) => !setting.isSet(env)).map((s) => s.name);
    throw new ConfigError(
      `AUTH_MODE=keystone needs service credentials to validate tokens: ${KEYSTONE_PASSWORD_NAMES} ` +
        `(missing ${missing.join(', ')}), or KEYSTONE_SERVICE_TOKEN`,
    );
  }
  const challengeSetting = S.KEYSTONE_WWW_AUTHENTICATE_URI.isSet(env)
    ? S.KEYSTONE_WWW_AUTHENTICATE_URI
    : S.KEYSTONE_URL;
  const challenged = challengeSetting.read(env)!;
  if (/["\\]/.test(challenged)) {
    throw new ConfigError('KEYSTONE_WWW_AUTHENTICATE_URI must not contain quotes or backslashes');
  }
  endpointUrl(challengeSetting.name, challenged);
  return {
    url,
    wwwAuthenticateUri: challenged.replace(/\/+$/, ''),
    serviceToken,
    password: serviceToken
      ? undefined
      : {
          username: S.KEYSTONE_USERNAME.read(env)!,
          password: S.KEYSTONE_PASSWORD.read(env)!,
          projectName: S.KEYSTONE_PROJECT_NAME.read(env)!,
          userDomainName: S.KEYSTONE_USER_DOMAIN_NAME.read(env),
          projectDomainName: S.KEYSTONE_PROJECT_DOMAIN_NAME.read(env),
        },
    cacheSeconds: S.KEYSTONE_CACHE_SECONDS.read(env),
    cacheSize: S.KEYSTONE_CACHE_SIZE.read(env),
    timeoutMs: S.KEYSTONE_TIMEOUT_MS.read(env),
  };
}

export function metricsSettings(env: Env): MetricsConfig {
  const token = S.METRICS_TOKEN.read(env);
  // Unset, METRICS follows METRICS_TOKEN: behind it when it is set.
  const access = S.METRICS.isSet(env) ? S.METRICS.read(env) : token ? 'token' : 'public';
  if (access === 'token' && !token) throw new ConfigError('METRICS=token needs METRICS_TOKEN');
  if (access !== 'token' && token) {
    throw new ConfigError(`METRICS_TOKEN is set but METRICS=${access}: unset METRICS or set it to token`);
  }
  return { access, token };
}

/** AUTH_MODE and what it needs; `host` is where the server listens (some modes are for loopback only). */
export function authSettings(env: Env, host: string): AuthConfig {
  const mode = S.AUTH_MODE.read(env);
  const proxy = {
    secret: S.AUTH_PROXY_SECRET.read(env),
    trustedProxies: S.AUTH_TRUSTED_PROXIES.read(env),
  };
  if (mode === 'headers' && !proxy.secret && !proxy.trustedProxies.length && !isLoopbackHost(host)) {
    throw new ConfigError(
      `AUTH_MODE=headers on HOST=${host} would believe identity headers (X-Roles: admin) from anyone who reaches ` +
        'the port: set AUTH_PROXY_SECRET and/or AUTH_TRUSTED_PROXIES so that only your authenticating proxy is ' +
        'believed, or use AUTH_MODE=keystone',
    );
  }
  if (mode === 'none' && !isLoopbackHost(host) && !S.AUTH_NONE_ALLOW_REMOTE.read(env)) {
    throw new ConfigError(
      `AUTH_MODE=none on HOST=${host} would make anyone who reaches the port an admin: use AUTH_MODE=keystone, ` +
        'jwt or headers (behind an authenticating proxy), or set AUTH_NONE_ALLOW_REMOTE=true if the network ' +
        'itself is trusted',
    );
  }
  if (mode === 'noauth2' && !isLoopbackHost(host) && !S.AUTH_NONE_ALLOW_REMOTE.read(env)) {
    throw new ConfigError(
      `AUTH_MODE=noauth2 on HOST=${host} would make anyone who reaches the port an admin (X-Auth-Token: admin): ` +
        'it is for tests and no-Keystone development setups; use AUTH_MODE=keystone, or set ' +
        'AUTH_NONE_ALLOW_REMOTE=true if the network itself is trusted',
    );
  }
  const jwt = {
    secret: S.JWT_SECRET.read(env),
    jwksUrl: S.JWT_JWKS_URL.read(env),
    issuer: S.JWT_ISSUER.read(env),
    audience: S.JWT_AUDIENCE.read(env),
  };
  if (mode === 'jwt' && !jwt.secret && !jwt.jwksUrl) {
    throw new ConfigError('AUTH_MODE=jwt needs JWT_SECRET or JWT_JWKS_URL');
  }
  return { mode, jwt, proxy, keystone: mode === 'keystone' ? keystoneSettings(env) : undefined };
}
