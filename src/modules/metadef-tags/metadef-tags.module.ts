import { defineModule } from '../../common/module';
import { MetadefTag } from './metadef-tag.entity';
import { metadefTagRestRoutes } from './metadef-tag.rest';
import { MetadefTagResolver, NamespaceTagsResolver, metadefTagNode } from './metadef-tag.resolver';

/** A namespace's tags (a tree). */
export const metadefTagsModule = defineModule({
  name: 'metadef-tags',
  entities: [MetadefTag],
  resolvers: [NamespaceTagsResolver, MetadefTagResolver],
  nodeTypes: [metadefTagNode],
  rest: metadefTagRestRoutes,

  versionedTables: { catalog: ['metadef_tags'] },
  changeLogTables: ['metadef_tags'],
  reads: { MetadefTag: ['metadef_tags'], 'Query.metadefTag': ['metadef_tags', 'namespaces'] },
});
