import { defineModule } from '../../common/module';
import { createLiveResolver } from './live.resolver';

/** Subscriptions: change events, with the changed node as each subscriber may see it. */
export const liveModule = defineModule({
  name: 'live',
  resolvers: (nodeTypes) => [createLiveResolver(nodeTypes)],
});
