import { SignJWT } from 'jose';
import type { KeystoneStandIn } from './keystone-stand-in';

/**
 * The identities of the identity matrix (over HTTP and over subscriptions): an admin, a member and a reader of
 * the project that owns a private namespace, a member of another project and a service; and how each AUTH_MODE
 * carries them.
 */
export type Role = 'admin' | 'owner' | 'reader' | 'other' | 'service';
export const OWNER = 'owner-project';
export const WHO: Record<Role, { project: string; user: string; roles: string[] }> = {
  admin: { project: 'admin-project', user: 'alice', roles: ['admin', 'member'] },
  owner: { project: OWNER, user: 'olivia', roles: ['member'] },
  /** A reader of the owner project: sees what its members see, changes nothing. */
  reader: { project: OWNER, user: 'rita', roles: ['reader'] },
  other: { project: 'other-project', user: 'mallory', roles: ['member'] },
  service: { project: 'service-project', user: 'nova', roles: ['service'] },
};
export const ROLES = Object.keys(WHO) as Role[];

export const JWT_SECRET = 'a-test-secret-of-enough-length-1234567890';
export const PROXY_SECRET = 'proxy-secret-0123456789abcdef';

/** AUTH_MODE=headers: what the authenticating proxy sets. */
export const proxyHeaders = async (role: Role): Promise<Record<string, string>> => ({
  'x-proxy-secret': PROXY_SECRET,
  'x-project-id': WHO[role].project,
  'x-user-id': WHO[role].user,
  'x-roles': WHO[role].roles.join(','),
});

/** AUTH_MODE=jwt: a bearer token signed with JWT_SECRET. */
export const jwtHeaders = async (role: Role): Promise<Record<string, string>> => {
  const token = await new SignJWT({ project_id: WHO[role].project, roles: WHO[role].roles })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(WHO[role].user)
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(JWT_SECRET));
  return { authorization: `Bearer ${token}` };
};

/** AUTH_MODE=keystone: a token the stand-in issued. */
export const keystoneHeaders = (keystone: KeystoneStandIn, role: Role): Record<string, string> => ({
  'x-auth-token': keystone.issue({
    projectId: WHO[role].project,
    userId: WHO[role].user,
    roles: WHO[role].roles,
  }),
});
