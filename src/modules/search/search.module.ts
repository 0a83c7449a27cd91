import { defineModule } from '../../common/module';
import { VISIBLE_TYPES_STALENESS } from '../resource-types/resource-type.service';
import { PropertySearchResolver } from './property-search.resolver';

/** Free-text search over property definitions. */
export const searchModule = defineModule({
  name: 'search',
  resolvers: [PropertySearchResolver],

  reads: {
    PropertySearchHit: [],
    'Query.searchProperties': [
      'metadef_properties',
      'metadef_objects',
      'namespaces',
      'namespace_resource_types',
      { table: 'resources', staleness: VISIBLE_TYPES_STALENESS },
    ],
  },
});
