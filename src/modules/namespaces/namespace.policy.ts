import type { SelectQueryBuilder, ObjectLiteral } from 'typeorm';
import type { Context } from '../../common/context';
import { ForbiddenError } from '../../common/errors';
import type { Identity } from '../../common/identity/identity';
import { Visibility } from '../../common/visibility';
import type { Namespace } from './namespace.entity';

/**
 * Who sees and who writes definitions (API.md, "Who may write definitions"): a private namespace exists only
 * for its owner project and admins; only admins write, unless METADEF_PROJECT_WRITES lets a project write
 * the namespaces it owns.
 */
export function restrictToVisible<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  alias: string,
  identity: Identity,
): SelectQueryBuilder<T> {
  if (identity.isAdmin) return query;
  return query.andWhere(`(${alias}.visibility = :publicVisibility OR ${alias}.owner = :viewerProject)`, {
    publicVisibility: Visibility.PUBLIC,
    viewerProject: identity.projectId,
  });
}

export function canSee(identity: Identity, namespace: Pick<Namespace, 'visibility' | 'owner'>): boolean {
  return (
    identity.isAdmin || namespace.visibility === Visibility.PUBLIC || namespace.owner === identity.projectId
  );
}

export function assertCanWrite(ctx: Context, namespace: Namespace): void {
  if (ctx.identity.isAdmin) return;
  if (!ctx.config.catalog.projectWrites) {
    throw new ForbiddenError('Only admins may change metadata definitions');
  }
  if (namespace.owner !== ctx.identity.projectId) {
    throw new ForbiddenError(`Namespace "${namespace.name}" belongs to another project`);
  }
}

export function assertCanCreate(ctx: Context, owner: string): void {
  if (ctx.identity.isAdmin) return;
  if (!ctx.config.catalog.projectWrites) {
    throw new ForbiddenError('Only admins may create metadata definitions');
  }
  if (owner !== ctx.identity.projectId) {
    throw new ForbiddenError('Only admins may create namespaces owned by another project');
  }
}

/** `protected` blocks deleting the namespace and anything inside it (adding and editing stay allowed). */
export function assertNotProtected(namespace: Namespace, what: string): void {
  if (namespace.protected) {
    throw new ForbiddenError(
      `Namespace "${namespace.name}" is protected: ${what} cannot be deleted until protected is set to false`,
    );
  }
}

/**
 * Per-namespace quotas of non-admin writers (API.md: properties, objects and tags per namespace): FORBIDDEN
 * naming the quota's environment variable when `existing + adding` would exceed `limit`. `existing` must be
 * counted while holding the namespace's row lock (`namespaceService.requireWritable`; a namespace being created
 * is not visible to anyone else yet), so that concurrent writers count one after the other.
 */
export function assertWithinQuota(
  ctx: Context,
  namespace: Namespace,
  quota: { what: string; env: string; limit: number },
  existing: number,
  adding: number,
): void {
  if (ctx.identity.isAdmin || adding <= 0) return;
  if (existing + adding > quota.limit) {
    throw new ForbiddenError(
      `Quota exceeded: namespace "${namespace.name}" would hold ${existing + adding} ${quota.what} (${quota.env} = ${quota.limit})`,
    );
  }
}
