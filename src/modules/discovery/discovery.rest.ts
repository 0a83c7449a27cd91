import {
  bodyObject,
  defineRestRoutes,
  oneParameter,
  onlyParameters,
  RestInputError,
  type RestRequest,
} from '../../common/rest';

/**
 * Blazar's resource property discovery (its spec's REST API: GET /v1/{resource_type}/properties, GET and PATCH
 * /v1/{resource_type}/properties/{name}) over the catalog's discovered keys, each route one GraphQL operation
 * (docs/openstack.md). The resource type is the catalog's (`OS::Nova::Server`, or any type resources carry).
 */

const values = (list: unknown[]) => list.map((value) => ({ value }));

/** `detail`: a boolean (`true`/`false`, `1`/`0`, as oslo's strutils reads it); 400 otherwise. */
function detailOf(request: RestRequest): boolean {
  onlyParameters(request, ['detail']);
  const raw = oneParameter(request, 'detail');
  if (raw === undefined) return false;
  if (/^(true|1|yes|on)$/i.test(raw)) return true;
  if (/^(false|0|no|off)$/i.test(raw)) return false;
  throw new RestInputError(`detail must be a boolean, not "${raw.slice(0, 40)}"`);
}

export const discoveryRestRoutes = defineRestRoutes([
  {
    api: 'blazar',
    method: 'GET',
    path: '/v1/{resource_type}/properties',
    operation: `query BlazarListProperties($resourceType: String!, $detail: Boolean!) {
      resourceProperties(resourceType: $resourceType) { name values @include(if: $detail) }
    }`,
    variables: (request) => ({ resourceType: request.params.resource_type, detail: detailOf(request) }),
    answer: (data, request) => {
      const detail = detailOf(request);
      return {
        status: 200,
        body: (data.resourceProperties as { name: string; values?: unknown[] }[]).map((property) => ({
          property: property.name,
          ...(detail ? { values: values(property.values ?? []) } : {}),
        })),
      };
    },
  },
  {
    api: 'blazar',
    method: 'GET',
    path: '/v1/{resource_type}/properties/{name}',
    operation: `query BlazarShowProperty($resourceType: String!, $name: String!) {
      resourceProperty(resourceType: $resourceType, name: $name) { private values }
    }`,
    variables: (request) => ({ resourceType: request.params.resource_type, name: request.params.name }),
    answer: (data) => {
      const property = data.resourceProperty as { private: boolean; values: unknown[] };
      return { status: 200, body: { private: property.private, values: values(property.values) } };
    },
  },
  {
    api: 'blazar',
    method: 'PATCH',
    path: '/v1/{resource_type}/properties/{name}',
    operation: `mutation BlazarUpdateProperty($resourceType: String!, $name: String!, $private: Boolean!) {
      updateResourceProperty(resourceType: $resourceType, name: $name, private: $private) { private }
    }`,
    variables: (request) => ({
      resourceType: request.params.resource_type,
      name: request.params.name,
      private: bodyObject(request, { private: 'boolean' }, ['private']).private,
    }),
    answer: () => ({ status: 204 }),
  },
]);
