import { defineModule } from '../../common/module';
import { PropertyDefinition } from './property.entity';
import {
  NamespacePropertiesResolver,
  ObjectPropertiesResolver,
  PropertyMutationResolver,
  propertyDefinitionNode,
} from './property.resolver';

/** Property definitions, of a namespace or of one of its objects. */
export const propertiesModule = defineModule({
  name: 'properties',
  entities: [PropertyDefinition],
  resolvers: [NamespacePropertiesResolver, ObjectPropertiesResolver, PropertyMutationResolver],
  nodeTypes: [propertyDefinitionNode],
  changes: ['catalog'],
  versionedTables: { catalog: ['metadef_properties'] },
  reads: { PropertyDefinition: ['metadef_properties'], PropertyItems: [] },
});
