/** Who is asking: the project they act for, the user, and their roles (as keystonemiddleware hands them over). */
export interface Identity {
  projectId: string;
  userId: string | null;
  roles: readonly string[];
  isAdmin: boolean;
  /** A trusted service (e.g. a scheduler reporting traits). */
  isService: boolean;
}

export function makeIdentity(projectId: string, userId: string | null, roles: readonly string[]): Identity {
  const normalized = [...new Set(roles.map((role) => role.trim()).filter(Boolean))];
  return {
    projectId,
    userId,
    roles: normalized,
    isAdmin: normalized.includes('admin'),
    isService: normalized.includes('service'),
  };
}
