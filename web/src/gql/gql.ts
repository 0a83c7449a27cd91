/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query NodeHistory($id: ID!, $first: Int!, $after: String) {\n    changes(filter: { nodeId: $id }, first: $first, after: $after) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        cursor\n        kind\n        committedAt\n        actor {\n          projectId\n          userId\n          via\n        }\n      }\n    }\n  }\n": typeof types.NodeHistoryDocument,
    "\n  query ResourceTypes {\n    resourceTypes {\n      id\n      name\n    }\n  }\n": typeof types.ResourceTypesDocument,
    "\n  query AdminNamespaces {\n    namespaces(first: 500) {\n      nodes {\n        id\n        name\n        displayName\n      }\n    }\n  }\n": typeof types.AdminNamespacesDocument,
    "\n  query AdminNamespace($name: String!) {\n    namespace(name: $name) {\n      id\n      name\n      displayName\n      description\n      visibility\n      protected\n      owner\n      resourceTypeAssociations {\n        name\n        prefix\n        propertiesTarget\n      }\n      properties {\n        id\n        name\n        title\n        type\n      }\n      objects {\n        id\n        name\n        description\n        properties {\n          id\n          name\n        }\n      }\n      tags {\n        id\n        name\n        parent {\n          id\n          name\n        }\n      }\n    }\n  }\n": typeof types.AdminNamespaceDocument,
    "\n  mutation CreateNamespace($input: CreateNamespaceInput!) {\n    createNamespace(input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.CreateNamespaceDocument,
    "\n  mutation UpdateNamespace($name: String!, $input: UpdateNamespaceInput!) {\n    updateNamespace(name: $name, input: $input) {\n      id\n      name\n      displayName\n      description\n      visibility\n      protected\n    }\n  }\n": typeof types.UpdateNamespaceDocument,
    "\n  mutation AssociateResourceType($namespace: String!, $input: ResourceTypeAssociationInput!) {\n    associateResourceType(namespace: $namespace, input: $input) {\n      name\n      prefix\n    }\n  }\n": typeof types.AssociateResourceTypeDocument,
    "\n  mutation CreateProperty($namespace: String!, $input: PropertyDefinitionInput!) {\n    createProperty(namespace: $namespace, input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.CreatePropertyDocument,
    "\n  mutation UpdateProperty($namespace: String!, $name: String!, $input: PropertyDefinitionInput!) {\n    updateProperty(namespace: $namespace, name: $name, input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.UpdatePropertyDocument,
    "\n  mutation UpdateObject($namespace: String!, $name: String!, $input: MetadefObjectInput!) {\n    updateObject(namespace: $namespace, name: $name, input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.UpdateObjectDocument,
    "\n  mutation CreateObject($namespace: String!, $input: MetadefObjectInput!) {\n    createObject(namespace: $namespace, input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.CreateObjectDocument,
    "\n  mutation CreateTag($namespace: String!, $name: String!, $parent: String) {\n    createTag(namespace: $namespace, name: $name, parent: $parent) {\n      id\n      name\n    }\n  }\n": typeof types.CreateTagDocument,
    "\n  mutation UpdateTag($namespace: String!, $name: String!, $newName: String!, $parent: String) {\n    updateTag(namespace: $namespace, name: $name, newName: $newName, parent: $parent) {\n      id\n      name\n      parent {\n        id\n        name\n      }\n    }\n  }\n": typeof types.UpdateTagDocument,
    "\n  mutation DeleteNode($id: ID!) {\n    deleteNode(id: $id) {\n      deletedId\n      deletedNodes {\n        typename\n        nodeId\n      }\n    }\n  }\n": typeof types.DeleteNodeDocument,
    "\n  query AdminTraits {\n    traits(filter: { standard: false }, first: 500) {\n      nodes {\n        id\n        name\n        associated\n      }\n    }\n  }\n": typeof types.AdminTraitsDocument,
    "\n  mutation CreateTrait($name: String!) {\n    createTrait(name: $name) {\n      created\n    }\n  }\n": typeof types.CreateTraitDocument,
    "\n  query AdminProviders {\n    resourceProviders(first: 500) {\n      nodes {\n        id\n        uuid\n        name\n        generation\n        parent {\n          id\n          uuid\n        }\n        traits {\n          id\n          name\n        }\n      }\n    }\n  }\n": typeof types.AdminProvidersDocument,
    "\n  mutation CreateProvider($input: CreateResourceProviderInput!) {\n    createResourceProvider(input: $input) {\n      id\n      uuid\n      name\n    }\n  }\n": typeof types.CreateProviderDocument,
    "\n  mutation UpdateProvider($uuid: UUID!, $input: UpdateResourceProviderInput!) {\n    updateResourceProvider(uuid: $uuid, input: $input) {\n      id\n      uuid\n      name\n      parent {\n        id\n        uuid\n      }\n    }\n  }\n": typeof types.UpdateProviderDocument,
    "\n  mutation SetProviderTraits($uuid: UUID!, $generation: Int!, $traits: [String!]!) {\n    setResourceProviderTraits(uuid: $uuid, generation: $generation, traits: $traits) {\n      id\n      generation\n      traits {\n        id\n        name\n      }\n    }\n  }\n": typeof types.SetProviderTraitsDocument,
    "\n  query AdminResources($filter: ResourceFilter) {\n    resources(filter: $filter, first: 500) {\n      totalCount\n      nodes {\n        id\n        uuid\n        name\n        resourceType\n        projectId\n        tags\n      }\n    }\n  }\n": typeof types.AdminResourcesDocument,
    "\n  mutation CreateResource($input: CreateResourceInput!) {\n    createResource(input: $input) {\n      id\n      uuid\n      name\n    }\n  }\n": typeof types.CreateResourceDocument,
    "\n  mutation SetResourceTags($uuid: UUID!, $tags: [String!]!) {\n    setResourceTags(uuid: $uuid, tags: $tags)\n  }\n": typeof types.SetResourceTagsDocument,
    "\n  query ComposeTraitSuggestions($startsWith: String!) {\n    traits(filter: { startsWith: $startsWith }, first: 20) {\n      nodes {\n        id\n        name\n      }\n    }\n  }\n": typeof types.ComposeTraitSuggestionsDocument,
    "\n  query ComposeCatalog($resourceType: String!) {\n    namespaces(filter: { resourceTypes: [$resourceType] }, first: 100) {\n      totalCount\n      nodes {\n        id\n        name\n        displayName\n        resourceTypeAssociations {\n          name\n          prefix\n          propertiesTarget\n        }\n        properties {\n          ...PropertyFields\n          storedName\n        }\n        objects {\n          id\n          name\n          description\n          properties {\n            ...PropertyFields\n            storedName\n          }\n        }\n      }\n    }\n  }\n": typeof types.ComposeCatalogDocument,
    "\n  query ComposeTargets($resourceType: String!) {\n    resources(filter: { resourceType: $resourceType }, first: 500) {\n      totalCount\n      nodes {\n        id\n        uuid\n        name\n        properties\n      }\n    }\n  }\n": typeof types.ComposeTargetsDocument,
    "\n  query ValidateDraft($resourceType: String!, $metadata: JSON!) {\n    validateMetadata(resourceType: $resourceType, metadata: $metadata) {\n      valid\n      unknownKeys\n      errors {\n        key\n        message\n        suggestions\n      }\n      warnings {\n        key\n        message\n        replacement\n      }\n      keys {\n        key\n        rule\n        followed {\n          id\n          namespace {\n            id\n            name\n            displayName\n          }\n        }\n        notFollowed {\n          id\n          namespace {\n            id\n            name\n            displayName\n          }\n        }\n      }\n    }\n  }\n": typeof types.ValidateDraftDocument,
    "\n  mutation ApplyProperties($uuid: UUID!, $properties: JSON!) {\n    setResourceProperties(uuid: $uuid, properties: $properties) {\n      id\n      uuid\n      name\n      properties\n    }\n  }\n": typeof types.ApplyPropertiesDocument,
    "\n  query NamespacesOfType($resourceType: String!) {\n    namespaces(filter: { resourceTypes: [$resourceType] }, first: 500) {\n      totalCount\n      nodes {\n        id\n        name\n        displayName\n      }\n    }\n  }\n": typeof types.NamespacesOfTypeDocument,
    "\n  fragment PropertyFields on PropertyDefinition {\n    id\n    name\n    title\n    description\n    type\n    enum\n    default\n    minimum\n    maximum\n    minLength\n    maxLength\n    pattern\n    operators\n    readonly\n    minItems\n    maxItems\n    items {\n      type\n      enum\n    }\n    deprecated {\n      reason\n      replacement\n    }\n    parameters {\n      name\n      kind\n      pattern\n      description\n    }\n  }\n": typeof types.PropertyFieldsFragmentDoc,
    "\n  query NamespaceView($name: String!, $resourceType: String) {\n    namespace(name: $name, resourceType: $resourceType) {\n      id\n      name\n      displayName\n      description\n      visibility\n      protected\n      view {\n        prefix\n      }\n      properties {\n        ...PropertyFields\n      }\n      objects {\n        id\n        name\n        description\n        required\n        properties {\n          ...PropertyFields\n        }\n      }\n      tags {\n        id\n        name\n        parent {\n          id\n          name\n        }\n      }\n    }\n  }\n": typeof types.NamespaceViewDocument,
    "\n  query SearchProperties($query: String!, $resourceType: String) {\n    searchProperties(query: $query, resourceType: $resourceType, first: 25) {\n      totalCount\n      nodes {\n        namespace {\n          id\n          name\n        }\n        object {\n          id\n          name\n        }\n        property {\n          ...PropertyFields\n        }\n      }\n    }\n  }\n": typeof types.SearchPropertiesDocument,
    "\n  subscription CatalogChanged($resourceType: String, $after: String) {\n    catalogChanged(resourceType: $resourceType, after: $after) {\n      cursor\n      kind\n      id\n      nodeType\n      namespace\n    }\n  }\n": typeof types.CatalogChangedDocument,
    "\n  query Resources($filter: ResourceFilter) {\n    resources(filter: $filter, first: 100) {\n      totalCount\n      nodes {\n        id\n        uuid\n        name\n        resourceType\n        projectId\n        tags\n      }\n    }\n  }\n": typeof types.ResourcesDocument,
    "\n  query TagUsage($filter: ResourceTagUsageFilter) {\n    resourceTagUsage(filter: $filter, first: 100) {\n      nodes {\n        tag\n        normalized\n        count\n        caseVariants\n        resourceTypes {\n          resourceType\n          count\n        }\n      }\n    }\n  }\n": typeof types.TagUsageDocument,
    "\n  query Discovery($resourceType: String!, $includePrivate: Boolean!) {\n    resourceProperties(resourceType: $resourceType, includePrivate: $includePrivate) {\n      id\n      name\n      private\n      values\n      definition {\n        id\n        name\n        title\n        type\n      }\n    }\n  }\n": typeof types.DiscoveryDocument,
    "\n  query PrivateKeys($resourceType: String!) {\n    resourceProperties(resourceType: $resourceType, includePrivate: true) {\n      id\n      name\n      private\n    }\n  }\n": typeof types.PrivateKeysDocument,
    "\n  subscription ResourceChanged($resourceType: String, $after: String) {\n    resourceChanged(resourceType: $resourceType, after: $after) {\n      cursor\n      kind\n      id\n      resource {\n        id\n        uuid\n        name\n        resourceType\n        projectId\n        tags\n      }\n    }\n  }\n": typeof types.ResourceChangedDocument,
    "\n  query ValidateTraits($names: [String!]!) {\n    validateTraits(names: $names) {\n      valid\n      invalid\n    }\n  }\n": typeof types.ValidateTraitsDocument,
    "\n  query Providers($filter: ResourceProviderFilter) {\n    resourceProviders(filter: $filter, first: 100) {\n      nodes {\n        id\n        uuid\n        name\n        generation\n        root {\n          id\n          uuid\n        }\n        traits {\n          id\n          name\n        }\n      }\n    }\n  }\n": typeof types.ProvidersDocument,
    "\n  query ProviderTree($root: UUID!) {\n    resourceProviders(filter: { inTree: $root }, first: 500) {\n      nodes {\n        id\n        uuid\n        name\n        generation\n        parent {\n          id\n          uuid\n        }\n        traits {\n          id\n          name\n        }\n      }\n    }\n  }\n": typeof types.ProviderTreeDocument,
    "\n  query CustomTraits {\n    traits(filter: { standard: false }, first: 500) {\n      totalCount\n      nodes {\n        id\n        name\n      }\n    }\n  }\n": typeof types.CustomTraitsDocument,
    "\n  query BrowseTraits($filter: TraitFilter, $after: String) {\n    traits(filter: $filter, first: 50, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        name\n        standard\n        associated\n      }\n    }\n  }\n": typeof types.BrowseTraitsDocument,
    "\n  query TraitSuggestions($startsWith: String!) {\n    traits(filter: { startsWith: $startsWith }, first: 20) {\n      nodes {\n        id\n        name\n      }\n    }\n  }\n": typeof types.TraitSuggestionsDocument,
    "\n  subscription TraitChanged($after: String) {\n    traitChanged(after: $after) {\n      cursor\n      kind\n      id\n      name\n    }\n  }\n": typeof types.TraitChangedDocument,
    "\n  subscription ResourceProviderChanged($after: String) {\n    resourceProviderChanged(after: $after) {\n      cursor\n      kind\n      id\n      resourceProvider {\n        id\n        uuid\n        name\n        generation\n        parent {\n          id\n          uuid\n        }\n        traits {\n          id\n          name\n        }\n      }\n    }\n  }\n": typeof types.ResourceProviderChangedDocument,
};
const documents: Documents = {
    "\n  query NodeHistory($id: ID!, $first: Int!, $after: String) {\n    changes(filter: { nodeId: $id }, first: $first, after: $after) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        cursor\n        kind\n        committedAt\n        actor {\n          projectId\n          userId\n          via\n        }\n      }\n    }\n  }\n": types.NodeHistoryDocument,
    "\n  query ResourceTypes {\n    resourceTypes {\n      id\n      name\n    }\n  }\n": types.ResourceTypesDocument,
    "\n  query AdminNamespaces {\n    namespaces(first: 500) {\n      nodes {\n        id\n        name\n        displayName\n      }\n    }\n  }\n": types.AdminNamespacesDocument,
    "\n  query AdminNamespace($name: String!) {\n    namespace(name: $name) {\n      id\n      name\n      displayName\n      description\n      visibility\n      protected\n      owner\n      resourceTypeAssociations {\n        name\n        prefix\n        propertiesTarget\n      }\n      properties {\n        id\n        name\n        title\n        type\n      }\n      objects {\n        id\n        name\n        description\n        properties {\n          id\n          name\n        }\n      }\n      tags {\n        id\n        name\n        parent {\n          id\n          name\n        }\n      }\n    }\n  }\n": types.AdminNamespaceDocument,
    "\n  mutation CreateNamespace($input: CreateNamespaceInput!) {\n    createNamespace(input: $input) {\n      id\n      name\n    }\n  }\n": types.CreateNamespaceDocument,
    "\n  mutation UpdateNamespace($name: String!, $input: UpdateNamespaceInput!) {\n    updateNamespace(name: $name, input: $input) {\n      id\n      name\n      displayName\n      description\n      visibility\n      protected\n    }\n  }\n": types.UpdateNamespaceDocument,
    "\n  mutation AssociateResourceType($namespace: String!, $input: ResourceTypeAssociationInput!) {\n    associateResourceType(namespace: $namespace, input: $input) {\n      name\n      prefix\n    }\n  }\n": types.AssociateResourceTypeDocument,
    "\n  mutation CreateProperty($namespace: String!, $input: PropertyDefinitionInput!) {\n    createProperty(namespace: $namespace, input: $input) {\n      id\n      name\n    }\n  }\n": types.CreatePropertyDocument,
    "\n  mutation UpdateProperty($namespace: String!, $name: String!, $input: PropertyDefinitionInput!) {\n    updateProperty(namespace: $namespace, name: $name, input: $input) {\n      id\n      name\n    }\n  }\n": types.UpdatePropertyDocument,
    "\n  mutation UpdateObject($namespace: String!, $name: String!, $input: MetadefObjectInput!) {\n    updateObject(namespace: $namespace, name: $name, input: $input) {\n      id\n      name\n    }\n  }\n": types.UpdateObjectDocument,
    "\n  mutation CreateObject($namespace: String!, $input: MetadefObjectInput!) {\n    createObject(namespace: $namespace, input: $input) {\n      id\n      name\n    }\n  }\n": types.CreateObjectDocument,
    "\n  mutation CreateTag($namespace: String!, $name: String!, $parent: String) {\n    createTag(namespace: $namespace, name: $name, parent: $parent) {\n      id\n      name\n    }\n  }\n": types.CreateTagDocument,
    "\n  mutation UpdateTag($namespace: String!, $name: String!, $newName: String!, $parent: String) {\n    updateTag(namespace: $namespace, name: $name, newName: $newName, parent: $parent) {\n      id\n      name\n      parent {\n        id\n        name\n      }\n    }\n  }\n": types.UpdateTagDocument,
    "\n  mutation DeleteNode($id: ID!) {\n    deleteNode(id: $id) {\n      deletedId\n      deletedNodes {\n        typename\n        nodeId\n      }\n    }\n  }\n": types.DeleteNodeDocument,
    "\n  query AdminTraits {\n    traits(filter: { standard: false }, first: 500) {\n      nodes {\n        id\n        name\n        associated\n      }\n    }\n  }\n": types.AdminTraitsDocument,
    "\n  mutation CreateTrait($name: String!) {\n    createTrait(name: $name) {\n      created\n    }\n  }\n": types.CreateTraitDocument,
    "\n  query AdminProviders {\n    resourceProviders(first: 500) {\n      nodes {\n        id\n        uuid\n        name\n        generation\n        parent {\n          id\n          uuid\n        }\n        traits {\n          id\n          name\n        }\n      }\n    }\n  }\n": types.AdminProvidersDocument,
    "\n  mutation CreateProvider($input: CreateResourceProviderInput!) {\n    createResourceProvider(input: $input) {\n      id\n      uuid\n      name\n    }\n  }\n": types.CreateProviderDocument,
    "\n  mutation UpdateProvider($uuid: UUID!, $input: UpdateResourceProviderInput!) {\n    updateResourceProvider(uuid: $uuid, input: $input) {\n      id\n      uuid\n      name\n      parent {\n        id\n        uuid\n      }\n    }\n  }\n": types.UpdateProviderDocument,
    "\n  mutation SetProviderTraits($uuid: UUID!, $generation: Int!, $traits: [String!]!) {\n    setResourceProviderTraits(uuid: $uuid, generation: $generation, traits: $traits) {\n      id\n      generation\n      traits {\n        id\n        name\n      }\n    }\n  }\n": types.SetProviderTraitsDocument,
    "\n  query AdminResources($filter: ResourceFilter) {\n    resources(filter: $filter, first: 500) {\n      totalCount\n      nodes {\n        id\n        uuid\n        name\n        resourceType\n        projectId\n        tags\n      }\n    }\n  }\n": types.AdminResourcesDocument,
    "\n  mutation CreateResource($input: CreateResourceInput!) {\n    createResource(input: $input) {\n      id\n      uuid\n      name\n    }\n  }\n": types.CreateResourceDocument,
    "\n  mutation SetResourceTags($uuid: UUID!, $tags: [String!]!) {\n    setResourceTags(uuid: $uuid, tags: $tags)\n  }\n": types.SetResourceTagsDocument,
    "\n  query ComposeTraitSuggestions($startsWith: String!) {\n    traits(filter: { startsWith: $startsWith }, first: 20) {\n      nodes {\n        id\n        name\n      }\n    }\n  }\n": types.ComposeTraitSuggestionsDocument,
    "\n  query ComposeCatalog($resourceType: String!) {\n    namespaces(filter: { resourceTypes: [$resourceType] }, first: 100) {\n      totalCount\n      nodes {\n        id\n        name\n        displayName\n        resourceTypeAssociations {\n          name\n          prefix\n          propertiesTarget\n        }\n        properties {\n          ...PropertyFields\n          storedName\n        }\n        objects {\n          id\n          name\n          description\n          properties {\n            ...PropertyFields\n            storedName\n          }\n        }\n      }\n    }\n  }\n": types.ComposeCatalogDocument,
    "\n  query ComposeTargets($resourceType: String!) {\n    resources(filter: { resourceType: $resourceType }, first: 500) {\n      totalCount\n      nodes {\n        id\n        uuid\n        name\n        properties\n      }\n    }\n  }\n": types.ComposeTargetsDocument,
    "\n  query ValidateDraft($resourceType: String!, $metadata: JSON!) {\n    validateMetadata(resourceType: $resourceType, metadata: $metadata) {\n      valid\n      unknownKeys\n      errors {\n        key\n        message\n        suggestions\n      }\n      warnings {\n        key\n        message\n        replacement\n      }\n      keys {\n        key\n        rule\n        followed {\n          id\n          namespace {\n            id\n            name\n            displayName\n          }\n        }\n        notFollowed {\n          id\n          namespace {\n            id\n            name\n            displayName\n          }\n        }\n      }\n    }\n  }\n": types.ValidateDraftDocument,
    "\n  mutation ApplyProperties($uuid: UUID!, $properties: JSON!) {\n    setResourceProperties(uuid: $uuid, properties: $properties) {\n      id\n      uuid\n      name\n      properties\n    }\n  }\n": types.ApplyPropertiesDocument,
    "\n  query NamespacesOfType($resourceType: String!) {\n    namespaces(filter: { resourceTypes: [$resourceType] }, first: 500) {\n      totalCount\n      nodes {\n        id\n        name\n        displayName\n      }\n    }\n  }\n": types.NamespacesOfTypeDocument,
    "\n  fragment PropertyFields on PropertyDefinition {\n    id\n    name\n    title\n    description\n    type\n    enum\n    default\n    minimum\n    maximum\n    minLength\n    maxLength\n    pattern\n    operators\n    readonly\n    minItems\n    maxItems\n    items {\n      type\n      enum\n    }\n    deprecated {\n      reason\n      replacement\n    }\n    parameters {\n      name\n      kind\n      pattern\n      description\n    }\n  }\n": types.PropertyFieldsFragmentDoc,
    "\n  query NamespaceView($name: String!, $resourceType: String) {\n    namespace(name: $name, resourceType: $resourceType) {\n      id\n      name\n      displayName\n      description\n      visibility\n      protected\n      view {\n        prefix\n      }\n      properties {\n        ...PropertyFields\n      }\n      objects {\n        id\n        name\n        description\n        required\n        properties {\n          ...PropertyFields\n        }\n      }\n      tags {\n        id\n        name\n        parent {\n          id\n          name\n        }\n      }\n    }\n  }\n": types.NamespaceViewDocument,
    "\n  query SearchProperties($query: String!, $resourceType: String) {\n    searchProperties(query: $query, resourceType: $resourceType, first: 25) {\n      totalCount\n      nodes {\n        namespace {\n          id\n          name\n        }\n        object {\n          id\n          name\n        }\n        property {\n          ...PropertyFields\n        }\n      }\n    }\n  }\n": types.SearchPropertiesDocument,
    "\n  subscription CatalogChanged($resourceType: String, $after: String) {\n    catalogChanged(resourceType: $resourceType, after: $after) {\n      cursor\n      kind\n      id\n      nodeType\n      namespace\n    }\n  }\n": types.CatalogChangedDocument,
    "\n  query Resources($filter: ResourceFilter) {\n    resources(filter: $filter, first: 100) {\n      totalCount\n      nodes {\n        id\n        uuid\n        name\n        resourceType\n        projectId\n        tags\n      }\n    }\n  }\n": types.ResourcesDocument,
    "\n  query TagUsage($filter: ResourceTagUsageFilter) {\n    resourceTagUsage(filter: $filter, first: 100) {\n      nodes {\n        tag\n        normalized\n        count\n        caseVariants\n        resourceTypes {\n          resourceType\n          count\n        }\n      }\n    }\n  }\n": types.TagUsageDocument,
    "\n  query Discovery($resourceType: String!, $includePrivate: Boolean!) {\n    resourceProperties(resourceType: $resourceType, includePrivate: $includePrivate) {\n      id\n      name\n      private\n      values\n      definition {\n        id\n        name\n        title\n        type\n      }\n    }\n  }\n": types.DiscoveryDocument,
    "\n  query PrivateKeys($resourceType: String!) {\n    resourceProperties(resourceType: $resourceType, includePrivate: true) {\n      id\n      name\n      private\n    }\n  }\n": types.PrivateKeysDocument,
    "\n  subscription ResourceChanged($resourceType: String, $after: String) {\n    resourceChanged(resourceType: $resourceType, after: $after) {\n      cursor\n      kind\n      id\n      resource {\n        id\n        uuid\n        name\n        resourceType\n        projectId\n        tags\n      }\n    }\n  }\n": types.ResourceChangedDocument,
    "\n  query ValidateTraits($names: [String!]!) {\n    validateTraits(names: $names) {\n      valid\n      invalid\n    }\n  }\n": types.ValidateTraitsDocument,
    "\n  query Providers($filter: ResourceProviderFilter) {\n    resourceProviders(filter: $filter, first: 100) {\n      nodes {\n        id\n        uuid\n        name\n        generation\n        root {\n          id\n          uuid\n        }\n        traits {\n          id\n          name\n        }\n      }\n    }\n  }\n": types.ProvidersDocument,
    "\n  query ProviderTree($root: UUID!) {\n    resourceProviders(filter: { inTree: $root }, first: 500) {\n      nodes {\n        id\n        uuid\n        name\n        generation\n        parent {\n          id\n          uuid\n        }\n        traits {\n          id\n          name\n        }\n      }\n    }\n  }\n": types.ProviderTreeDocument,
    "\n  query CustomTraits {\n    traits(filter: { standard: false }, first: 500) {\n      totalCount\n      nodes {\n        id\n        name\n      }\n    }\n  }\n": types.CustomTraitsDocument,
    "\n  query BrowseTraits($filter: TraitFilter, $after: String) {\n    traits(filter: $filter, first: 50, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        name\n        standard\n        associated\n      }\n    }\n  }\n": types.BrowseTraitsDocument,
    "\n  query TraitSuggestions($startsWith: String!) {\n    traits(filter: { startsWith: $startsWith }, first: 20) {\n      nodes {\n        id\n        name\n      }\n    }\n  }\n": types.TraitSuggestionsDocument,
    "\n  subscription TraitChanged($after: String) {\n    traitChanged(after: $after) {\n      cursor\n      kind\n      id\n      name\n    }\n  }\n": types.TraitChangedDocument,
    "\n  subscription ResourceProviderChanged($after: String) {\n    resourceProviderChanged(after: $after) {\n      cursor\n      kind\n      id\n      resourceProvider {\n        id\n        uuid\n        name\n        generation\n        parent {\n          id\n          uuid\n        }\n        traits {\n          id\n          name\n        }\n      }\n    }\n  }\n": types.ResourceProviderChangedDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NodeHistory($id: ID!, $first: Int!, $after: String) {\n    changes(filter: { nodeId: $id }, first: $first, after: $after) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        cursor\n        kind\n        committedAt\n        actor {\n          projectId\n          userId\n          via\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query NodeHistory($id: ID!, $first: Int!, $after: String) {\n    changes(filter: { nodeId: $id }, first: $first, after: $after) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        cursor\n        kind\n        committedAt\n        actor {\n          projectId\n          userId\n          via\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ResourceTypes {\n    resourceTypes {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query ResourceTypes {\n    resourceTypes {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminNamespaces {\n    namespaces(first: 500) {\n      nodes {\n        id\n        name\n        displayName\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminNamespaces {\n    namespaces(first: 500) {\n      nodes {\n        id\n        name\n        displayName\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminNamespace($name: String!) {\n    namespace(name: $name) {\n      id\n      name\n      displayName\n      description\n      visibility\n      protected\n      owner\n      resourceTypeAssociations {\n        name\n        prefix\n        propertiesTarget\n      }\n      properties {\n        id\n        name\n        title\n        type\n      }\n      objects {\n        id\n        name\n        description\n        properties {\n          id\n          name\n        }\n      }\n      tags {\n        id\n        name\n        parent {\n          id\n          name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminNamespace($name: String!) {\n    namespace(name: $name) {\n      id\n      name\n      displayName\n      description\n      visibility\n      protected\n      owner\n      resourceTypeAssociations {\n        name\n        prefix\n        propertiesTarget\n      }\n      properties {\n        id\n        name\n        title\n        type\n      }\n      objects {\n        id\n        name\n        description\n        properties {\n          id\n          name\n        }\n      }\n      tags {\n        id\n        name\n        parent {\n          id\n          name\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateNamespace($input: CreateNamespaceInput!) {\n    createNamespace(input: $input) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateNamespace($input: CreateNamespaceInput!) {\n    createNamespace(input: $input) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateNamespace($name: String!, $input: UpdateNamespaceInput!) {\n    updateNamespace(name: $name, input: $input) {\n      id\n      name\n      displayName\n      description\n      visibility\n      protected\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateNamespace($name: String!, $input: UpdateNamespaceInput!) {\n    updateNamespace(name: $name, input: $input) {\n      id\n      name\n      displayName\n      description\n      visibility\n      protected\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AssociateResourceType($namespace: String!, $input: ResourceTypeAssociationInput!) {\n    associateResourceType(namespace: $namespace, input: $input) {\n      name\n      prefix\n    }\n  }\n"): (typeof documents)["\n  mutation AssociateResourceType($namespace: String!, $input: ResourceTypeAssociationInput!) {\n    associateResourceType(namespace: $namespace, input: $input) {\n      name\n      prefix\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateProperty($namespace: String!, $input: PropertyDefinitionInput!) {\n    createProperty(namespace: $namespace, input: $input) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateProperty($namespace: String!, $input: PropertyDefinitionInput!) {\n    createProperty(namespace: $namespace, input: $input) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProperty($namespace: String!, $name: String!, $input: PropertyDefinitionInput!) {\n    updateProperty(namespace: $namespace, name: $name, input: $input) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProperty($namespace: String!, $name: String!, $input: PropertyDefinitionInput!) {\n    updateProperty(namespace: $namespace, name: $name, input: $input) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateObject($namespace: String!, $name: String!, $input: MetadefObjectInput!) {\n    updateObject(namespace: $namespace, name: $name, input: $input) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateObject($namespace: String!, $name: String!, $input: MetadefObjectInput!) {\n    updateObject(namespace: $namespace, name: $name, input: $input) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateObject($namespace: String!, $input: MetadefObjectInput!) {\n    createObject(namespace: $namespace, input: $input) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateObject($namespace: String!, $input: MetadefObjectInput!) {\n    createObject(namespace: $namespace, input: $input) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateTag($namespace: String!, $name: String!, $parent: String) {\n    createTag(namespace: $namespace, name: $name, parent: $parent) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateTag($namespace: String!, $name: String!, $parent: String) {\n    createTag(namespace: $namespace, name: $name, parent: $parent) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateTag($namespace: String!, $name: String!, $newName: String!, $parent: String) {\n    updateTag(namespace: $namespace, name: $name, newName: $newName, parent: $parent) {\n      id\n      name\n      parent {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateTag($namespace: String!, $name: String!, $newName: String!, $parent: String) {\n    updateTag(namespace: $namespace, name: $name, newName: $newName, parent: $parent) {\n      id\n      name\n      parent {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteNode($id: ID!) {\n    deleteNode(id: $id) {\n      deletedId\n      deletedNodes {\n        typename\n        nodeId\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteNode($id: ID!) {\n    deleteNode(id: $id) {\n      deletedId\n      deletedNodes {\n        typename\n        nodeId\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminTraits {\n    traits(filter: { standard: false }, first: 500) {\n      nodes {\n        id\n        name\n        associated\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminTraits {\n    traits(filter: { standard: false }, first: 500) {\n      nodes {\n        id\n        name\n        associated\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateTrait($name: String!) {\n    createTrait(name: $name) {\n      created\n    }\n  }\n"): (typeof documents)["\n  mutation CreateTrait($name: String!) {\n    createTrait(name: $name) {\n      created\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminProviders {\n    resourceProviders(first: 500) {\n      nodes {\n        id\n        uuid\n        name\n        generation\n        parent {\n          id\n          uuid\n        }\n        traits {\n          id\n          name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminProviders {\n    resourceProviders(first: 500) {\n      nodes {\n        id\n        uuid\n        name\n        generation\n        parent {\n          id\n          uuid\n        }\n        traits {\n          id\n          name\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateProvider($input: CreateResourceProviderInput!) {\n    createResourceProvider(input: $input) {\n      id\n      uuid\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateProvider($input: CreateResourceProviderInput!) {\n    createResourceProvider(input: $input) {\n      id\n      uuid\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProvider($uuid: UUID!, $input: UpdateResourceProviderInput!) {\n    updateResourceProvider(uuid: $uuid, input: $input) {\n      id\n      uuid\n      name\n      parent {\n        id\n        uuid\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProvider($uuid: UUID!, $input: UpdateResourceProviderInput!) {\n    updateResourceProvider(uuid: $uuid, input: $input) {\n      id\n      uuid\n      name\n      parent {\n        id\n        uuid\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetProviderTraits($uuid: UUID!, $generation: Int!, $traits: [String!]!) {\n    setResourceProviderTraits(uuid: $uuid, generation: $generation, traits: $traits) {\n      id\n      generation\n      traits {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SetProviderTraits($uuid: UUID!, $generation: Int!, $traits: [String!]!) {\n    setResourceProviderTraits(uuid: $uuid, generation: $generation, traits: $traits) {\n      id\n      generation\n      traits {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminResources($filter: ResourceFilter) {\n    resources(filter: $filter, first: 500) {\n      totalCount\n      nodes {\n        id\n        uuid\n        name\n        resourceType\n        projectId\n        tags\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminResources($filter: ResourceFilter) {\n    resources(filter: $filter, first: 500) {\n      totalCount\n      nodes {\n        id\n        uuid\n        name\n        resourceType\n        projectId\n        tags\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateResource($input: CreateResourceInput!) {\n    createResource(input: $input) {\n      id\n      uuid\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateResource($input: CreateResourceInput!) {\n    createResource(input: $input) {\n      id\n      uuid\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetResourceTags($uuid: UUID!, $tags: [String!]!) {\n    setResourceTags(uuid: $uuid, tags: $tags)\n  }\n"): (typeof documents)["\n  mutation SetResourceTags($uuid: UUID!, $tags: [String!]!) {\n    setResourceTags(uuid: $uuid, tags: $tags)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ComposeTraitSuggestions($startsWith: String!) {\n    traits(filter: { startsWith: $startsWith }, first: 20) {\n      nodes {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query ComposeTraitSuggestions($startsWith: String!) {\n    traits(filter: { startsWith: $startsWith }, first: 20) {\n      nodes {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ComposeCatalog($resourceType: String!) {\n    namespaces(filter: { resourceTypes: [$resourceType] }, first: 100) {\n      totalCount\n      nodes {\n        id\n        name\n        displayName\n        resourceTypeAssociations {\n          name\n          prefix\n          propertiesTarget\n        }\n        properties {\n          ...PropertyFields\n          storedName\n        }\n        objects {\n          id\n          name\n          description\n          properties {\n            ...PropertyFields\n            storedName\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ComposeCatalog($resourceType: String!) {\n    namespaces(filter: { resourceTypes: [$resourceType] }, first: 100) {\n      totalCount\n      nodes {\n        id\n        name\n        displayName\n        resourceTypeAssociations {\n          name\n          prefix\n          propertiesTarget\n        }\n        properties {\n          ...PropertyFields\n          storedName\n        }\n        objects {\n          id\n          name\n          description\n          properties {\n            ...PropertyFields\n            storedName\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ComposeTargets($resourceType: String!) {\n    resources(filter: { resourceType: $resourceType }, first: 500) {\n      totalCount\n      nodes {\n        id\n        uuid\n        name\n        properties\n      }\n    }\n  }\n"): (typeof documents)["\n  query ComposeTargets($resourceType: String!) {\n    resources(filter: { resourceType: $resourceType }, first: 500) {\n      totalCount\n      nodes {\n        id\n        uuid\n        name\n        properties\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ValidateDraft($resourceType: String!, $metadata: JSON!) {\n    validateMetadata(resourceType: $resourceType, metadata: $metadata) {\n      valid\n      unknownKeys\n      errors {\n        key\n        message\n        suggestions\n      }\n      warnings {\n        key\n        message\n        replacement\n      }\n      keys {\n        key\n        rule\n        followed {\n          id\n          namespace {\n            id\n            name\n            displayName\n          }\n        }\n        notFollowed {\n          id\n          namespace {\n            id\n            name\n            displayName\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ValidateDraft($resourceType: String!, $metadata: JSON!) {\n    validateMetadata(resourceType: $resourceType, metadata: $metadata) {\n      valid\n      unknownKeys\n      errors {\n        key\n        message\n        suggestions\n      }\n      warnings {\n        key\n        message\n        replacement\n      }\n      keys {\n        key\n        rule\n        followed {\n          id\n          namespace {\n            id\n            name\n            displayName\n          }\n        }\n        notFollowed {\n          id\n          namespace {\n            id\n            name\n            displayName\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApplyProperties($uuid: UUID!, $properties: JSON!) {\n    setResourceProperties(uuid: $uuid, properties: $properties) {\n      id\n      uuid\n      name\n      properties\n    }\n  }\n"): (typeof documents)["\n  mutation ApplyProperties($uuid: UUID!, $properties: JSON!) {\n    setResourceProperties(uuid: $uuid, properties: $properties) {\n      id\n      uuid\n      name\n      properties\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NamespacesOfType($resourceType: String!) {\n    namespaces(filter: { resourceTypes: [$resourceType] }, first: 500) {\n      totalCount\n      nodes {\n        id\n        name\n        displayName\n      }\n    }\n  }\n"): (typeof documents)["\n  query NamespacesOfType($resourceType: String!) {\n    namespaces(filter: { resourceTypes: [$resourceType] }, first: 500) {\n      totalCount\n      nodes {\n        id\n        name\n        displayName\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PropertyFields on PropertyDefinition {\n    id\n    name\n    title\n    description\n    type\n    enum\n    default\n    minimum\n    maximum\n    minLength\n    maxLength\n    pattern\n    operators\n    readonly\n    minItems\n    maxItems\n    items {\n      type\n      enum\n    }\n    deprecated {\n      reason\n      replacement\n    }\n    parameters {\n      name\n      kind\n      pattern\n      description\n    }\n  }\n"): (typeof documents)["\n  fragment PropertyFields on PropertyDefinition {\n    id\n    name\n    title\n    description\n    type\n    enum\n    default\n    minimum\n    maximum\n    minLength\n    maxLength\n    pattern\n    operators\n    readonly\n    minItems\n    maxItems\n    items {\n      type\n      enum\n    }\n    deprecated {\n      reason\n      replacement\n    }\n    parameters {\n      name\n      kind\n      pattern\n      description\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NamespaceView($name: String!, $resourceType: String) {\n    namespace(name: $name, resourceType: $resourceType) {\n      id\n      name\n      displayName\n      description\n      visibility\n      protected\n      view {\n        prefix\n      }\n      properties {\n        ...PropertyFields\n      }\n      objects {\n        id\n        name\n        description\n        required\n        properties {\n          ...PropertyFields\n        }\n      }\n      tags {\n        id\n        name\n        parent {\n          id\n          name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query NamespaceView($name: String!, $resourceType: String) {\n    namespace(name: $name, resourceType: $resourceType) {\n      id\n      name\n      displayName\n      description\n      visibility\n      protected\n      view {\n        prefix\n      }\n      properties {\n        ...PropertyFields\n      }\n      objects {\n        id\n        name\n        description\n        required\n        properties {\n          ...PropertyFields\n        }\n      }\n      tags {\n        id\n        name\n        parent {\n          id\n          name\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SearchProperties($query: String!, $resourceType: String) {\n    searchProperties(query: $query, resourceType: $resourceType, first: 25) {\n      totalCount\n      nodes {\n        namespace {\n          id\n          name\n        }\n        object {\n          id\n          name\n        }\n        property {\n          ...PropertyFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query SearchProperties($query: String!, $resourceType: String) {\n    searchProperties(query: $query, resourceType: $resourceType, first: 25) {\n      totalCount\n      nodes {\n        namespace {\n          id\n          name\n        }\n        object {\n          id\n          name\n        }\n        property {\n          ...PropertyFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription CatalogChanged($resourceType: String, $after: String) {\n    catalogChanged(resourceType: $resourceType, after: $after) {\n      cursor\n      kind\n      id\n      nodeType\n      namespace\n    }\n  }\n"): (typeof documents)["\n  subscription CatalogChanged($resourceType: String, $after: String) {\n    catalogChanged(resourceType: $resourceType, after: $after) {\n      cursor\n      kind\n      id\n      nodeType\n      namespace\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Resources($filter: ResourceFilter) {\n    resources(filter: $filter, first: 100) {\n      totalCount\n      nodes {\n        id\n        uuid\n        name\n        resourceType\n        projectId\n        tags\n      }\n    }\n  }\n"): (typeof documents)["\n  query Resources($filter: ResourceFilter) {\n    resources(filter: $filter, first: 100) {\n      totalCount\n      nodes {\n        id\n        uuid\n        name\n        resourceType\n        projectId\n        tags\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TagUsage($filter: ResourceTagUsageFilter) {\n    resourceTagUsage(filter: $filter, first: 100) {\n      nodes {\n        tag\n        normalized\n        count\n        caseVariants\n        resourceTypes {\n          resourceType\n          count\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query TagUsage($filter: ResourceTagUsageFilter) {\n    resourceTagUsage(filter: $filter, first: 100) {\n      nodes {\n        tag\n        normalized\n        count\n        caseVariants\n        resourceTypes {\n          resourceType\n          count\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Discovery($resourceType: String!, $includePrivate: Boolean!) {\n    resourceProperties(resourceType: $resourceType, includePrivate: $includePrivate) {\n      id\n      name\n      private\n      values\n      definition {\n        id\n        name\n        title\n        type\n      }\n    }\n  }\n"): (typeof documents)["\n  query Discovery($resourceType: String!, $includePrivate: Boolean!) {\n    resourceProperties(resourceType: $resourceType, includePrivate: $includePrivate) {\n      id\n      name\n      private\n      values\n      definition {\n        id\n        name\n        title\n        type\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PrivateKeys($resourceType: String!) {\n    resourceProperties(resourceType: $resourceType, includePrivate: true) {\n      id\n      name\n      private\n    }\n  }\n"): (typeof documents)["\n  query PrivateKeys($resourceType: String!) {\n    resourceProperties(resourceType: $resourceType, includePrivate: true) {\n      id\n      name\n      private\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ResourceChanged($resourceType: String, $after: String) {\n    resourceChanged(resourceType: $resourceType, after: $after) {\n      cursor\n      kind\n      id\n      resource {\n        id\n        uuid\n        name\n        resourceType\n        projectId\n        tags\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription ResourceChanged($resourceType: String, $after: String) {\n    resourceChanged(resourceType: $resourceType, after: $after) {\n      cursor\n      kind\n      id\n      resource {\n        id\n        uuid\n        name\n        resourceType\n        projectId\n        tags\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ValidateTraits($names: [String!]!) {\n    validateTraits(names: $names) {\n      valid\n      invalid\n    }\n  }\n"): (typeof documents)["\n  query ValidateTraits($names: [String!]!) {\n    validateTraits(names: $names) {\n      valid\n      invalid\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Providers($filter: ResourceProviderFilter) {\n    resourceProviders(filter: $filter, first: 100) {\n      nodes {\n        id\n        uuid\n        name\n        generation\n        root {\n          id\n          uuid\n        }\n        traits {\n          id\n          name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Providers($filter: ResourceProviderFilter) {\n    resourceProviders(filter: $filter, first: 100) {\n      nodes {\n        id\n        uuid\n        name\n        generation\n        root {\n          id\n          uuid\n        }\n        traits {\n          id\n          name\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProviderTree($root: UUID!) {\n    resourceProviders(filter: { inTree: $root }, first: 500) {\n      nodes {\n        id\n        uuid\n        name\n        generation\n        parent {\n          id\n          uuid\n        }\n        traits {\n          id\n          name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ProviderTree($root: UUID!) {\n    resourceProviders(filter: { inTree: $root }, first: 500) {\n      nodes {\n        id\n        uuid\n        name\n        generation\n        parent {\n          id\n          uuid\n        }\n        traits {\n          id\n          name\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CustomTraits {\n    traits(filter: { standard: false }, first: 500) {\n      totalCount\n      nodes {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query CustomTraits {\n    traits(filter: { standard: false }, first: 500) {\n      totalCount\n      nodes {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BrowseTraits($filter: TraitFilter, $after: String) {\n    traits(filter: $filter, first: 50, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        name\n        standard\n        associated\n      }\n    }\n  }\n"): (typeof documents)["\n  query BrowseTraits($filter: TraitFilter, $after: String) {\n    traits(filter: $filter, first: 50, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        name\n        standard\n        associated\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TraitSuggestions($startsWith: String!) {\n    traits(filter: { startsWith: $startsWith }, first: 20) {\n      nodes {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query TraitSuggestions($startsWith: String!) {\n    traits(filter: { startsWith: $startsWith }, first: 20) {\n      nodes {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription TraitChanged($after: String) {\n    traitChanged(after: $after) {\n      cursor\n      kind\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  subscription TraitChanged($after: String) {\n    traitChanged(after: $after) {\n      cursor\n      kind\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ResourceProviderChanged($after: String) {\n    resourceProviderChanged(after: $after) {\n      cursor\n      kind\n      id\n      resourceProvider {\n        id\n        uuid\n        name\n        generation\n        parent {\n          id\n          uuid\n        }\n        traits {\n          id\n          name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription ResourceProviderChanged($after: String) {\n    resourceProviderChanged(after: $after) {\n      cursor\n      kind\n      id\n      resourceProvider {\n        id\n        uuid\n        name\n        generation\n        parent {\n          id\n          uuid\n        }\n        traits {\n          id\n          name\n        }\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;