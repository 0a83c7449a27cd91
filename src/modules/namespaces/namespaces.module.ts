import { defineModule } from '../../common/module';
import { NamespaceResourceType } from './namespace-resource-type.entity';
import { Namespace } from './namespace.entity';
import { NAMESPACE_POLICIES } from './namespace.policy';
import { namespaceRestRoutes } from './namespace.rest';
import { NamespaceResolver, ResourceTypeNamespacesResolver, namespaceNode } from './namespace.resolver';

/** Namespaces of definitions, their visibility and their resource type associations. */
export const namespacesModule = defineModule({
  name: 'namespaces',
  entities: [Namespace, NamespaceResourceType],
  resolvers: [NamespaceResolver, ResourceTypeNamespacesResolver],
  nodeTypes: [namespaceNode],
  policies: NAMESPACE_POLICIES,
  rest: namespaceRestRoutes,

  versionedTables: { catalog: ['namespaces', 'namespace_resource_types'] },
  reads: {
    Namespace: ['namespaces', 'namespace_resource_types'],
    ResourceTypeAssociation: ['namespace_resource_types', 'resource_types'],
    ResourceTypeView: [],
    'Query.namespaces': ['namespaces', 'namespace_resource_types', 'resource_types'],
    'Query.namespace': ['namespaces', 'namespace_resource_types', 'resource_types'],
    'ResourceType.namespaces': ['namespaces', 'namespace_resource_types'],
  },
});
