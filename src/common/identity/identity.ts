import type { IncomingHttpHeaders } from 'node:http';
import { InputError } from '../errors';

/** Who is asking: the project they act for, the user, and their roles (as keystonemiddleware hands them over). */
export interface Identity {
  /**
   * The project they act for; null for a system-scoped Keystone token (with the admin role, an admin of the whole
   * cloud, who acts across projects and names the project of what they create; with the reader role, one who reads
   * across projects).
   */
  projectId: string | null;
  userId: string | null;
  /** Its roles; what they allow is the policy's to say (src/common/policy, docs/identity.md). */
  roles: readonly string[];
  /** The request carries a service token with the service role (the policy's `service_roles:service`). */
  isService: boolean;
}

export function makeIdentity(
  projectId: string | null,
  userId: string | null,
  roles: readonly string[],
): Identity {
  const normalized = [...new Set(roles.map((role) => role.trim()).filter(Boolean))];
  return {
    projectId,
    userId,
    roles: normalized,
    isService: normalized.includes('service'),
  };
}

/**
 * The project a write acts for: the one it names (`given`), else the caller's. A caller without a project (a
 * system-scoped admin) must name it: BAD_USER_INPUT on `field` otherwise.
 */
export function projectFor(identity: Identity, given: string | null | undefined, field: string): string {
  const project = given ?? identity.projectId;
  if (project === null) {
    throw new InputError(field, 'required: a system-scoped token acts for no project, so name the project');
  }
  return project;
}

/** What the HTTP layer knows of a request that identity may depend on. */
export interface RequestInfo {
  headers: IncomingHttpHeaders;
  /** The peer's address (the proxy's, behind one); absent for in-process calls such as tests. */
  remoteAddress?: string;
}

/** Who sent a request. A function of the request alone, so that any transport (HTTP, WebSocket) can use it. */
export type Authenticator = (request: RequestInfo) => Promise<Identity>;
