import type { IncomingHttpHeaders } from 'node:http';
import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import { UnauthenticatedError } from '../errors';
import { makeIdentity, type Authenticator, type RequestInfo } from './identity';
import { keystoneAuthenticator } from './keystone';
import { createProxyCheck } from './proxy-trust';

export type { Authenticator, RequestInfo } from './identity';

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const splitRoles = (raw: string | undefined): string[] => (raw ? raw.split(',') : []);

/**
 * AUTH_MODE=none: local use; everyone is an admin of project `default`: one identity, made once (what is decided
 * per identity, such as its policy audience, is then decided once).
 */
const NONE_IDENTITY = makeIdentity('default', 'local', ['admin']);
Object.freeze(NONE_IDENTITY.roles);
Object.freeze(NONE_IDENTITY);
const noneAuthenticator: Authenticator = async () => NONE_IDENTITY;

/**
 * AUTH_MODE=noauth2, the OpenStack services' no-Keystone mode (Placement's and Nova's functional tests, devstack
 * without Keystone), as placement/auth.py's NoAuthMiddleware reads a request: `X-Auth-Token` is required and is
 * `user[:project]`; the user `admin` is an admin, anyone else has the roles of `X-Roles`. `X-Project-Id` and
 * `X-User-Id`, as keystonemiddleware would set them, win over the token's parts; `OpenStack-System-Scope: all`
 * is a system scope (no project's, with its roles: the policy's system_admin or system_reader, as a Keystone
 * system token).
 * Believes the caller: loopback only unless AUTH_NONE_ALLOW_REMOTE (config/auth.ts).
 */
const noauth2Authenticator: Authenticator = async ({ headers }) => {
  const token = header(headers, 'x-auth-token')?.trim();
  if (!token) {
    throw new UnauthenticatedError(
      'X-Auth-Token is required (AUTH_MODE=noauth2: "admin", or user[:project])',
    );
  }
  const [tokenUser, tokenProject] = token.split(':', 2);
  const roles = splitRoles(header(headers, 'x-roles'));
  if (tokenUser === 'admin') roles.push('admin');
  const userId = header(headers, 'x-user-id')?.trim() || tokenUser;
  if (header(headers, 'openstack-system-scope')?.trim().toLowerCase() === 'all') {
    return makeIdentity(null, userId, roles);
  }
  const projectId = header(headers, 'x-project-id')?.trim() || tokenProject || tokenUser;
  return makeIdentity(projectId, userId, roles);
};

/**
 * AUTH_MODE=headers: an authenticating proxy in front of us sets the identity headers. They are believed only
 * from that proxy (AUTH_PROXY_SECRET, AUTH_TRUSTED_PROXIES); anyone else is refused and logged.
 */
function headersAuthenticator(config: Config, logger: Logger): Authenticator {
  const refusal = createProxyCheck(config.auth.proxy);
  return async (request) => {
    const reason = refusal(request);
    if (reason) {
      logger.warn(
        { remoteAddress: request.remoteAddress, reason },
        'identity headers refused: the request did not come through the trusted proxy',
      );
      throw new UnauthenticatedError('Identity headers are accepted only from the authenticating proxy');
    }
    const { headers } = request;
    const projectId = header(headers, 'x-project-id')?.trim();
    if (!projectId) throw new UnauthenticatedError('X-Project-Id header is required');
    return makeIdentity(
      projectId,
      header(headers, 'x-user-id')?.trim() || null,
      splitRoles(header(headers, 'x-roles')),
    );
  };
}

function rolesClaim(payload: JWTPayload): string[] {
  const roles = payload.roles;
  if (Array.isArray(roles)) return roles.filter((role): role is string => typeof role === 'string');
  if (typeof roles === 'string') return splitRoles(roles);
  return [];
}

function jwtAuthenticator(config: Config): Authenticator {
  const key: Uint8Array | JWTVerifyGetKey = config.auth.jwt.jwksUrl
    ? createRemoteJWKSet(new URL(config.auth.jwt.jwksUrl))
    : new TextEncoder().encode(config.auth.jwt.secret);
  return async ({ headers }) => {
    const authorization = header(headers, 'authorization');
    const match = authorization?.match(/^Bearer\s+(\S+)$/i);
    if (!match) throw new UnauthenticatedError('A bearer token is required (Authorization: Bearer …)');
    let payload: JWTPayload;
    try {
      const verified = await jwtVerify(match[1], key as Uint8Array, {
        issuer: config.auth.jwt.issuer,
        audience: config.auth.jwt.audience,
      });
      payload = verified.payload;
    } catch (error) {
      const reason =
        error instanceof Error && 'code' in error ? String((error as { code: unknown }).code) : 'invalid';
      throw new UnauthenticatedError(`Invalid token (${reason})`);
    }
    const projectId = typeof payload.project_id === 'string' ? payload.project_id : undefined;
    if (!projectId) throw new UnauthenticatedError('The token has no project_id claim');
    return makeIdentity(projectId, typeof payload.sub === 'string' ? payload.sub : null, rolesClaim(payload));
  };
}

export function createAuthenticator(config: Config, logger: Logger): Authenticator {
  switch (config.auth.mode) {
    case 'none':
      return noneAuthenticator;
    case 'headers':
      return headersAuthenticator(config, logger);
    case 'jwt':
      return jwtAuthenticator(config);
    case 'keystone':
      return keystoneAuthenticator(config.auth.keystone!, logger);
    case 'noauth2':
      return noauth2Authenticator;
  }
}

/** The credentials a browser may put in graphql-ws's `connection_init` payload (it cannot set upgrade headers). */
const INIT_PAYLOAD_CREDENTIALS: Partial<Record<Config['auth']['mode'], string[]>> = {
  jwt: ['authorization'],
  keystone: ['x-auth-token', 'x-service-token'],
  noauth2: ['x-auth-token'],
};

/**
 * The request a WebSocket connection authenticates as: the upgrade request's headers and peer address, plus,
 * with AUTH_MODE=jwt or keystone, the token from the `connection_init` payload (keys matched case-insensitively:
 * `{"Authorization": "Bearer …"}` or `{"X-Auth-Token": "…"}`, with keystone also `{"X-Service-Token": "…"}`; a payload value wins over the upgrade header).
 * With AUTH_MODE=headers the identity headers count only on the upgrade request, which is what the trusted
 * proxy sees and sets: a payload cannot claim an identity.
 */
export function webSocketRequest(
  authMode: Config['auth']['mode'],
  upgrade: RequestInfo,
  payload: Record<string, unknown> | undefined,
): RequestInfo {
  const allowed = INIT_PAYLOAD_CREDENTIALS[authMode] ?? [];
  const headers: IncomingHttpHeaders = { ...upgrade.headers };
  for (const [key, value] of Object.entries(payload ?? {})) {
    const name = key.toLowerCase();
    if (allowed.includes(name) && typeof value === 'string') headers[name] = value;
  }
  return { headers, remoteAddress: upgrade.remoteAddress };
}
