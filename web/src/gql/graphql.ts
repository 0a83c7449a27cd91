/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** What a committed write did to a node. DELETED events carry the id only (node is null). */
export type ChangeKind =
  /** The node was created by the committed write, or (catalogChanged) a namespace came into your sight: made public, given to your project, renamed or associated so that your filters match it. */
  | 'CREATED'
  /** The node was deleted, or (catalogChanged) a namespace left your sight: made private, given to another project, renamed or dissociated so that your filters no longer match it. Evict it by id (node is null). */
  | 'DELETED'
  /** The node was changed (for a namespace: also anything in it, in bulk writes). */
  | 'UPDATED';

/** The way a change came in. */
export type ChangeVia =
  /** A `metacatalog` command (seeds, traits sync, restore). */
  | 'CLI'
  /** This API (HTTP or WebSocket). */
  | 'GRAPHQL'
  /** The Glance definition importer (`metadefs load`). */
  | 'IMPORT'
  /** The OpenStack REST routes (Placement's /traits, …), each a GraphQL operation. */
  | 'REST'
  /** SQL by hand: no actor was named by the transaction. */
  | 'SQL';

/** A new namespace with, optionally, everything in it: created all or nothing. Lists are capped (100 associations, 500 properties, objects or tags; BAD_USER_INPUT past that). */
export type CreateNamespaceInput = {
  /** true: the namespace defines every key under its prefix, as Nova's validators do for theirs: validateMetadata refuses a key in its scope that none of its definitions names (with "did you mean" suggestions) instead of listing it as unknown. The scope is each key's text up to its first colon (hw: for hw:cpu_policy, resources{group} for resources{group}:{resource_class}); for keys without a colon, the association's prefix when it has one. */
  complete?: boolean | null | undefined;
  /** What the namespace is for, at most 500 characters (line breaks allowed). */
  description?: string | null | undefined;
  /** Human-readable name, at most 80 characters. */
  displayName?: string | null | undefined;
  /** Unique name, 1–80 characters, e.g. OS::Compute::VirtCPUTopology. CONFLICT when taken. */
  name: string;
  /** Objects, created with the namespace; at most 500. */
  objects?: Array<MetadefObjectInput> | null | undefined;
  /** The owning project, at most 255 characters; admins only (FORBIDDEN for others). Default: the caller's project. */
  owner?: string | null | undefined;
  /** Namespace-level properties, created with the namespace; at most 500. */
  properties?: Array<PropertyDefinitionInput> | null | undefined;
  /** true: the namespace and everything in it cannot be deleted (FORBIDDEN) until set back to false. */
  protected?: boolean | null | undefined;
  /** Resource types to associate, each once (BAD_USER_INPUT for a repeat); at most 100. */
  resourceTypeAssociations?: Array<ResourceTypeAssociationInput> | null | undefined;
  /** Metadef tag names (unique ignoring case), created with the namespace as roots; at most 500. */
  tags?: Array<string> | null | undefined;
  /** Who sees the namespace and everything in it. */
  visibility?: Visibility | null | undefined;
};

/** A resource to register. */
export type CreateResourceInput = {
  /** Display name, at most 255 characters. */
  name?: string | null | undefined;
  /** Owning project, 1–255 characters; another project than the caller's: admins only (FORBIDDEN). Default: the caller's project. */
  projectId?: string | null | undefined;
  /** Key/value properties: a JSON object of at most 500 keys (1–255 characters) to strings (at most 4096 characters), finite numbers or booleans. BAD_USER_INPUT naming the key otherwise. */
  properties?: unknown;
  /** A resource type of the catalog, e.g. OS::Nova::Server. Admins register an unknown type; others get BAD_USER_INPUT. */
  resourceType: string;
  /** Tags: case-sensitive, 1–60 characters, no "/" or ","; duplicates count once, at most 50 (BAD_USER_INPUT otherwise). */
  tags?: Array<string> | null | undefined;
  /** The cloud object's uuid; default: a new random one. CONFLICT when a resource the caller can see has it (the caller's project's; any, for an admin). BAD_USER_INPUT (input.uuid, one message for both) when it cannot be used: the nil or max uuid, or a uuid a resource the caller cannot see has. That answer names no resource and is the one every such uuid gets; but uuids are unique across projects, so a refused uuid other than nil and max is in use somewhere: that much is observable, nothing more (whose it is, its type, name, tags stay hidden, and every other look-up of it answers as for a uuid nobody has). */
  uuid?: string | null | undefined;
};

/** A new resource provider. */
export type CreateResourceProviderInput = {
  /** Unique name, 1–200 characters, single-line (CONFLICT when taken). */
  name: string;
  /** The parent provider (BAD_USER_INPUT when there is none with that uuid); left out: a new root. */
  parentUuid?: string | null | undefined;
  /** Its uuid (CONFLICT when taken); generated when left out. */
  uuid?: string | null | undefined;
};

/** Why validateMetadata followed the definition it followed for a key. */
export type FollowRule =
  /** The key is in the scope of a complete namespace, whose definition decides; the others of the key are not followed. */
  | 'COMPLETE_NAMESPACE'
  /** Several definitions govern the key and none accepts the value: the first one's errors. */
  | 'FIRST'
  /** Several definitions govern the key: the first (by namespace name) that accepts the value. */
  | 'FIRST_ACCEPTING'
  /** It is the one definition of the key. */
  | 'ONLY';

/** An object: a named group of property definitions (replaced as a whole on update). */
export type MetadefObjectInput = {
  /** What the object is for, at most 10000 characters (line breaks allowed). */
  description?: string | null | undefined;
  /** Unique within the namespace, 1–80 characters (CONFLICT when taken). */
  name: string;
  /** Its properties, names unique within the object; at most 500. */
  properties?: Array<PropertyDefinitionInput> | null | undefined;
  /** Properties a user should set: names of its own properties (without prefix); BAD_USER_INPUT for any other name. */
  required?: Array<string> | null | undefined;
};

/** What the text of a placeholder of a parameterized property name may be. */
export type ParameterKind =
  /** A request group suffix: empty, or 1–64 of a-z, A-Z, 0-9, _ and - (Nova's rule), e.g. the 1 of resources1:VCPU. */
  | 'GROUP'
  /** A decimal number, e.g. the 0 of hw:numa_cpus.0. */
  | 'NUMBER'
  /** A resource class: a standard one (os-resource-classes, seeds/standard-resource-classes.txt) or CUSTOM_[A-Z0-9_]+. */
  | 'RESOURCE_CLASS'
  /** Any text without a line break, or what the parameter's pattern matches. */
  | 'TEXT'
  /** The name of a trait the catalog knows, standard or custom (BAD value otherwise, naming it). */
  | 'TRAIT';

/** A property definition (JSON-schema subset of the metadefs spec). Every field left out or null is absent from the stored schema. Checked as a whole: all problems come in one BAD_USER_INPUT, each in extensions.errors with its field (e.g. input.maximum). */
export type PropertyDefinitionInput = {
  /** ARRAY properties only: whether items beyond those described are allowed (kept as Glance has it). */
  additionalItems?: boolean | null | undefined;
  /** true: a STRING value (or item) matches its enum whatever its case, as Nova reads some image properties (os_type LINUX); null or false: exactly. STRING properties (or ARRAY of STRING) only. */
  caseInsensitive?: boolean | null | undefined;
  /** The value assumed when none is set; it satisfies the constraints and enum. BAD_USER_INPUT (input.default) when it does not. */
  default?: unknown;
  /** Set when the key is deprecated: validateMetadata then returns a warning for it, and searchProperties ranks it last; null otherwise. */
  deprecated?: PropertyDeprecationInput | null | undefined;
  /** What the property is for and how the cloud uses it. */
  description?: string | null | undefined;
  /** The only values allowed: at least one, no duplicates, each satisfying the constraints (BAD_USER_INPUT at input.enum.N otherwise). */
  enum?: Array<unknown> | null | undefined;
  /** The type and allowed values of each item: required for ARRAY properties, BAD_USER_INPUT on any other type. */
  items?: PropertyItemsInput | null | undefined;
  /** true: a value the definition refuses is accepted with a warning instead of an error, because its reader ignores it or reads it as a default (Nova reads any text in a boolean image property, anything but true-like as false). */
  lenient?: boolean | null | undefined;
  /** ARRAY properties only: most items of a value. A non-negative integer, at least minItems. */
  maxItems?: number | null | undefined;
  /** Most characters of a STRING value. A non-negative integer, at least minLength. */
  maxLength?: number | null | undefined;
  /** Largest value allowed (INTEGER and NUMBER), inclusive. BAD_USER_INPUT when below minimum. */
  maximum?: number | null | undefined;
  /** ARRAY properties only: fewest items of a value. A non-negative integer. */
  minItems?: number | null | undefined;
  /** Fewest characters of a STRING value. A non-negative integer. */
  minLength?: number | null | undefined;
  /** Smallest value allowed (INTEGER and NUMBER), inclusive. */
  minimum?: number | null | undefined;
  /** Unique within the namespace (or object), 1–80 characters, without prefix. */
  name: string;
  /** Multivalue operators a value may use: any of "<or>", "<in>", "<all-in>", each once. Stored as given. */
  operators?: Array<string> | null | undefined;
  /** The placeholders of a parameterized name (hw:numa_cpus.{num}, resources{group}:{resource_class}), in no particular order, each with its kind; empty for a plain name. A key matches the definition when each placeholder's text is of its kind (validateMetadata: exact names win over patterns). Every {placeholder} of the name needs exactly one parameter and every parameter a placeholder; at most 5 (BAD_USER_INPUT at input.parameters or input.name otherwise). */
  parameters?: Array<PropertyParameterInput> | null | undefined;
  /** A regular expression (ECMAScript, unicode flag) that STRING values match. BAD_USER_INPUT when it does not compile. */
  pattern?: string | null | undefined;
  /** true: the value is set by the cloud, not by users. */
  readonly?: boolean | null | undefined;
  /** Human-readable name of the property, 1–255 characters. Required. */
  title: string;
  /** The type of a value; an ARRAY value is a list of items of items.type. Required. */
  type: PropertyType;
  /** ARRAY properties only: true when the items of a value must be distinct. */
  uniqueItems?: boolean | null | undefined;
};

/** Why a property is deprecated, and what to use instead. */
export type PropertyDeprecationInput = {
  /** Why the key is deprecated, 1–500 characters. */
  reason: string;
  /** The key to use instead, 1–255 characters; null when there is none. */
  replacement?: string | null | undefined;
};

/** The type and allowed values of the items of an ARRAY property. */
export type PropertyItemsInput = {
  /** The only values an item may take, each of the item type; null: any value of the type. At least one, no duplicates (BAD_USER_INPUT at input.items.enum.N otherwise). */
  enum?: Array<unknown> | null | undefined;
  /** The type of each item: a primitive (not ARRAY). Required. */
  type?: PropertyType | null | undefined;
};

/** One placeholder of a parameterized property name, e.g. {num} in numa_cpus.{num}. */
export type PropertyParameterInput = {
  /** What the placeholder stands for, at most 500 characters. */
  description?: string | null | undefined;
  /** What the placeholder's text may be. */
  kind: ParameterKind;
  /** The placeholder's name, as written between braces in the property name (1–40 characters: a letter or _, then letters, digits, _). */
  name: string;
  /** TEXT only: an ECMAScript regular expression (unicode flag) the text matches whole, at most 500 characters; null: any text without a line break. */
  pattern?: string | null | undefined;
};

/** The types a property value may have (JSON-schema types of the metadefs spec). */
export type PropertyType =
  /** A list of items of a primitive type (JSON-schema "array", with items). */
  | 'ARRAY'
  /** true or false (JSON-schema "boolean"). */
  | 'BOOLEAN'
  /** A whole number (JSON-schema "integer"). */
  | 'INTEGER'
  /** Any number (JSON-schema "number"). */
  | 'NUMBER'
  /** Text (JSON-schema "string"). */
  | 'STRING';

/** Every condition given must hold (AND). Tag conditions follow Nova: contradictory ones simply match nothing. Each tag list holds at most 100 tags (BAD_USER_INPUT). */
export type ResourceFilter = {
  /** Has none of these tags. An empty list: every resource. */
  notTags?: Array<string> | null | undefined;
  /** Lacks at least one of these tags (does not have all of them). An empty list: no resource (none lacks one of none). */
  notTagsAny?: Array<string> | null | undefined;
  /** Resources of this project (non-admins only ever see their own project's). */
  projectId?: string | null | undefined;
  /** Resources of this type. */
  resourceType?: string | null | undefined;
  /** Has all of these tags. An empty list: every resource (each has all of none). */
  tags?: Array<string> | null | undefined;
  /** Has at least one of these tags. An empty list: no resource. */
  tagsAny?: Array<string> | null | undefined;
};

/** Which providers to list; conditions given combine with AND. */
export type ResourceProviderFilter = {
  /** Has at least one trait of each inner list (an empty inner list: BAD_USER_INPUT). A name that is no trait (standard or custom, exact case) is BAD_USER_INPUT on filter.anyOf.<index>, "No such trait(s): …" naming every unknown name of the request in one error. */
  anyOf?: Array<Array<string>> | null | undefined;
  /** Has none of these traits. A name that is no trait (standard or custom, exact case) is BAD_USER_INPUT on filter.forbidden, "No such trait(s): …" naming every unknown name of the request in one error. */
  forbidden?: Array<string> | null | undefined;
  /** Providers in the same tree as this one. */
  inTree?: string | null | undefined;
  /** The provider with exactly this name. */
  name?: string | null | undefined;
  /** Has every one of these traits. A name that is no trait (standard or custom, exact case) is BAD_USER_INPUT on filter.required, "No such trait(s): …" naming every unknown name of the request in one error. */
  required?: Array<string> | null | undefined;
  /** The provider with this uuid. */
  uuid?: string | null | undefined;
};

/** Which tags to list, and which resources count; conditions given combine with AND. */
export type ResourceTagUsageFilter = {
  /** Only tags on this project's resources (non-admins only ever count their own project). */
  projectId?: string | null | undefined;
  /** Only tags on resources of this type. */
  resourceType?: string | null | undefined;
  /** Tags containing this text, ignoring case. */
  search?: string | null | undefined;
  /** Tags beginning with this text, ignoring case. */
  startsWith?: string | null | undefined;
};

/** Associates a namespace with a resource type (an unknown type is registered for admins only). */
export type ResourceTypeAssociationInput = {
  /** Resource type name, e.g. OS::Nova::Flavor. An unknown name is registered for admins; BAD_USER_INPUT for others. CONFLICT when the namespace is already associated with it. */
  name: string;
  /** Prefix of property keys on this type, e.g. "hw:", at most 80 characters; null: none. */
  prefix?: string | null | undefined;
  /** Which key/value set of the resource the properties go to, e.g. "image" for OS::Cinder::Volume; at most 80 characters. */
  propertiesTarget?: string | null | undefined;
};

/** Which traits to list; conditions given combine with AND. */
export type TraitFilter = {
  /** true: traits some resource provider has; false: traits no provider has. */
  associated?: boolean | null | undefined;
  /** Only these names (those that exist). An empty list: no trait. */
  names?: Array<string> | null | undefined;
  /** true: standard traits only; false: custom only. */
  standard?: boolean | null | undefined;
  /** Names starting with this prefix, e.g. "HW_CPU". */
  startsWith?: string | null | undefined;
};

/** Changes to a namespace: fields left out stay as they are. All problems come in one BAD_USER_INPUT naming each field. */
export type UpdateNamespaceInput = {
  /** true: the namespace defines every key under its prefix, as Nova's validators do for theirs: validateMetadata refuses a key in its scope that none of its definitions names (with "did you mean" suggestions) instead of listing it as unknown. The scope is each key's text up to its first colon (hw: for hw:cpu_policy, resources{group} for resources{group}:{resource_class}); for keys without a colon, the association's prefix when it has one. null: BAD_USER_INPUT. */
  complete?: boolean | null | undefined;
  /** What the namespace is for, at most 500 characters (line breaks allowed). null clears it. */
  description?: string | null | undefined;
  /** Human-readable name, at most 80 characters. null clears it. */
  displayName?: string | null | undefined;
  /** A new name: Unique name, 1–80 characters, e.g. OS::Compute::VirtCPUTopology. CONFLICT when taken. null: BAD_USER_INPUT. */
  name?: string | null | undefined;
  /** The owning project, at most 255 characters; admins only (FORBIDDEN for others). null: BAD_USER_INPUT. */
  owner?: string | null | undefined;
  /** true: the namespace and everything in it cannot be deleted (FORBIDDEN) until set back to false. null: BAD_USER_INPUT. */
  protected?: boolean | null | undefined;
  /** Who sees the namespace and everything in it. null: BAD_USER_INPUT. */
  visibility?: Visibility | null | undefined;
};

/** Changes to a resource provider: fields left out stay as they are. */
export type UpdateResourceProviderInput = {
  /** A new name: Unique name, 1–200 characters, single-line (CONFLICT when taken). null: BAD_USER_INPUT. */
  name?: string | null | undefined;
  /** Moves the provider (and its subtree) under this parent; null makes it a root. */
  parentUuid?: string | null | undefined;
};

/** Who sees a namespace and everything in it. */
export type Visibility =
  /** Only the owner project and admins see it; others get NOT_FOUND, null or nothing in lists. */
  | 'PRIVATE'
  /** Every project sees it. */
  | 'PUBLIC';

export type NodeHistoryQueryVariables = Exact<{
  id: string | number;
  first: number;
  after?: string | null | undefined;
}>;


export type NodeHistoryQuery = { changes: { pageInfo: { hasNextPage: boolean, endCursor: string | null }, nodes: Array<{ cursor: string, kind: ChangeKind, committedAt: string, actor: { projectId: string | null, userId: string | null, via: ChangeVia } }> } };

export type ResourceTypesQueryVariables = Exact<{ [key: string]: never; }>;


export type ResourceTypesQuery = { resourceTypes: Array<{ id: string, name: string }> };

export type AdminNamespacesQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminNamespacesQuery = { namespaces: { nodes: Array<{ id: string, name: string, displayName: string | null }> } };

export type AdminNamespaceQueryVariables = Exact<{
  name: string;
}>;


export type AdminNamespaceQuery = { namespace: { id: string, name: string, displayName: string | null, description: string | null, visibility: Visibility, protected: boolean, owner: string, resourceTypeAssociations: Array<{ name: string, prefix: string | null, propertiesTarget: string | null }>, properties: Array<{ id: string, name: string, title: string, type: PropertyType }>, objects: Array<{ id: string, name: string, description: string | null, properties: Array<{ id: string, name: string }> }>, tags: Array<{ id: string, name: string, parent: { id: string, name: string } | null }> } | null };

export type CreateNamespaceMutationVariables = Exact<{
  input: CreateNamespaceInput;
}>;


export type CreateNamespaceMutation = { createNamespace: { id: string, name: string } };

export type UpdateNamespaceMutationVariables = Exact<{
  name: string;
  input: UpdateNamespaceInput;
}>;


export type UpdateNamespaceMutation = { updateNamespace: { id: string, name: string, displayName: string | null, description: string | null, visibility: Visibility, protected: boolean } };

export type AssociateResourceTypeMutationVariables = Exact<{
  namespace: string;
  input: ResourceTypeAssociationInput;
}>;


export type AssociateResourceTypeMutation = { associateResourceType: { name: string, prefix: string | null } };

export type CreatePropertyMutationVariables = Exact<{
  namespace: string;
  input: PropertyDefinitionInput;
}>;


export type CreatePropertyMutation = { createProperty: { id: string, name: string } };

export type UpdatePropertyMutationVariables = Exact<{
  namespace: string;
  name: string;
  input: PropertyDefinitionInput;
}>;


export type UpdatePropertyMutation = { updateProperty: { id: string, name: string } };

export type UpdateObjectMutationVariables = Exact<{
  namespace: string;
  name: string;
  input: MetadefObjectInput;
}>;


export type UpdateObjectMutation = { updateObject: { id: string, name: string } };

export type CreateObjectMutationVariables = Exact<{
  namespace: string;
  input: MetadefObjectInput;
}>;


export type CreateObjectMutation = { createObject: { id: string, name: string } };

export type CreateTagMutationVariables = Exact<{
  namespace: string;
  name: string;
  parent?: string | null | undefined;
}>;


export type CreateTagMutation = { createTag: { id: string, name: string } };

export type UpdateTagMutationVariables = Exact<{
  namespace: string;
  name: string;
  newName: string;
  parent?: string | null | undefined;
}>;


export type UpdateTagMutation = { updateTag: { id: string, name: string, parent: { id: string, name: string } | null } };

export type DeleteNodeMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteNodeMutation = { deleteNode: { deletedId: string, deletedNodes: Array<{ typename: string, nodeId: string }> } };

export type AdminTraitsQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminTraitsQuery = { traits: { nodes: Array<{ id: string, name: string, associated: boolean }> } };

export type CreateTraitMutationVariables = Exact<{
  name: string;
}>;


export type CreateTraitMutation = { createTrait: { created: boolean } };

export type AdminProvidersQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminProvidersQuery = { resourceProviders: { nodes: Array<{ id: string, uuid: string, name: string, generation: number, parent: { id: string, uuid: string } | null, traits: Array<{ id: string, name: string }> }> } };

export type CreateProviderMutationVariables = Exact<{
  input: CreateResourceProviderInput;
}>;


export type CreateProviderMutation = { createResourceProvider: { id: string, uuid: string, name: string } };

export type UpdateProviderMutationVariables = Exact<{
  uuid: string;
  input: UpdateResourceProviderInput;
}>;


export type UpdateProviderMutation = { updateResourceProvider: { id: string, uuid: string, name: string, parent: { id: string, uuid: string } | null } };

export type SetProviderTraitsMutationVariables = Exact<{
  uuid: string;
  generation: number;
  traits: Array<string> | string;
}>;


export type SetProviderTraitsMutation = { setResourceProviderTraits: { id: string, generation: number, traits: Array<{ id: string, name: string }> } };

export type AdminResourcesQueryVariables = Exact<{
  filter?: ResourceFilter | null | undefined;
}>;


export type AdminResourcesQuery = { resources: { totalCount: number, nodes: Array<{ id: string, uuid: string, name: string | null, resourceType: string, projectId: string, tags: Array<string> }> } };

export type CreateResourceMutationVariables = Exact<{
  input: CreateResourceInput;
}>;


export type CreateResourceMutation = { createResource: { id: string, uuid: string, name: string | null } };

export type SetResourceTagsMutationVariables = Exact<{
  uuid: string;
  tags: Array<string> | string;
}>;


export type SetResourceTagsMutation = { setResourceTags: Array<string> };

export type ComposeTraitSuggestionsQueryVariables = Exact<{
  startsWith: string;
}>;


export type ComposeTraitSuggestionsQuery = { traits: { nodes: Array<{ id: string, name: string }> } };

export type ComposeCatalogQueryVariables = Exact<{
  resourceType: string;
}>;


export type ComposeCatalogQuery = { namespaces: { totalCount: number, nodes: Array<{ id: string, name: string, displayName: string | null, resourceTypeAssociations: Array<{ name: string, prefix: string | null, propertiesTarget: string | null }>, properties: Array<{ storedName: string, id: string, name: string, title: string, description: string | null, type: PropertyType, enum: Array<unknown> | null, default: unknown, minimum: number | null, maximum: number | null, minLength: number | null, maxLength: number | null, pattern: string | null, operators: Array<string> | null, readonly: boolean | null, minItems: number | null, maxItems: number | null, items: { type: PropertyType | null, enum: Array<unknown> | null } | null, deprecated: { reason: string, replacement: string | null } | null, parameters: Array<{ name: string, kind: ParameterKind, pattern: string | null, description: string | null }> }>, objects: Array<{ id: string, name: string, description: string | null, properties: Array<{ storedName: string, id: string, name: string, title: string, description: string | null, type: PropertyType, enum: Array<unknown> | null, default: unknown, minimum: number | null, maximum: number | null, minLength: number | null, maxLength: number | null, pattern: string | null, operators: Array<string> | null, readonly: boolean | null, minItems: number | null, maxItems: number | null, items: { type: PropertyType | null, enum: Array<unknown> | null } | null, deprecated: { reason: string, replacement: string | null } | null, parameters: Array<{ name: string, kind: ParameterKind, pattern: string | null, description: string | null }> }> }> }> } };

export type ComposeTargetsQueryVariables = Exact<{
  resourceType: string;
}>;


export type ComposeTargetsQuery = { resources: { totalCount: number, nodes: Array<{ id: string, uuid: string, name: string | null, properties: unknown }> } };

export type ValidateDraftQueryVariables = Exact<{
  resourceType: string;
  metadata: unknown;
}>;


export type ValidateDraftQuery = { validateMetadata: { valid: boolean, unknownKeys: Array<string>, errors: Array<{ key: string, message: string, suggestions: Array<string> }>, warnings: Array<{ key: string, message: string, replacement: string | null }>, keys: Array<{ key: string, rule: FollowRule | null, followed: { id: string, namespace: { id: string, name: string, displayName: string | null } } | null, notFollowed: Array<{ id: string, namespace: { id: string, name: string, displayName: string | null } }> }> } };

export type ApplyPropertiesMutationVariables = Exact<{
  uuid: string;
  properties: unknown;
}>;


export type ApplyPropertiesMutation = { setResourceProperties: { id: string, uuid: string, name: string | null, properties: unknown } };

export type NamespacesOfTypeQueryVariables = Exact<{
  resourceType: string;
}>;


export type NamespacesOfTypeQuery = { namespaces: { totalCount: number, nodes: Array<{ id: string, name: string, displayName: string | null }> } };

export type PropertyFieldsFragment = { id: string, name: string, title: string, description: string | null, type: PropertyType, enum: Array<unknown> | null, default: unknown, minimum: number | null, maximum: number | null, minLength: number | null, maxLength: number | null, pattern: string | null, operators: Array<string> | null, readonly: boolean | null, minItems: number | null, maxItems: number | null, items: { type: PropertyType | null, enum: Array<unknown> | null } | null, deprecated: { reason: string, replacement: string | null } | null, parameters: Array<{ name: string, kind: ParameterKind, pattern: string | null, description: string | null }> };

export type NamespaceViewQueryVariables = Exact<{
  name: string;
  resourceType?: string | null | undefined;
}>;


export type NamespaceViewQuery = { namespace: { id: string, name: string, displayName: string | null, description: string | null, visibility: Visibility, protected: boolean, view: { prefix: string } | null, properties: Array<{ id: string, name: string, title: string, description: string | null, type: PropertyType, enum: Array<unknown> | null, default: unknown, minimum: number | null, maximum: number | null, minLength: number | null, maxLength: number | null, pattern: string | null, operators: Array<string> | null, readonly: boolean | null, minItems: number | null, maxItems: number | null, items: { type: PropertyType | null, enum: Array<unknown> | null } | null, deprecated: { reason: string, replacement: string | null } | null, parameters: Array<{ name: string, kind: ParameterKind, pattern: string | null, description: string | null }> }>, objects: Array<{ id: string, name: string, description: string | null, required: Array<string>, properties: Array<{ id: string, name: string, title: string, description: string | null, type: PropertyType, enum: Array<unknown> | null, default: unknown, minimum: number | null, maximum: number | null, minLength: number | null, maxLength: number | null, pattern: string | null, operators: Array<string> | null, readonly: boolean | null, minItems: number | null, maxItems: number | null, items: { type: PropertyType | null, enum: Array<unknown> | null } | null, deprecated: { reason: string, replacement: string | null } | null, parameters: Array<{ name: string, kind: ParameterKind, pattern: string | null, description: string | null }> }> }>, tags: Array<{ id: string, name: string, parent: { id: string, name: string } | null }> } | null };

export type SearchPropertiesQueryVariables = Exact<{
  query: string;
  resourceType?: string | null | undefined;
}>;


export type SearchPropertiesQuery = { searchProperties: { totalCount: number, nodes: Array<{ namespace: { id: string, name: string }, object: { id: string, name: string } | null, property: { id: string, name: string, title: string, description: string | null, type: PropertyType, enum: Array<unknown> | null, default: unknown, minimum: number | null, maximum: number | null, minLength: number | null, maxLength: number | null, pattern: string | null, operators: Array<string> | null, readonly: boolean | null, minItems: number | null, maxItems: number | null, items: { type: PropertyType | null, enum: Array<unknown> | null } | null, deprecated: { reason: string, replacement: string | null } | null, parameters: Array<{ name: string, kind: ParameterKind, pattern: string | null, description: string | null }> } }> } };

export type CatalogChangedSubscriptionVariables = Exact<{
  resourceType?: string | null | undefined;
  after?: string | null | undefined;
}>;


export type CatalogChangedSubscription = { catalogChanged: { cursor: string, kind: ChangeKind, id: string, nodeType: string, namespace: string } };

export type ResourcesQueryVariables = Exact<{
  filter?: ResourceFilter | null | undefined;
}>;


export type ResourcesQuery = { resources: { totalCount: number, nodes: Array<{ id: string, uuid: string, name: string | null, resourceType: string, projectId: string, tags: Array<string> }> } };

export type TagUsageQueryVariables = Exact<{
  filter?: ResourceTagUsageFilter | null | undefined;
}>;


export type TagUsageQuery = { resourceTagUsage: { nodes: Array<{ tag: string, normalized: string, count: number, caseVariants: Array<string>, resourceTypes: Array<{ resourceType: string, count: number }> }> } };

export type DiscoveryQueryVariables = Exact<{
  resourceType: string;
  includePrivate: boolean;
}>;


export type DiscoveryQuery = { resourceProperties: Array<{ id: string, name: string, private: boolean, values: Array<unknown>, definition: { id: string, name: string, title: string, type: PropertyType } | null }> };

export type PrivateKeysQueryVariables = Exact<{
  resourceType: string;
}>;


export type PrivateKeysQuery = { resourceProperties: Array<{ id: string, name: string, private: boolean }> };

export type ResourceChangedSubscriptionVariables = Exact<{
  resourceType?: string | null | undefined;
  after?: string | null | undefined;
}>;


export type ResourceChangedSubscription = { resourceChanged: { cursor: string, kind: ChangeKind, id: string, resource: { id: string, uuid: string, name: string | null, resourceType: string, projectId: string, tags: Array<string> } | null } };

export type ValidateTraitsQueryVariables = Exact<{
  names: Array<string> | string;
}>;


export type ValidateTraitsQuery = { validateTraits: { valid: Array<string>, invalid: Array<string> } };

export type ProvidersQueryVariables = Exact<{
  filter?: ResourceProviderFilter | null | undefined;
}>;


export type ProvidersQuery = { resourceProviders: { nodes: Array<{ id: string, uuid: string, name: string, generation: number, root: { id: string, uuid: string }, traits: Array<{ id: string, name: string }> }> } };

export type ProviderTreeQueryVariables = Exact<{
  root: string;
}>;


export type ProviderTreeQuery = { resourceProviders: { nodes: Array<{ id: string, uuid: string, name: string, generation: number, parent: { id: string, uuid: string } | null, traits: Array<{ id: string, name: string }> }> } };

export type CustomTraitsQueryVariables = Exact<{ [key: string]: never; }>;


export type CustomTraitsQuery = { traits: { totalCount: number, nodes: Array<{ id: string, name: string }> } };

export type BrowseTraitsQueryVariables = Exact<{
  filter?: TraitFilter | null | undefined;
  after?: string | null | undefined;
}>;


export type BrowseTraitsQuery = { traits: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, nodes: Array<{ id: string, name: string, standard: boolean, associated: boolean }> } };

export type TraitSuggestionsQueryVariables = Exact<{
  startsWith: string;
}>;


export type TraitSuggestionsQuery = { traits: { nodes: Array<{ id: string, name: string }> } };

export type TraitChangedSubscriptionVariables = Exact<{
  after?: string | null | undefined;
}>;


export type TraitChangedSubscription = { traitChanged: { cursor: string, kind: ChangeKind, id: string, name: string } };

export type ResourceProviderChangedSubscriptionVariables = Exact<{
  after?: string | null | undefined;
}>;


export type ResourceProviderChangedSubscription = { resourceProviderChanged: { cursor: string, kind: ChangeKind, id: string, resourceProvider: { id: string, uuid: string, name: string, generation: number, parent: { id: string, uuid: string } | null, traits: Array<{ id: string, name: string }> } | null } };

export const PropertyFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PropertyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PropertyDefinition"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"enum"}},{"kind":"Field","name":{"kind":"Name","value":"default"}},{"kind":"Field","name":{"kind":"Name","value":"minimum"}},{"kind":"Field","name":{"kind":"Name","value":"maximum"}},{"kind":"Field","name":{"kind":"Name","value":"minLength"}},{"kind":"Field","name":{"kind":"Name","value":"maxLength"}},{"kind":"Field","name":{"kind":"Name","value":"pattern"}},{"kind":"Field","name":{"kind":"Name","value":"operators"}},{"kind":"Field","name":{"kind":"Name","value":"readonly"}},{"kind":"Field","name":{"kind":"Name","value":"minItems"}},{"kind":"Field","name":{"kind":"Name","value":"maxItems"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"enum"}}]}},{"kind":"Field","name":{"kind":"Name","value":"deprecated"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"replacement"}}]}},{"kind":"Field","name":{"kind":"Name","value":"parameters"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"pattern"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]} as unknown as DocumentNode<PropertyFieldsFragment, unknown>;
export const NodeHistoryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"NodeHistory"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"changes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"nodeId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"committedAt"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"via"}}]}}]}}]}}]}}]} as unknown as DocumentNode<NodeHistoryQuery, NodeHistoryQueryVariables>;
export const ResourceTypesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ResourceTypes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resourceTypes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<ResourceTypesQuery, ResourceTypesQueryVariables>;
export const AdminNamespacesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminNamespaces"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"namespaces"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"500"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]}}]} as unknown as DocumentNode<AdminNamespacesQuery, AdminNamespacesQueryVariables>;
export const AdminNamespaceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminNamespace"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"namespace"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}},{"kind":"Field","name":{"kind":"Name","value":"protected"}},{"kind":"Field","name":{"kind":"Name","value":"owner"}},{"kind":"Field","name":{"kind":"Name","value":"resourceTypeAssociations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"propertiesTarget"}}]}},{"kind":"Field","name":{"kind":"Name","value":"properties"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"objects"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"properties"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"tags"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"parent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]} as unknown as DocumentNode<AdminNamespaceQuery, AdminNamespaceQueryVariables>;
export const CreateNamespaceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateNamespace"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateNamespaceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createNamespace"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<CreateNamespaceMutation, CreateNamespaceMutationVariables>;
export const UpdateNamespaceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateNamespace"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateNamespaceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateNamespace"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}},{"kind":"Field","name":{"kind":"Name","value":"protected"}}]}}]}}]} as unknown as DocumentNode<UpdateNamespaceMutation, UpdateNamespaceMutationVariables>;
export const AssociateResourceTypeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AssociateResourceType"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"namespace"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ResourceTypeAssociationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"associateResourceType"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"namespace"},"value":{"kind":"Variable","name":{"kind":"Name","value":"namespace"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}}]}}]}}]} as unknown as DocumentNode<AssociateResourceTypeMutation, AssociateResourceTypeMutationVariables>;
export const CreatePropertyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateProperty"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"namespace"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PropertyDefinitionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createProperty"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"namespace"},"value":{"kind":"Variable","name":{"kind":"Name","value":"namespace"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<CreatePropertyMutation, CreatePropertyMutationVariables>;
export const UpdatePropertyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateProperty"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"namespace"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PropertyDefinitionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateProperty"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"namespace"},"value":{"kind":"Variable","name":{"kind":"Name","value":"namespace"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<UpdatePropertyMutation, UpdatePropertyMutationVariables>;
export const UpdateObjectDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateObject"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"namespace"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MetadefObjectInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateObject"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"namespace"},"value":{"kind":"Variable","name":{"kind":"Name","value":"namespace"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<UpdateObjectMutation, UpdateObjectMutationVariables>;
export const CreateObjectDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateObject"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"namespace"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MetadefObjectInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createObject"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"namespace"},"value":{"kind":"Variable","name":{"kind":"Name","value":"namespace"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<CreateObjectMutation, CreateObjectMutationVariables>;
export const CreateTagDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateTag"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"namespace"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"parent"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTag"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"namespace"},"value":{"kind":"Variable","name":{"kind":"Name","value":"namespace"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"parent"},"value":{"kind":"Variable","name":{"kind":"Name","value":"parent"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<CreateTagMutation, CreateTagMutationVariables>;
export const UpdateTagDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateTag"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"namespace"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"newName"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"parent"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateTag"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"namespace"},"value":{"kind":"Variable","name":{"kind":"Name","value":"namespace"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"newName"},"value":{"kind":"Variable","name":{"kind":"Name","value":"newName"}}},{"kind":"Argument","name":{"kind":"Name","value":"parent"},"value":{"kind":"Variable","name":{"kind":"Name","value":"parent"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"parent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<UpdateTagMutation, UpdateTagMutationVariables>;
export const DeleteNodeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteNode"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteNode"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deletedId"}},{"kind":"Field","name":{"kind":"Name","value":"deletedNodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"typename"}},{"kind":"Field","name":{"kind":"Name","value":"nodeId"}}]}}]}}]}}]} as unknown as DocumentNode<DeleteNodeMutation, DeleteNodeMutationVariables>;
export const AdminTraitsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminTraits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"traits"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"standard"},"value":{"kind":"BooleanValue","value":false}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"500"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"associated"}}]}}]}}]}}]} as unknown as DocumentNode<AdminTraitsQuery, AdminTraitsQueryVariables>;
export const CreateTraitDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateTrait"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTrait"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"created"}}]}}]}}]} as unknown as DocumentNode<CreateTraitMutation, CreateTraitMutationVariables>;
export const AdminProvidersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminProviders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resourceProviders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"500"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"uuid"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"generation"}},{"kind":"Field","name":{"kind":"Name","value":"parent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"uuid"}}]}},{"kind":"Field","name":{"kind":"Name","value":"traits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]} as unknown as DocumentNode<AdminProvidersQuery, AdminProvidersQueryVariables>;
export const CreateProviderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateProvider"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateResourceProviderInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createResourceProvider"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"uuid"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<CreateProviderMutation, CreateProviderMutationVariables>;
export const UpdateProviderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateProvider"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"uuid"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateResourceProviderInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateResourceProvider"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"uuid"},"value":{"kind":"Variable","name":{"kind":"Name","value":"uuid"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"uuid"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"parent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"uuid"}}]}}]}}]}}]} as unknown as DocumentNode<UpdateProviderMutation, UpdateProviderMutationVariables>;
export const SetProviderTraitsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetProviderTraits"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"uuid"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"generation"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"traits"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setResourceProviderTraits"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"uuid"},"value":{"kind":"Variable","name":{"kind":"Name","value":"uuid"}}},{"kind":"Argument","name":{"kind":"Name","value":"generation"},"value":{"kind":"Variable","name":{"kind":"Name","value":"generation"}}},{"kind":"Argument","name":{"kind":"Name","value":"traits"},"value":{"kind":"Variable","name":{"kind":"Name","value":"traits"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"generation"}},{"kind":"Field","name":{"kind":"Name","value":"traits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<SetProviderTraitsMutation, SetProviderTraitsMutationVariables>;
export const AdminResourcesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminResources"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ResourceFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resources"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"500"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"uuid"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"resourceType"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}}]}}]}}]}}]} as unknown as DocumentNode<AdminResourcesQuery, AdminResourcesQueryVariables>;
export const CreateResourceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateResource"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateResourceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createResource"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"uuid"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<CreateResourceMutation, CreateResourceMutationVariables>;
export const SetResourceTagsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetResourceTags"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"uuid"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"tags"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setResourceTags"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"uuid"},"value":{"kind":"Variable","name":{"kind":"Name","value":"uuid"}}},{"kind":"Argument","name":{"kind":"Name","value":"tags"},"value":{"kind":"Variable","name":{"kind":"Name","value":"tags"}}}]}]}}]} as unknown as DocumentNode<SetResourceTagsMutation, SetResourceTagsMutationVariables>;
export const ComposeTraitSuggestionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ComposeTraitSuggestions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"startsWith"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"traits"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"startsWith"},"value":{"kind":"Variable","name":{"kind":"Name","value":"startsWith"}}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<ComposeTraitSuggestionsQuery, ComposeTraitSuggestionsQueryVariables>;
export const ComposeCatalogDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ComposeCatalog"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"resourceType"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"namespaces"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"resourceTypes"},"value":{"kind":"ListValue","values":[{"kind":"Variable","name":{"kind":"Name","value":"resourceType"}}]}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"resourceTypeAssociations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"propertiesTarget"}}]}},{"kind":"Field","name":{"kind":"Name","value":"properties"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PropertyFields"}},{"kind":"Field","name":{"kind":"Name","value":"storedName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"objects"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"properties"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PropertyFields"}},{"kind":"Field","name":{"kind":"Name","value":"storedName"}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PropertyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PropertyDefinition"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"enum"}},{"kind":"Field","name":{"kind":"Name","value":"default"}},{"kind":"Field","name":{"kind":"Name","value":"minimum"}},{"kind":"Field","name":{"kind":"Name","value":"maximum"}},{"kind":"Field","name":{"kind":"Name","value":"minLength"}},{"kind":"Field","name":{"kind":"Name","value":"maxLength"}},{"kind":"Field","name":{"kind":"Name","value":"pattern"}},{"kind":"Field","name":{"kind":"Name","value":"operators"}},{"kind":"Field","name":{"kind":"Name","value":"readonly"}},{"kind":"Field","name":{"kind":"Name","value":"minItems"}},{"kind":"Field","name":{"kind":"Name","value":"maxItems"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"enum"}}]}},{"kind":"Field","name":{"kind":"Name","value":"deprecated"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"replacement"}}]}},{"kind":"Field","name":{"kind":"Name","value":"parameters"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"pattern"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]} as unknown as DocumentNode<ComposeCatalogQuery, ComposeCatalogQueryVariables>;
export const ComposeTargetsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ComposeTargets"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"resourceType"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resources"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"resourceType"},"value":{"kind":"Variable","name":{"kind":"Name","value":"resourceType"}}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"500"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"uuid"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"properties"}}]}}]}}]}}]} as unknown as DocumentNode<ComposeTargetsQuery, ComposeTargetsQueryVariables>;
export const ValidateDraftDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ValidateDraft"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"resourceType"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"metadata"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"JSON"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"validateMetadata"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"resourceType"},"value":{"kind":"Variable","name":{"kind":"Name","value":"resourceType"}}},{"kind":"Argument","name":{"kind":"Name","value":"metadata"},"value":{"kind":"Variable","name":{"kind":"Name","value":"metadata"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"valid"}},{"kind":"Field","name":{"kind":"Name","value":"unknownKeys"}},{"kind":"Field","name":{"kind":"Name","value":"errors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"suggestions"}}]}},{"kind":"Field","name":{"kind":"Name","value":"warnings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"replacement"}}]}},{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"followed"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"namespace"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"notFollowed"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"namespace"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<ValidateDraftQuery, ValidateDraftQueryVariables>;
export const ApplyPropertiesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ApplyProperties"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"uuid"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"properties"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"JSON"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setResourceProperties"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"uuid"},"value":{"kind":"Variable","name":{"kind":"Name","value":"uuid"}}},{"kind":"Argument","name":{"kind":"Name","value":"properties"},"value":{"kind":"Variable","name":{"kind":"Name","value":"properties"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"uuid"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"properties"}}]}}]}}]} as unknown as DocumentNode<ApplyPropertiesMutation, ApplyPropertiesMutationVariables>;
export const NamespacesOfTypeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"NamespacesOfType"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"resourceType"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"namespaces"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"resourceTypes"},"value":{"kind":"ListValue","values":[{"kind":"Variable","name":{"kind":"Name","value":"resourceType"}}]}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"500"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]}}]} as unknown as DocumentNode<NamespacesOfTypeQuery, NamespacesOfTypeQueryVariables>;
export const NamespaceViewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"NamespaceView"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"resourceType"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"namespace"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"resourceType"},"value":{"kind":"Variable","name":{"kind":"Name","value":"resourceType"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}},{"kind":"Field","name":{"kind":"Name","value":"protected"}},{"kind":"Field","name":{"kind":"Name","value":"view"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"prefix"}}]}},{"kind":"Field","name":{"kind":"Name","value":"properties"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PropertyFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"objects"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"required"}},{"kind":"Field","name":{"kind":"Name","value":"properties"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PropertyFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"tags"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"parent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PropertyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PropertyDefinition"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"enum"}},{"kind":"Field","name":{"kind":"Name","value":"default"}},{"kind":"Field","name":{"kind":"Name","value":"minimum"}},{"kind":"Field","name":{"kind":"Name","value":"maximum"}},{"kind":"Field","name":{"kind":"Name","value":"minLength"}},{"kind":"Field","name":{"kind":"Name","value":"maxLength"}},{"kind":"Field","name":{"kind":"Name","value":"pattern"}},{"kind":"Field","name":{"kind":"Name","value":"operators"}},{"kind":"Field","name":{"kind":"Name","value":"readonly"}},{"kind":"Field","name":{"kind":"Name","value":"minItems"}},{"kind":"Field","name":{"kind":"Name","value":"maxItems"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"enum"}}]}},{"kind":"Field","name":{"kind":"Name","value":"deprecated"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"replacement"}}]}},{"kind":"Field","name":{"kind":"Name","value":"parameters"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"pattern"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]} as unknown as DocumentNode<NamespaceViewQuery, NamespaceViewQueryVariables>;
export const SearchPropertiesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SearchProperties"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"query"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"resourceType"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"searchProperties"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"query"}}},{"kind":"Argument","name":{"kind":"Name","value":"resourceType"},"value":{"kind":"Variable","name":{"kind":"Name","value":"resourceType"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"25"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"namespace"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"object"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"property"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PropertyFields"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PropertyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PropertyDefinition"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"enum"}},{"kind":"Field","name":{"kind":"Name","value":"default"}},{"kind":"Field","name":{"kind":"Name","value":"minimum"}},{"kind":"Field","name":{"kind":"Name","value":"maximum"}},{"kind":"Field","name":{"kind":"Name","value":"minLength"}},{"kind":"Field","name":{"kind":"Name","value":"maxLength"}},{"kind":"Field","name":{"kind":"Name","value":"pattern"}},{"kind":"Field","name":{"kind":"Name","value":"operators"}},{"kind":"Field","name":{"kind":"Name","value":"readonly"}},{"kind":"Field","name":{"kind":"Name","value":"minItems"}},{"kind":"Field","name":{"kind":"Name","value":"maxItems"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"enum"}}]}},{"kind":"Field","name":{"kind":"Name","value":"deprecated"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"replacement"}}]}},{"kind":"Field","name":{"kind":"Name","value":"parameters"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"pattern"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]} as unknown as DocumentNode<SearchPropertiesQuery, SearchPropertiesQueryVariables>;
export const CatalogChangedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"CatalogChanged"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"resourceType"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"catalogChanged"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"resourceType"},"value":{"kind":"Variable","name":{"kind":"Name","value":"resourceType"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"nodeType"}},{"kind":"Field","name":{"kind":"Name","value":"namespace"}}]}}]}}]} as unknown as DocumentNode<CatalogChangedSubscription, CatalogChangedSubscriptionVariables>;
export const ResourcesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Resources"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ResourceFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resources"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"uuid"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"resourceType"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}}]}}]}}]}}]} as unknown as DocumentNode<ResourcesQuery, ResourcesQueryVariables>;
export const TagUsageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TagUsage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ResourceTagUsageFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resourceTagUsage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tag"}},{"kind":"Field","name":{"kind":"Name","value":"normalized"}},{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"caseVariants"}},{"kind":"Field","name":{"kind":"Name","value":"resourceTypes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resourceType"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}}]}}]}}]}}]} as unknown as DocumentNode<TagUsageQuery, TagUsageQueryVariables>;
export const DiscoveryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Discovery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"resourceType"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"includePrivate"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resourceProperties"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"resourceType"},"value":{"kind":"Variable","name":{"kind":"Name","value":"resourceType"}}},{"kind":"Argument","name":{"kind":"Name","value":"includePrivate"},"value":{"kind":"Variable","name":{"kind":"Name","value":"includePrivate"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"private"}},{"kind":"Field","name":{"kind":"Name","value":"values"}},{"kind":"Field","name":{"kind":"Name","value":"definition"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}}]}}]}}]} as unknown as DocumentNode<DiscoveryQuery, DiscoveryQueryVariables>;
export const PrivateKeysDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PrivateKeys"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"resourceType"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resourceProperties"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"resourceType"},"value":{"kind":"Variable","name":{"kind":"Name","value":"resourceType"}}},{"kind":"Argument","name":{"kind":"Name","value":"includePrivate"},"value":{"kind":"BooleanValue","value":true}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"private"}}]}}]}}]} as unknown as DocumentNode<PrivateKeysQuery, PrivateKeysQueryVariables>;
export const ResourceChangedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"ResourceChanged"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"resourceType"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resourceChanged"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"resourceType"},"value":{"kind":"Variable","name":{"kind":"Name","value":"resourceType"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"resource"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"uuid"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"resourceType"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}}]}}]}}]}}]} as unknown as DocumentNode<ResourceChangedSubscription, ResourceChangedSubscriptionVariables>;
export const ValidateTraitsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ValidateTraits"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"names"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"validateTraits"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"names"},"value":{"kind":"Variable","name":{"kind":"Name","value":"names"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"valid"}},{"kind":"Field","name":{"kind":"Name","value":"invalid"}}]}}]}}]} as unknown as DocumentNode<ValidateTraitsQuery, ValidateTraitsQueryVariables>;
export const ProvidersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Providers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ResourceProviderFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resourceProviders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"uuid"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"generation"}},{"kind":"Field","name":{"kind":"Name","value":"root"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"uuid"}}]}},{"kind":"Field","name":{"kind":"Name","value":"traits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ProvidersQuery, ProvidersQueryVariables>;
export const ProviderTreeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProviderTree"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"root"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resourceProviders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"inTree"},"value":{"kind":"Variable","name":{"kind":"Name","value":"root"}}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"500"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"uuid"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"generation"}},{"kind":"Field","name":{"kind":"Name","value":"parent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"uuid"}}]}},{"kind":"Field","name":{"kind":"Name","value":"traits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ProviderTreeQuery, ProviderTreeQueryVariables>;
export const CustomTraitsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CustomTraits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"traits"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"standard"},"value":{"kind":"BooleanValue","value":false}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"500"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<CustomTraitsQuery, CustomTraitsQueryVariables>;
export const BrowseTraitsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BrowseTraits"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"TraitFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"traits"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"50"}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"standard"}},{"kind":"Field","name":{"kind":"Name","value":"associated"}}]}}]}}]}}]} as unknown as DocumentNode<BrowseTraitsQuery, BrowseTraitsQueryVariables>;
export const TraitSuggestionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TraitSuggestions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"startsWith"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"traits"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"startsWith"},"value":{"kind":"Variable","name":{"kind":"Name","value":"startsWith"}}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<TraitSuggestionsQuery, TraitSuggestionsQueryVariables>;
export const TraitChangedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"TraitChanged"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"traitChanged"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<TraitChangedSubscription, TraitChangedSubscriptionVariables>;
export const ResourceProviderChangedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"ResourceProviderChanged"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resourceProviderChanged"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"resourceProvider"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"uuid"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"generation"}},{"kind":"Field","name":{"kind":"Name","value":"parent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"uuid"}}]}},{"kind":"Field","name":{"kind":"Name","value":"traits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ResourceProviderChangedSubscription, ResourceProviderChangedSubscriptionVariables>;