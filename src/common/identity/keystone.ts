import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { KeystoneConfig } from '../../config';
import { IdentityUnavailableError, UnauthenticatedError } from '../errors';
import { makeIdentity, type Authenticator, type Identity } from './identity';
import { tokenKey } from './secrets';

/** Fernet, JWS and UUID tokens are all visible ASCII; anything else cannot be a token (and is not sent on). */
const TOKEN_SHAPE = /^[\x21-\x7e]{1,8192}$/;
const INVALID_TOKEN = 'The token is invalid or expired';

/** What a validated token says: its scope, user and roles. */
interface Validated {
  /** The project it is scoped to; null for a system- (or otherwise not project-) scoped token. */
  projectId: string | null;
  /** Scoped to the whole deployment (`"system": {"all": true}`). */
  system: boolean;
  userId: string | null;
  roles: string[];
  /** The token's expires_at, in ms since the epoch. */
  expiresAt: number;
}

interface ServiceToken {
  value: string;
  /** When to obtain a new one, ahead of its expiry. */
  renewAt: number;
}

interface TokenBody {
  token?: {
    expires_at?: unknown;
    project?: { id?: unknown } | null;
    system?: { all?: unknown } | null;
    user?: { id?: unknown } | null;
    roles?: unknown;
  };
}

const stringOr = (value: unknown, fallback: string | null): string | null =>
  typeof value === 'string' && value ? value : fallback;

/** What a validated token (Keystone's GET /v3/auth/tokens body) says. */
function grantOf(body: TokenBody): Validated {
  const token = body.token;
  const expiresAt = typeof token?.expires_at === 'string' ? Date.parse(token.expires_at) : NaN;
  if (!token || !Number.isFinite(expiresAt)) {
    throw new IdentityUnavailableError('The identity service (Keystone) gave an answer that is not a token');
  }
  if (expiresAt <= Date.now()) throw new UnauthenticatedError(INVALID_TOKEN);
  const roles = Array.isArray(token.roles)
    ? token.roles
        .map((role: { name?: unknown } | null) => role?.name)
        .filter((name): name is string => typeof name === 'string')
    : [];
  return {
    projectId: stringOr(token.project?.id, null),
    system: token.system?.all === true,
    userId: stringOr(token.user?.id, null),
    roles,
    expiresAt,
  };
}

/**
 * The identity of a user token: a project-scoped token is that project with its roles; a system-scoped token is
 * no project's, with its roles (what it may do is the policy's: `system_admin`, `system_reader`; as in every
 * OpenStack service, a system token without those roles is authenticated and then refused by the rules, FORBIDDEN,
 * except where a rule allows everyone); any other scope (a domain) is refused.
 */
function userIdentity(grant: Validated): Identity {
  if (grant.projectId) return makeIdentity(grant.projectId, grant.userId, grant.roles);
  if (grant.system) return makeIdentity(null, grant.userId, grant.roles);
  throw new UnauthenticatedError('The token is not scoped to a project: use a project-scoped token');
}

/** keystonemiddleware's service_token_roles: the role a service token needs to mark a request as a service's. */
const SERVICE_TOKEN_ROLE = 'service';

/** Talks to Keystone's identity API v3 as keystonemiddleware does: a service token validates user tokens. */
class KeystoneClient {
  private serviceToken: ServiceToken | undefined;
  private renewing: Promise<string> | undefined;

  constructor(
    private readonly settings: KeystoneConfig,
    private readonly logger: Logger,
  ) {}

  /** GET /v3/auth/tokens with our token in X-Auth-Token and the caller's in X-Subject-Token. */
  async validate(userToken: string): Promise<Validated> {
    const check = (serviceToken: string) =>
      this.request('GET', { 'x-auth-token': serviceToken, 'x-subject-token': userToken });
    let serviceToken = await this.currentServiceToken();
    let response = await check(serviceToken);
    if (response.status === 401 && this.settings.password) {
      // Our token expired or was revoked before we renewed it: obtain a new one and try once more.
      this.logger.info('Keystone refused the service token; obtaining a new one');
      serviceToken = await this.renewServiceToken(serviceToken);
      response = await check(serviceToken);
    }
    // 404: unknown, expired or revoked; 400: not even shaped like a token. Either way the caller's token.
    if (response.status === 404 || response.status === 400) {
      await response.body?.cancel();
      throw new UnauthenticatedError(INVALID_TOKEN);
    }
    if (response.status !== 200) {
      const credentials = response.status === 401 || response.status === 403;
      this.logger.error(
        { status: response.status, keystone: await this.excerpt(response) },
        credentials
          ? 'Keystone refused to validate tokens with our service credentials (KEYSTONE_* settings, or the role the token validation policy needs)'
          : 'Keystone answered an error while validating a token',
      );
      throw new IdentityUnavailableError();
    }
    return grantOf((await this.json(response)) as TokenBody);
  }

  private async currentServiceToken(): Promise<string> {
    if (this.settings.serviceToken) return this.settings.serviceToken;
    const held = this.serviceToken;
    if (held && held.renewAt > Date.now()) return held.value;
    return this.renewServiceToken(held?.value);
  }

  /** A new service token, obtained once for all the requests that found `stale` refused or expiring. */
  private renewServiceToken(stale: string | undefined): Promise<string> {
    const held = this.serviceToken;
    if (held && held.value !== stale && held.renewAt > Date.now()) return Promise.resolve(held.value);
    this.renewing ??= this.obtainServiceToken().finally(() => {
      this.renewing = undefined;
    });
    return this.renewing;
  }

  /** POST /v3/auth/tokens with the service user's password, scoped to the service project. */
  private async obtainServiceToken(): Promise<string> {
    const auth = this.settings.password!;
    const response = await this.request(
      'POST',
      { 'content-type': 'application/json' },
      JSON.stringify({
        auth: {
          identity: {
            methods: ['password'],
            password: {
              user: { name: auth.username, domain: { name: auth.userDomainName }, password: auth.password },
            },
          },
          scope: { project: { name: auth.projectName, domain: { name: auth.projectDomainName } } },
        },
      }),
    );
    const value = response.headers.get('x-subject-token');
    if (response.status !== 201 || !value) {
      this.logger.error(
        { status: response.status, keystone: await this.excerpt(response), user: auth.username },
        'Keystone refused the service credentials (KEYSTONE_USERNAME, KEYSTONE_PASSWORD, KEYSTONE_PROJECT_NAME): no token can be validated',
      );
      throw new IdentityUnavailableError();
    }
    const body = (await this.json(response)) as TokenBody;
    const expiresAt = typeof body.token?.expires_at === 'string' ? Date.parse(body.token.expires_at) : NaN;
    const now = Date.now();
    // Renew a minute early (or halfway, for short-lived tokens); without expires_at, when Keystone says so.
    const renewAt = Number.isFinite(expiresAt)
      ? expiresAt - Math.min(60_000, (expiresAt - now) / 2)
      : Number.POSITIVE_INFINITY;
    this.serviceToken = { value, renewAt };
    this.logger.info('obtained a Keystone service token');
    return value;
  }

  private async request(method: 'GET' | 'POST', headers: Record<string, string>, body?: string) {
    try {
      return await fetch(`${this.settings.url}/auth/tokens?nocatalog`, {
        method,
        headers: { accept: 'application/json', ...headers },
        body,
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      throw this.unreachable(error);
    }
  }

  private async json(response: Response): Promise<unknown> {
    try {
      return await response.json();
    } catch (error) {
      throw this.unreachable(error);
    }
  }

  /** The start of an error answer, for the log (Keystone's error bodies name the problem, never a token). */
  private async excerpt(response: Response): Promise<string> {
    return (await response.text().catch(() => '')).slice(0, 300);
  }

  private unreachable(error: unknown): IdentityUnavailableError {
    const cause = error instanceof Error ? ((error.cause as Error | undefined) ?? error) : undefined;
    this.logger.warn(
      { url: this.settings.url, error: cause ? `${cause.name}: ${cause.message}` : String(error) },
      'Keystone is unreachable or answered garbage (KEYSTONE_URL, KEYSTONE_TIMEOUT_MS)',
    );
    return new IdentityUnavailableError();
  }
}

/**
 * AUTH_MODE=keystone: `X-Auth-Token` validated by Keystone, and `X-Service-Token` when sent (as keystonemiddleware:
 * a service calling on a user's behalf sends both; an invalid service token refuses the request, and a valid one
 * with the `service` role marks it as a trusted service's, with the user token's project, user and roles). A
 * validated token is cached (by a hash of the token) for KEYSTONE_CACHE_SECONDS but never past the token's
 * expiry, in at most KEYSTONE_CACHE_SIZE entries; concurrent requests with the same new token share one
 * validation.
 */
export function keystoneAuthenticator(settings: KeystoneConfig, logger: Logger): Authenticator {
  const client = new KeystoneClient(settings, logger);
  const cache = new LRUCache<string, Validated>({ max: settings.cacheSize });
  const pending = new Map<string, Promise<Validated>>();

  const validated = (token: string): Promise<Validated> => {
    if (!TOKEN_SHAPE.test(token)) return Promise.reject(new UnauthenticatedError(INVALID_TOKEN));
    const key = tokenKey(token);
    const cached = cache.get(key);
    if (cached) return Promise.resolve(cached);
    let validation = pending.get(key);
    if (!validation) {
      validation = client
        .validate(token)
        .then((grant) => {
          const ttl = Math.floor(Math.min(settings.cacheSeconds * 1000, grant.expiresAt - Date.now()));
          if (ttl > 0) cache.set(key, grant, { ttl });
          return grant;
        })
        .finally(() => pending.delete(key));
      pending.set(key, validation);
    }
    return validation;
  };

  return async ({ headers }) => {
    const token = headers['x-auth-token'];
    if (typeof token !== 'string' || !token) {
      throw new UnauthenticatedError('X-Auth-Token header is required');
    }
    const serviceToken = headers['x-service-token'];
    if (serviceToken === undefined) return userIdentity(await validated(token));
    if (typeof serviceToken !== 'string' || !serviceToken) {
      throw new UnauthenticatedError('The service token (X-Service-Token) is invalid or expired');
    }
    const [user, service] = await Promise.all([
      validated(token).then(userIdentity),
      validated(serviceToken).catch((error: unknown) => {
        throw error instanceof UnauthenticatedError
          ? new UnauthenticatedError('The service token (X-Service-Token) is invalid or expired')
          : error;
      }),
    ]);
    if (!service.roles.includes(SERVICE_TOKEN_ROLE)) {
      // keystonemiddleware with service_token_roles_required=false: accepted, but not a service's request.
      logger.warn(
        { serviceUser: service.userId, roles: service.roles },
        `a service token without the ${SERVICE_TOKEN_ROLE} role: the request is not marked as a service's`,
      );
      return user;
    }
    return { ...user, isService: true };
  };
}
