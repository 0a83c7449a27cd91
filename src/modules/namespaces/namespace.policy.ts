import type { SelectQueryBuilder, ObjectLiteral } from 'typeorm';
import type { Context } from '../../common/context';
import { ForbiddenError } from '../../common/errors';
import type { PolicyRecord } from '../../common/policy/check-string';
import type { Viewer } from '../../common/policy/engine';
import { definePolicies } from '../../common/policy/rule';
import { Visibility } from '../../common/visibility';
import type { Namespace } from './namespace.entity';

/**
 * Every write in a namespace is its own rule, under Glance's name (glance/policies/metadef.py), each defaulting to
 * `rule:metadef_admin` (Glance's structure) or, ours, the owner project's members where projects write
 * (`rule:metadef_project_writer`): an operator overrides one operation, or all through those two.
 */
const METADEF_WRITE = 'rule:metadef_admin or rule:metadef_project_writer';
const metadefWrite = <const N extends string>(
  name: N,
  description: string,
  operations: readonly string[],
) => ({
  name,
  check: METADEF_WRITE,
  description,
  operations,
  upstream: [`Glance ${name}`],
});

/**
 * Who sees and who writes definitions: the rules below (docs/identity.md, Policy), asked by name. A private
 * namespace exists only for those `get_metadef_namespace` lets see it (NOT_FOUND for anyone else, whatever they
 * would have asked); what a visible namespace's writers may do is its write rules' (one per operation,
 * FORBIDDEN naming the rule). METADEF_PROJECT_WRITES is the target's `project_writes`.
 */
export const NAMESPACE_POLICIES = definePolicies([
  {
    name: 'get_metadef_namespace',
    check: "rule:context_is_admin or rule:system_reader or 'public':%(visibility)s or rule:project_reader",
    description:
      "See a namespace and everything in it (its properties, objects, tags, the resource types it registers, its changes); a private one's owner project (project_id), an admin or a system reader.",
    operations: [
      'namespace(s)',
      'properties',
      'objects',
      'tags',
      'resourceTypes',
      'searchProperties',
      'changes',
    ],
    upstream: [
      'Glance get_metadef_namespace',
      'Glance get_metadef_namespaces',
      'Glance get_metadef_property(ies)',
      'Glance get_metadef_object(s)',
      'Glance get_metadef_tag(s)',
    ],
  },
  {
    name: 'metadef_admin',
    check: 'rule:context_is_admin',
    description:
      "Writes every namespace's definitions, whoever owns it: each write rule's first half by default.",
    operations: ['every write in a namespace'],
    upstream: ['Glance metadef_admin'],
  },
  {
    name: 'metadef_project_writer',
    check: "rule:project_member and 'True':%(project_writes)s",
    description:
      "A member of the namespace's owner project, where METADEF_PROJECT_WRITES lets projects write the namespaces they own.",
    operations: ['writes in a namespace by its owner project'],
  },
  metadefWrite('add_metadef_namespace', 'Create a namespace owned by project_id (with what it holds).', [
    'createNamespace',
  ]),
  metadefWrite('modify_metadef_namespace', "Change a namespace's fields.", ['updateNamespace']),
  metadefWrite('delete_metadef_namespace', 'Delete a namespace with everything in it.', [
    'deleteNamespace',
    'deleteNode of a Namespace',
  ]),
  metadefWrite('add_metadef_property', 'Create a property in a namespace.', ['createProperty']),
  metadefWrite('modify_metadef_property', 'Change a property of a namespace.', ['updateProperty']),
  metadefWrite('remove_metadef_property', 'Delete a property of a namespace, or all of them.', [
    'deleteProperty',
    'deleteAllProperties',
    'deleteNode of a Property',
  ]),
  metadefWrite('add_metadef_object', 'Create an object in a namespace.', ['createObject']),
  metadefWrite('modify_metadef_object', 'Change an object of a namespace (its properties too).', [
    'updateObject',
  ]),
  metadefWrite('delete_metadef_object', 'Delete an object of a namespace, or all of them.', [
    'deleteObject',
    'deleteAllObjects',
    'deleteNode of an Object',
  ]),
  metadefWrite('add_metadef_tag', 'Create a tag in a namespace.', ['createTag']),
  metadefWrite('add_metadef_tags', 'Create several tags in a namespace (replacing them unless appending).', [
    'createTags',
  ]),
  metadefWrite('modify_metadef_tag', 'Rename a tag of a namespace.', ['updateTag']),
  metadefWrite('delete_metadef_tag', 'Delete a tag of a namespace.', ['deleteTag', 'deleteNode of a Tag']),
  metadefWrite('delete_metadef_tags', 'Delete every tag of a namespace.', ['deleteAllTags']),
  metadefWrite('add_metadef_resource_type_association', 'Associate a namespace with a resource type.', [
    'associateResourceType',
  ]),
  metadefWrite('remove_metadef_resource_type_association', 'Dissociate a namespace from a resource type.', [
    'dissociateResourceType',
  ]),
  {
    name: 'transfer_metadef_namespace',
    check: 'rule:context_is_admin',
    description: 'Give a namespace to another project (change its owner).',
    operations: ['updateNamespace(input: { owner })'],
  },
  {
    name: 'metadef_quota_exempt',
    check: 'rule:context_is_admin',
    description: 'Write beyond the METADEF_*_PER_* quotas.',
    operations: ['every write in a namespace'],
  },
]);

/** A namespace as the rules' target. */
export function namespaceTarget(
  ctx: Pick<Context, 'config'> | undefined,
  namespace: Pick<Namespace, 'visibility'> & { owner: string | null },
): PolicyRecord {
  return {
    project_id: namespace.owner,
    owner: namespace.owner,
    visibility: namespace.visibility,
    project_writes: ctx?.config.catalog.projectWrites ?? false,
  };
}

/** `get_metadef_namespace` as a SQL condition on namespaces aliased `alias`. */
export function restrictToVisible<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  alias: string,
  viewer: Viewer,
): SelectQueryBuilder<T> {
  const params: Record<string, string> = {};
  const condition = viewer.policy.sqlFilter(viewer.identity, 'get_metadef_namespace', {
    columns: { project_id: `${alias}.owner`, owner: `${alias}.owner`, visibility: `${alias}.visibility` },
    param: (value) => {
      const name = `${alias}_policy${Object.keys(params).length}`;
      params[name] = value;
      return `:${name}`;
    },
  });
  if (condition === 'TRUE') return query;
  return query.andWhere(`(${condition})`, params);
}

export function canSee(viewer: Viewer, namespace: Pick<Namespace, 'visibility' | 'owner'>): boolean {
  return viewer.policy.allows(
    viewer.identity,
    'get_metadef_namespace',
    namespaceTarget(undefined, namespace),
  );
}

/** The rules deciding a write in an existing namespace (one per operation, Glance's names). */
export type MetadefWriteRule = Exclude<
  (typeof NAMESPACE_POLICIES)[number]['name'],
  | 'get_metadef_namespace'
  | 'metadef_admin'
  | 'metadef_project_writer'
  | 'add_metadef_namespace'
  | 'transfer_metadef_namespace'
  | 'metadef_quota_exempt'
>;

/** FORBIDDEN naming `rule` unless it lets the caller make this write in `namespace`. */
export function assertCanWrite(ctx: Context, namespace: Namespace, rule: MetadefWriteRule): void {
  ctx.policy.enforce(
    ctx.identity,
    rule,
    namespaceTarget(ctx, namespace),
    `changing namespace "${namespace.name}"`,
  );
}

/** `owner` null: a system-scoped caller who named no project (asked first: only one it allows must name one). */
export function assertCanCreate(ctx: Context, owner: string | null): void {
  ctx.policy.enforce(
    ctx.identity,
    'add_metadef_namespace',
    namespaceTarget(ctx, { owner, visibility: Visibility.PRIVATE }),
    owner === null ? 'creating a namespace' : `creating a namespace owned by project "${owner}"`,
  );
}

/** Whether quotas bind the caller (`metadef_quota_exempt`). */
export const quotaExempt = (ctx: Context): boolean => ctx.policy.allows(ctx.identity, 'metadef_quota_exempt');

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
  if (adding <= 0 || quotaExempt(ctx)) return;
  if (existing + adding > quota.limit) {
    throw new ForbiddenError(
      `Quota exceeded: namespace "${namespace.name}" would hold ${existing + adding} ${quota.what} (${quota.env} = ${quota.limit})`,
    );
  }
}
