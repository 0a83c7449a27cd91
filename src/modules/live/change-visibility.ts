import { CATALOG_NODE_TYPES } from '../../common/changes';
import type { Viewer } from '../../common/policy/engine';

/** Node types whose changes `get_vocabulary_changes` guards (the service's own vocabulary; discovery keys may be private). */
const VOCABULARY_TYPES = ['ResourceType', 'DiscoveredProperty'];

/**
 * The conditions (on `change_log c`) keeping the records `viewer` may see, as `changes` and `history` list them:
 * the rules that decide who sees the nodes, on each record's state after and before its change; none when they
 * let the viewer see everything. `p` adds a parameter and names it.
 */
export function visibleTo(viewer: Viewer, p: (value: unknown) => string): string[] {
  const { identity, policy } = viewer;
  const namespaceIn = (state: string, owner: string, isPublic: string) =>
    policy.sqlFilter(identity, 'get_metadef_namespace', {
      columns: {
        project_id: owner,
        owner,
        visibility: `(CASE WHEN ${isPublic} THEN 'public' ELSE 'private' END)`,
      },
      nullable: ['project_id', 'owner'],
      param: p,
    }) + (state === 'before' ? ` AND c.before IS NOT NULL` : '');
  const catalog = `(${namespaceIn('now', 'c.owner', 'c.public')}) OR (${namespaceIn(
    'before',
    "c.before ->> 'owner'",
    "coalesce((c.before ->> 'public')::boolean, false)",
  )})`;
  const resource = policy.sqlFilter(identity, 'get_resource', {
    columns: { project_id: 'c.project' },
    nullable: ['project_id'],
    param: p,
  });
  const vocabulary = policy.allows(identity, 'get_vocabulary_changes');
  // Traits' and providers' changes: all of them, or none, as their list rules say (Placement's names).
  const placement = [
    ...(policy.allows(identity, 'placement:traits:list') ? ['Trait'] : []),
    ...(policy.allows(identity, 'placement:resource_providers:list') ? ['ResourceProvider'] : []),
  ];
  const open = catalog.startsWith('(TRUE)') && resource === 'TRUE' && vocabulary && placement.length === 2;
  if (open) return [];
  return [
    `(c.node_type = ANY(${p(placement)})
        OR (c.node_type = ANY(${p(CATALOG_NODE_TYPES)}) AND (${catalog}))
        OR (c.node_type = 'Resource' AND (${resource})))`,
    ...(vocabulary ? [] : [`c.node_type <> ALL(${p(VOCABULARY_TYPES)})`]),
  ];
}
