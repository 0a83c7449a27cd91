import { defineModule } from '../../common/module';
import { MetadefObject } from './object.entity';
import { NamespaceObjectsResolver, ObjectMutationResolver, metadefObjectNode } from './object.resolver';
import { propertiesRestRoutes } from './properties.rest';
import { PropertyDefinition } from './property.entity';
import {
  NamespacePropertiesResolver,
  ObjectPropertiesResolver,
  PropertyDefinitionNamespaceResolver,
  PropertyMutationResolver,
  propertyDefinitionNode,
} from './property.resolver';

/** Property definitions and the objects that group them, of a namespace (one aggregate). */
export const propertiesModule = defineModule({
  name: 'properties',
  entities: [MetadefObject, PropertyDefinition],
  resolvers: [
    PropertyDefinitionNamespaceResolver,
    NamespacePropertiesResolver,
    ObjectPropertiesResolver,
    NamespaceObjectsResolver,
    ObjectMutationResolver,
    PropertyMutationResolver,
  ],
  nodeTypes: [metadefObjectNode, propertyDefinitionNode],
  rest: propertiesRestRoutes,

  versionedTables: { catalog: ['metadef_objects', 'metadef_properties'] },
  changeLogTables: ['metadef_objects', 'metadef_properties'],
  reads: {
    MetadefObject: ['metadef_objects'],
    PropertyDefinition: ['metadef_properties'],
    PropertyItems: [],
    PropertyParameter: [],
    PropertyDeprecation: [],
  },
});
