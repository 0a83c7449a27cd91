import { defineModule } from '../../common/module';
import { definePolicies } from '../../common/policy/rule';
import { createChangesResolvers } from './changes.resolver';
import { createLiveResolvers } from './live.resolver';

/**
 * The change log as the API shows it: subscriptions (change events, with the changed node as each subscriber may
 * see it, resumable), `changes` and every node type's `history`.
 */
export const liveModule = defineModule({
  name: 'live',
  policies: definePolicies([
    {
      name: 'get_vocabulary_changes',
      check: 'rule:context_is_admin or rule:system_reader',
      description:
        "See the changes of resource types and discovered properties (the service's vocabulary) in changes, history and subscriptions.",
      operations: ['changes', 'history', 'catalogChanged'],
    },
  ]),
  resolvers: (nodeTypes) => [...createLiveResolvers(nodeTypes), ...createChangesResolvers(nodeTypes)],
  // The change log is not versioned: its answers are never cached.
  // `Node.history` (every node type's) reads the log too: a gate (app/cache-rules.ts), so a catalog query stays
  // cacheable unless it selects a history.
  reads: {
    'Query.changes': ['change_log'],
    'Node.history': ['change_log'],
    Change: ['change_log'],
    ChangeActor: [],
  },
});
