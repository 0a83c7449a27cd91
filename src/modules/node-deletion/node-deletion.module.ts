import { defineModule } from '../../common/module';
import { createNodeDeletionResolver } from './node-deletion.resolver';

/** deleteNode(id:) over every deletable node type. */
export const nodeDeletionModule = defineModule({
  name: 'node-deletion',
  resolvers: (nodeTypes) => [createNodeDeletionResolver(nodeTypes)],
});
