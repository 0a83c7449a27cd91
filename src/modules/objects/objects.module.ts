import { defineModule } from '../../common/module';
import { MetadefObject } from './object.entity';
import { NamespaceObjectsResolver, ObjectMutationResolver, metadefObjectNode } from './object.resolver';

/** Objects of a namespace: named groups of property definitions. */
export const objectsModule = defineModule({
  name: 'objects',
  entities: [MetadefObject],
  resolvers: [NamespaceObjectsResolver, ObjectMutationResolver],
  nodeTypes: [metadefObjectNode],
  changes: ['catalog'],
  versionedTables: { catalog: ['metadef_objects'] },
  reads: { MetadefObject: ['metadef_objects'] },
});
