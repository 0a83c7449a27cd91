import { CATALOG_NODE_TYPES } from '../../common/changes';
import type { Identity } from '../../common/identity/identity';

/** Node types only admins see the changes of (the service's own vocabulary; discovery keys may be private). */
const ADMIN_ONLY_TYPES = ['ResourceType', 'DiscoveredProperty'];

/**
 * The conditions (on `change_log c`) keeping the records `identity` may see, as `changes` and `history` list them;
 * none for an admin. `p` adds a parameter and names it.
 */
export function visibleTo(identity: Identity, p: (value: unknown) => string): string[] {
  if (identity.isAdmin) return [];
  const project = p(identity.projectId ?? '');
  return [
    `(c.node_type IN ('Trait', 'ResourceProvider')
        OR (c.node_type = ANY(${p(CATALOG_NODE_TYPES)}) AND (c.public OR c.owner = ${project}
            OR (c.before ->> 'public')::boolean OR c.before ->> 'owner' = ${project}))
        OR (c.node_type = 'Resource' AND c.project = ${project}))`,
    `c.node_type <> ALL(${p(ADMIN_ONLY_TYPES)})`,
  ];
}
