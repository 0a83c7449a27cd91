import { defineModule } from '../../common/module';
import { VISIBLE_TYPES_STALENESS } from '../resource-types/resource-type.service';
import { ValidationResolver } from './validation.resolver';

/** validateMetadata: key/values checked against the catalog. */
export const validationModule = defineModule({
  name: 'validation',
  resolvers: [ValidationResolver],

  reads: {
    MetadataValidation: [],
    MetadataError: [],
    MetadataWarning: [],
    MetadataKeyCheck: [],
    MetadataKeyParameter: [],
    'Query.validateMetadata': [
      'traits',
      'resource_types',
      'namespaces',
      'namespace_resource_types',
      'metadef_objects',
      'metadef_properties',
      { table: 'resources', staleness: VISIBLE_TYPES_STALENESS },
    ],
  },
});
