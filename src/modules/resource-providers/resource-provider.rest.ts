import {
  bodyObject,
  canonicalUuid,
  defineRestRoutes,
  oneParameter,
  onlyParameters,
  RestInputError,
  type Microversion,
  type RestRequest,
} from '../../common/rest';

/**
 * Placement's /resource_providers routes a trait client needs, each one GraphQL operation (docs/openstack.md):
 * list (name, uuid, in_tree, required), show, create, update, delete, and a provider's traits (1.6).
 */

const atLeast = (version: Microversion, major: number, minor: number) =>
  version[0] > major || (version[0] === major && version[1] >= minor);

interface ProviderData {
  uuid: string;
  name: string;
  generation: number;
  parent: { uuid: string } | null;
  root: { uuid: string };
}

const PROVIDER_FIELDS = 'uuid name generation parent { uuid } root { uuid }';

/** A provider as Placement shows it at the request's version. */
function providerJson(provider: ProviderData, request: RestRequest): Record<string, unknown> {
  const self = `${request.base}/resource_providers/${provider.uuid}`;
  const links = [
    { rel: 'self', href: self },
    { rel: 'inventories', href: `${self}/inventories` },
    { rel: 'usages', href: `${self}/usages` },
  ];
  if (atLeast(request.version, 1, 1)) links.push({ rel: 'aggregates', href: `${self}/aggregates` });
  if (atLeast(request.version, 1, 6)) links.push({ rel: 'traits', href: `${self}/traits` });
  if (atLeast(request.version, 1, 11)) links.push({ rel: 'allocations', href: `${self}/allocations` });
  return {
    uuid: provider.uuid,
    name: provider.name,
    generation: provider.generation,
    links,
    ...(atLeast(request.version, 1, 14)
      ? { parent_provider_uuid: provider.parent?.uuid ?? null, root_provider_uuid: provider.root.uuid }
      : {}),
  };
}

/** The path's uuid; a string that is no uuid names no provider (404, as upstream). */
function pathUuid(request: RestRequest): string {
  const uuid = canonicalUuid(request.params.uuid);
  if (!uuid) throw notFound(request.params.uuid);
  return uuid;
}

const notFound = (uuid: string) =>
  new RestInputError(`No resource provider with uuid ${uuid.slice(0, 100)} found`, 404);

/** `required`: `A,!B` (forbidden from 1.22), `in:A,B` (any of, from 1.39), repeatable from 1.39. */
function traitConditions(request: RestRequest): Record<string, unknown> {
  const values = request.query.getAll('required');
  if (values.length > 1 && !atLeast(request.version, 1, 39)) {
    throw new RestInputError('Invalid query string parameters: required given more than once');
  }
  const required: string[] = [];
  const forbidden: string[] = [];
  const anyOf: string[][] = [];
  for (const value of values) {
    if (value.startsWith('in:') && atLeast(request.version, 1, 39)) {
      anyOf.push(value.slice(3).split(','));
      continue;
    }
    for (const name of value.split(',')) {
      if (name.startsWith('!') && atLeast(request.version, 1, 22)) forbidden.push(name.slice(1));
      else required.push(name);
    }
  }
  const names = [...required, ...forbidden, ...anyOf.flat()];
  if (values.length && names.some((name) => !name)) {
    throw new RestInputError(
      `Invalid query string parameters: Expected 'required' parameter value of the form: HW_CPU_X86_VMX,CUSTOM_MAGIC.`,
    );
  }
  return {
    ...(required.length ? { required } : {}),
    ...(forbidden.length ? { forbidden } : {}),
    ...(anyOf.length ? { anyOf } : {}),
  };
}

function providerFilter(request: RestRequest): Record<string, unknown> {
  const allowed = ['name', 'uuid'];
  if (atLeast(request.version, 1, 14)) allowed.push('in_tree');
  if (atLeast(request.version, 1, 18)) allowed.push('required');
  onlyParameters(request, allowed);
  const filter: Record<string, unknown> = {};
  const name = oneParameter(request, 'name');
  if (name !== undefined) filter.name = name;
  for (const [parameter, key] of [
    ['uuid', 'uuid'],
    ['in_tree', 'inTree'],
  ] as const) {
    const value = oneParameter(request, parameter);
    if (value === undefined) continue;
    const uuid = canonicalUuid(value);
    if (!uuid) throw new RestInputError(`Invalid query string parameters: ${parameter} is not a uuid`);
    filter[key] = uuid;
  }
  return { ...filter, ...traitConditions(request) };
}

/** The parent a create or update names (1.14). */
function parentOf(body: Record<string, unknown>, field: string): string | null | undefined {
  const given = body.parent_provider_uuid as string | null | undefined;
  if (given === undefined || given === null) return given;
  const uuid = canonicalUuid(given);
  if (!uuid) throw new RestInputError(`JSON does not validate: "${field}" is not a uuid`);
  return uuid;
}

function providerBody(request: RestRequest, create: boolean): Record<string, unknown> {
  const keys: Record<string, 'string' | 'string?'> = { name: 'string' };
  if (create) keys.uuid = 'string';
  if (atLeast(request.version, 1, 14)) keys.parent_provider_uuid = 'string?';
  const body = bodyObject(request, keys, ['name']);
  const name = body.name as string;
  if (name.length < 1 || name.length > 200) {
    throw new RestInputError('JSON does not validate: "name" must be 1 to 200 characters');
  }
  const input: Record<string, unknown> = { name };
  if (create && body.uuid !== undefined) {
    const uuid = canonicalUuid(body.uuid as string);
    if (!uuid) throw new RestInputError('JSON does not validate: "uuid" is not a uuid');
    input.uuid = uuid;
  }
  const parent = parentOf(body, 'parent_provider_uuid');
  if (parent !== undefined && (parent !== null || !create)) input.parentUuid = parent;
  return input;
}

const TRAITS_SINCE = [1, 6] as const;

/** A provider's traits and generation, as GET and PUT /resource_providers/{uuid}/traits answer them. */
const traitsAnswer = (provider: { generation: number; traits: { name: string }[] }) => ({
  status: 200,
  body: {
    traits: provider.traits.map((trait) => trait.name),
    resource_provider_generation: provider.generation,
  },
});

export const resourceProviderRestRoutes = defineRestRoutes([
  {
    api: 'placement',
    method: 'GET',
    path: '/resource_providers',
    operation: `query PlacementListResourceProviders($filter: ResourceProviderFilter, $after: String) {
      resourceProviders(first: 500, after: $after, filter: $filter) {
        nodes { ${PROVIDER_FIELDS} } pageInfo { hasNextPage endCursor }
      }
    }`,
    variables: (request) => ({ filter: providerFilter(request) }),
    allPages: 'resourceProviders',
    answer: (data, request) => ({
      status: 200,
      body: {
        resource_providers: (data.resourceProviders as { nodes: ProviderData[] }).nodes.map((provider) =>
          providerJson(provider, request),
        ),
      },
    }),
  },
  {
    api: 'placement',
    method: 'GET',
    path: '/resource_providers/{uuid}',
    operation: `query PlacementShowResourceProvider($uuid: UUID!) { resourceProvider(uuid: $uuid) { ${PROVIDER_FIELDS} } }`,
    variables: (request) => ({ uuid: pathUuid(request) }),
    answer: (data, request) => {
      if (!data.resourceProvider) throw notFound(request.params.uuid);
      return { status: 200, body: providerJson(data.resourceProvider as ProviderData, request) };
    },
  },
  {
    api: 'placement',
    method: 'POST',
    path: '/resource_providers',
    operation: `mutation PlacementCreateResourceProvider($input: CreateResourceProviderInput!) {
      createResourceProvider(input: $input) { ${PROVIDER_FIELDS} }
    }`,
    variables: (request) => ({ input: providerBody(request, true) }),
    errors: { CONFLICT: { code: 'placement.duplicate_name' } },
    answer: (data, request) => {
      const provider = data.createResourceProvider as ProviderData;
      const headers = { location: request.absolute(`/resource_providers/${provider.uuid}`) };
      // Before 1.20 a create answers with no body.
      return atLeast(request.version, 1, 20)
        ? { status: 200, body: providerJson(provider, request), headers }
        : { status: 201, headers };
    },
  },
  {
    api: 'placement',
    method: 'PUT',
    path: '/resource_providers/{uuid}',
    operation: `mutation PlacementUpdateResourceProvider($uuid: UUID!, $input: UpdateResourceProviderInput!) {
      updateResourceProvider(uuid: $uuid, input: $input) { ${PROVIDER_FIELDS} }
    }`,
    variables: (request) => ({ uuid: pathUuid(request), input: providerBody(request, false) }),
    errors: { CONFLICT: { code: 'placement.duplicate_name' } },
    answer: (data, request) => ({
      status: 200,
      body: providerJson(data.updateResourceProvider as ProviderData, request),
    }),
  },
  {
    api: 'placement',
    method: 'DELETE',
    path: '/resource_providers/{uuid}',
    operation: `mutation PlacementDeleteResourceProvider($uuid: UUID!) { deleteResourceProvider(uuid: $uuid) }`,
    variables: (request) => ({ uuid: pathUuid(request) }),
    errors: { CONFLICT: { code: 'placement.resource_provider.cannot_delete_parent' } },
    answer: () => ({ status: 204 }),
  },
  {
    api: 'placement',
    method: 'GET',
    path: '/resource_providers/{uuid}/traits',
    since: TRAITS_SINCE,
    operation: `query PlacementProviderTraits($uuid: UUID!) {
      resourceProvider(uuid: $uuid) { generation traits { name } }
    }`,
    variables: (request) => ({ uuid: pathUuid(request) }),
    answer: (data, request) => {
      const provider = data.resourceProvider as { generation: number; traits: { name: string }[] } | null;
      if (!provider) throw notFound(request.params.uuid);
      return traitsAnswer(provider);
    },
  },
  {
    api: 'placement',
    method: 'PUT',
    path: '/resource_providers/{uuid}/traits',
    since: TRAITS_SINCE,
    operation: `mutation PlacementSetProviderTraits($uuid: UUID!, $generation: Int!, $traits: [String!]!) {
      setResourceProviderTraits(uuid: $uuid, generation: $generation, traits: $traits) { generation traits { name } }
    }`,
    variables: (request) => {
      const uuid = pathUuid(request);
      const body = bodyObject(request, { traits: 'string[]', resource_provider_generation: 'integer' }, [
        'traits',
        'resource_provider_generation',
      ]);
      return { uuid, generation: body.resource_provider_generation, traits: body.traits };
    },
    errors: { CONFLICT: { code: 'placement.concurrent_update' } },
    answer: (data) =>
      traitsAnswer(data.setResourceProviderTraits as { generation: number; traits: { name: string }[] }),
  },
  {
    api: 'placement',
    method: 'DELETE',
    path: '/resource_providers/{uuid}/traits',
    since: TRAITS_SINCE,
    operation: `mutation PlacementDeleteProviderTraits($uuid: UUID!) { deleteResourceProviderTraits(uuid: $uuid) { generation } }`,
    variables: (request) => ({ uuid: pathUuid(request) }),
    errors: { CONFLICT: { code: 'placement.concurrent_update' } },
    answer: () => ({ status: 204 }),
  },
]);
