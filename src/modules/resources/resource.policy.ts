import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { Viewer } from '../../common/policy/engine';
import { definePolicies } from '../../common/policy/rule';

/**
 * Who sees and who changes resources (their tags and properties too): the rules below, on the resource's project
 * (`project_id`). A resource the caller may not see does not exist for them (NOT_FOUND, null, not in lists);
 * one they see but may not change is FORBIDDEN naming `update_resource`.
 */
export const RESOURCE_POLICIES = definePolicies([
  {
    name: 'get_resource',
    check: 'rule:context_is_admin or rule:system_reader or rule:project_reader',
    description: "See a resource, its tags and properties, its changes and its project's tag usage.",
    operations: ['resource', 'resources', 'tagUsage', 'changes', 'resourceChanged'],
    upstream: [
      'Nova os_compute_api:servers:show',
      'Nova os_compute_api:os-server-tags:index',
      'Nova os_compute_api:os-server-tags:show',
    ],
  },
  {
    name: 'create_resource',
    check: 'rule:context_is_admin or rule:project_member',
    description: "Create a resource in project_id (the caller's unless they name another).",
    operations: ['createResource'],
    upstream: ['Nova os_compute_api:servers:create'],
  },
  {
    name: 'update_resource',
    check: 'rule:context_is_admin or rule:project_member',
    description: 'Change or delete a resource: its name, tags and properties.',
    operations: [
      'updateResource',
      'deleteResource',
      'addResourceTag',
      'removeResourceTag',
      'setResourceTags',
      'removeAllResourceTags',
      'setResourceProperties',
    ],
    upstream: [
      'Nova os_compute_api:servers:update',
      'Nova os_compute_api:servers:delete',
      'Nova os_compute_api:os-server-tags:update',
      'Nova os_compute_api:os-server-tags:update_all',
      'Nova os_compute_api:os-server-tags:delete',
      'Nova os_compute_api:os-server-tags:delete_all',
    ],
  },
]);

/** `get_resource` as a SQL condition on resources aliased `alias`. */
export function restrictToVisibleResources<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  alias: string,
  viewer: Viewer,
): SelectQueryBuilder<T> {
  const params: Record<string, string> = {};
  const condition = viewer.policy.sqlFilter(viewer.identity, 'get_resource', {
    columns: { project_id: `${alias}.project_id` },
    param: (value) => {
      const name = `${alias}_policy${Object.keys(params).length}`;
      params[name] = value;
      return `:${name}`;
    },
  });
  return condition === 'TRUE' ? query : query.andWhere(`(${condition})`, params);
}
