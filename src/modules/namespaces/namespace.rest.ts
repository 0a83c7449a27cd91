import {
  glanceBody,
  glanceProperty,
  glanceTime,
  glanceVisibility,
  present,
  propertyInputs,
} from '../../common/glance-json';
import { decodeGlobalId } from '../../common/relay/global-id';
import { OrderDirection } from '../../common/relay/order';
import { MAX_PAGE_SIZE } from '../../common/relay/paginate';
import { defineRestRoutes, oneParameter, RestInputError, type RestRequest } from '../../common/rest';
import { NamespaceOrderField } from './namespace.inputs';
import { namespaceCursor } from './namespace.service';

/**
 * Glance's /v2/metadefs/namespaces and a namespace's resource type associations (docs/openstack.md), each route one
 * GraphQL operation: what GraphQL refuses, these refuse the same way. Bodies as glance/api/v2/metadef_namespaces.py
 * and metadef_resource_types.py answer them: unset attributes left out, `self` and `schema` relative to the API.
 */

const NAMESPACES = '/v2/metadefs/namespaces';

interface AssociationData {
  name: string;
  prefix: string | null;
  propertiesTarget: string | null;
  createdAt: string;
  updatedAt: string | null;
}
interface PropertyData {
  name: string;
  schema: Record<string, unknown>;
}
interface NamespaceData {
  id: string;
  name: string;
  displayName: string | null;
  description: string | null;
  visibility: string;
  protected: boolean;
  owner: string;
  createdAt: string;
  updatedAt: string | null;
  resourceTypeAssociations?: AssociationData[];
  properties?: PropertyData[];
  objects?: {
    name: string;
    description: string | null;
    required: string[];
    createdAt: string;
    updatedAt: string | null;
    properties: PropertyData[];
  }[];
  tags?: { name: string }[];
}

const ASSOCIATION_FIELDS = 'name prefix propertiesTarget createdAt updatedAt';
const BASE_FIELDS = 'id name displayName description visibility protected owner createdAt updatedAt';
const LISTED_FIELDS = `${BASE_FIELDS} resourceTypeAssociations { ${ASSOCIATION_FIELDS} }`;
const FULL_FIELDS = `${LISTED_FIELDS} properties { name schema }
  objects { name description required createdAt updatedAt properties { name schema } } tags { name }`;

export const associationJson = (association: AssociationData) =>
  present({
    name: association.name,
    prefix: association.prefix,
    properties_target: association.propertiesTarget,
    created_at: glanceTime(association.createdAt),
    updated_at: glanceTime(association.updatedAt),
  });

const propertiesJson = (properties: PropertyData[]) =>
  Object.fromEntries(properties.map((property) => [property.name, glanceProperty(property.schema)]));

/** A namespace as Glance shows it: what `data` holds (lists only when not empty), with `self` and `schema`. */
function namespaceJson(namespace: NamespaceData): Record<string, unknown> {
  const { resourceTypeAssociations: associations, properties, objects, tags } = namespace;
  const self = `${NAMESPACES}/${namespace.name}`;
  return present({
    namespace: namespace.name,
    display_name: namespace.displayName,
    description: namespace.description,
    visibility: glanceVisibility(namespace.visibility),
    protected: namespace.protected,
    owner: namespace.owner,
    created_at: glanceTime(namespace.createdAt),
    updated_at: glanceTime(namespace.updatedAt),
    resource_type_associations: associations?.length ? associations.map(associationJson) : undefined,
    properties: properties?.length ? propertiesJson(properties) : undefined,
    objects: objects?.length
      ? objects.map((object) =>
          present({
            name: object.name,
            description: object.description,
            required: object.required,
            properties: propertiesJson(object.properties),
            schema: '/v2/schemas/metadefs/object',
            self: `${self}/objects/${object.name}`,
            created_at: glanceTime(object.createdAt),
            updated_at: glanceTime(object.updatedAt),
          }),
        )
      : undefined,
    tags: tags?.length ? tags.map((tag) => ({ name: tag.name })) : undefined,
    self,
    schema: '/v2/schemas/metadefs/namespace',
  });
}

/** Glance's sort keys (any namespace column there) that the catalog orders by: NamespaceOrderField's names. */
const SORT_KEYS: Record<string, keyof typeof NamespaceOrderField> = {
  created_at: 'CREATED_AT',
  updated_at: 'UPDATED_AT',
  namespace: 'NAME',
  display_name: 'DISPLAY_NAME',
  owner: 'OWNER',
  protected: 'PROTECTED',
  visibility: 'VISIBILITY',
};

/** Glance's limit_param_default and api_limit_max. */
const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 1000;

function listLimit(request: RestRequest): number {
  const given = oneParameter(request, 'limit');
  if (given === undefined) return DEFAULT_LIMIT;
  if (!/^\s*[-+]?\d+\s*$/.test(given)) throw new RestInputError('limit param must be an integer');
  const limit = Number(given);
  if (limit < 0) throw new RestInputError('limit param must be positive');
  return Math.min(limit, MAX_LIMIT);
}

/** The list's order as GraphQL's NamespaceOrder takes it (enum names). */
function listOrder(request: RestRequest): {
  field: keyof typeof NamespaceOrderField;
  direction: OrderDirection;
} {
  const key = oneParameter(request, 'sort_key') ?? 'created_at';
  const field = SORT_KEYS[key];
  if (!field) {
    throw new RestInputError(
      `Invalid sort key: ${key.slice(0, 80)}. Sort keys: ${Object.keys(SORT_KEYS).join(', ')}`,
    );
  }
  const dir = oneParameter(request, 'sort_dir') ?? 'desc';
  if (dir !== 'asc' && dir !== 'desc')
    throw new RestInputError(`Invalid sort direction: ${dir.slice(0, 80)}`);
  return { field, direction: dir === 'asc' ? OrderDirection.ASC : OrderDirection.DESC };
}

function listFilter(request: RestRequest): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  const visibility = oneParameter(request, 'visibility');
  if (visibility) {
    if (visibility !== 'public' && visibility !== 'private') {
      throw new RestInputError(`Invalid visibility value: ${visibility.slice(0, 80)}`);
    }
    filter.visibility = visibility.toUpperCase();
  }
  const resourceTypes = oneParameter(request, 'resource_types');
  if (resourceTypes !== undefined) filter.resourceTypes = resourceTypes.split(',');
  return filter;
}

/** The query string of a list link: the request's parameters (each once, the last value), `marker` as given. */
function listLink(request: RestRequest, marker?: string): string {
  const params = new URLSearchParams();
  for (const key of new Set(request.query.keys())) {
    if (key !== 'marker') params.set(key, request.query.getAll(key).at(-1)!);
  }
  if (marker !== undefined) params.set('marker', marker);
  const query = params.toString();
  return query ? `${NAMESPACES}?${query}` : NAMESPACES;
}

const notFound = (name: string) => new RestInputError(`Namespace ${name.slice(0, 200)} not found`, 404);

/** The namespace fields a create or replace body gives, as GraphQL input (the associations only on create). */
function namespaceInput(body: Record<string, unknown>): Record<string, unknown> {
  return {
    name: body.namespace,
    displayName: body.display_name ?? null,
    description: body.description ?? null,
    visibility: typeof body.visibility === 'string' ? body.visibility.toUpperCase() : 'PRIVATE',
    protected: body.protected ?? false,
  };
}

const associationInput = (association: Record<string, unknown>) =>
  present({
    name: association.name,
    prefix: association.prefix,
    propertiesTarget: association.properties_target,
  });

export const namespaceRestRoutes = defineRestRoutes([
  {
    api: 'glance',
    method: 'GET',
    path: NAMESPACES,
    operation: `query GlanceListNamespaces($first: Int, $after: String, $filter: NamespaceFilter, $orderBy: NamespaceOrder) {
      namespaces(first: $first, after: $after, filter: $filter, orderBy: $orderBy) {
        nodes { ${LISTED_FIELDS} } pageInfo { hasNextPage endCursor }
      }
    }`,
    variables: (request) => {
      const marker = oneParameter(request, 'marker');
      return {
        first: Math.min(listLimit(request), MAX_PAGE_SIZE),
        filter: listFilter(request),
        orderBy: listOrder(request),
        marker: marker ?? '',
        hasMarker: marker !== undefined,
      };
    },
    // The marker is a name: the list goes on after that namespace in the order asked (404 when it is not visible).
    precondition: {
      operation: `query GlanceNamespaceMarker($marker: String! = "", $hasMarker: Boolean!) {
        marker: namespace(name: $marker) @include(if: $hasMarker) { ${BASE_FIELDS} }
      }`,
      holds: (data, _request, variables) => {
        if (!variables.hasMarker) return undefined;
        const marker = data.marker as NamespaceData | null;
        if (!marker) throw notFound(variables.marker as string);
        const { field, direction } = variables.orderBy as ReturnType<typeof listOrder>;
        const cursor = namespaceCursor(NamespaceOrderField[field], direction, {
          pk: Number(decodeGlobalId(marker.id).key),
          name: marker.name,
          displayName: marker.displayName,
          protected: marker.protected,
          visibility: marker.visibility as never,
          owner: marker.owner,
          createdAt: new Date(marker.createdAt),
          updatedAt: new Date(marker.updatedAt ?? marker.createdAt),
        });
        return { after: cursor };
      },
    },
    allPages: 'namespaces',
    pagesUpTo: listLimit,
    answer: (data, request) => {
      const limit = listLimit(request);
      const nodes = (data.namespaces as { nodes: NamespaceData[] }).nodes.slice(0, limit);
      return {
        status: 200,
        body: {
          namespaces: nodes.map(namespaceJson),
          first: listLink(request),
          schema: '/v2/schemas/metadefs/namespaces',
          ...(nodes.length && nodes.length === limit
            ? { next: listLink(request, nodes[nodes.length - 1].name) }
            : {}),
        },
      };
    },
  },
  {
    api: 'glance',
    method: 'GET',
    path: `${NAMESPACES}/{namespace}`,
    operation: `query GlanceShowNamespace($name: String!, $resourceType: String) {
      namespace(name: $name, resourceType: $resourceType) { ${FULL_FIELDS} }
    }`,
    variables: (request) => ({
      name: request.params.namespace,
      resourceType: oneParameter(request, 'resource_type') || null,
    }),
    answer: (data, request) => {
      const namespace = data.namespace as NamespaceData | null;
      if (!namespace) {
        throw new RestInputError(
          `Metadata definition namespace=${request.params.namespace.slice(0, 200)} was not found.`,
          404,
        );
      }
      return { status: 200, body: namespaceJson(namespace) };
    },
  },
  {
    api: 'glance',
    method: 'POST',
    path: NAMESPACES,
    operation: `mutation GlanceCreateNamespace($input: CreateNamespaceInput!) {
      createNamespace(input: $input) { ${FULL_FIELDS} }
    }`,
    variables: (request) => {
      const body = glanceBody(request, 'namespace');
      const objects = body.objects as Record<string, unknown>[] | undefined;
      const tags = body.tags as { name: string }[] | undefined;
      const associations = body.resource_type_associations as Record<string, unknown>[] | undefined;
      return {
        input: present({
          ...namespaceInput(body),
          owner: body.owner,
          resourceTypeAssociations: associations?.map(associationInput),
          properties: propertyInputs(body.properties),
          objects: objects?.map((object) =>
            present({
              name: object.name,
              description: object.description,
              required: object.required,
              properties: propertyInputs(object.properties),
            }),
          ),
          tags: tags?.map((tag) => tag.name),
        }),
      };
    },
    answer: (data, request) => {
      const namespace = data.createNamespace as NamespaceData;
      return {
        status: 201,
        body: namespaceJson(namespace),
        headers: { location: request.absolute(`${NAMESPACES}/${encodeURIComponent(namespace.name)}`) },
      };
    },
  },
  {
    api: 'glance',
    method: 'PUT',
    path: `${NAMESPACES}/{namespace}`,
    operation: `mutation GlanceUpdateNamespace($name: String!, $input: UpdateNamespaceInput!) {
      updateNamespace(name: $name, input: $input) { ${BASE_FIELDS} }
    }`,
    variables: (request) => {
      const body = glanceBody(request, 'namespace');
      return {
        name: request.params.namespace,
        input: { ...namespaceInput(body), ...(body.owner !== undefined ? { owner: body.owner } : {}) },
      };
    },
    // Glance replaces every field; the owner is left out when unchanged (changing it is for admins).
    precondition: {
      operation: `query GlanceNamespaceOwner($name: String!) { namespace(name: $name) { owner } }`,
      holds: (data, request, variables) => {
        const current = data.namespace as { owner: string } | null;
        if (!current) throw notFound(request.params.namespace);
        const { owner, ...input } = variables.input as Record<string, unknown>;
        return { input: owner === undefined || owner === current.owner ? input : { ...input, owner } };
      },
    },
    answer: (data) => ({ status: 200, body: namespaceJson(data.updateNamespace as NamespaceData) }),
  },
  {
    api: 'glance',
    method: 'DELETE',
    path: `${NAMESPACES}/{namespace}`,
    operation: `mutation GlanceDeleteNamespace($name: String!) { deleteNamespace(name: $name) }`,
    variables: (request) => ({ name: request.params.namespace }),
    answer: () => ({ status: 204 }),
  },
  {
    api: 'glance',
    method: 'GET',
    path: `${NAMESPACES}/{namespace}/resource_types`,
    operation: `query GlanceNamespaceResourceTypes($name: String!) {
      namespace(name: $name) { resourceTypeAssociations { ${ASSOCIATION_FIELDS} } }
    }`,
    variables: (request) => ({ name: request.params.namespace }),
    answer: (data, request) => {
      const namespace = data.namespace as NamespaceData | null;
      if (!namespace) throw notFound(request.params.namespace);
      return {
        status: 200,
        body: { resource_type_associations: namespace.resourceTypeAssociations!.map(associationJson) },
      };
    },
  },
  {
    api: 'glance',
    method: 'POST',
    path: `${NAMESPACES}/{namespace}/resource_types`,
    operation: `mutation GlanceAssociateResourceType($namespace: String!, $input: ResourceTypeAssociationInput!) {
      associateResourceType(namespace: $namespace, input: $input) { ${ASSOCIATION_FIELDS} }
    }`,
    variables: (request) => ({
      namespace: request.params.namespace,
      input: associationInput(glanceBody(request, 'resource_type', ['created_at', 'updated_at'])),
    }),
    answer: (data) => ({
      status: 201,
      body: associationJson(data.associateResourceType as AssociationData),
    }),
  },
  {
    api: 'glance',
    method: 'DELETE',
    path: `${NAMESPACES}/{namespace}/resource_types/{resourceType}`,
    operation: `mutation GlanceDissociateResourceType($namespace: String!, $resourceType: String!) {
      dissociateResourceType(namespace: $namespace, resourceType: $resourceType)
    }`,
    variables: (request) => ({
      namespace: request.params.namespace,
      resourceType: request.params.resourceType,
    }),
    answer: () => ({ status: 204 }),
  },
]);
