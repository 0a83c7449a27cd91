import {
  defineRestRoutes,
  oneParameter,
  onlyParameters,
  RestInputError,
  type RestRequest,
} from '../../common/rest';

/**
 * Placement's /traits (microversion 1.6), each route one GraphQL operation (docs/openstack.md): what GraphQL
 * refuses, these refuse the same way.
 */

const SINCE_TRAITS = [1, 6] as const;

/** `name=in:A,B` / `name=startswith:P` and `associated=true|false` as a TraitFilter. */
function traitFilter(request: RestRequest): Record<string, unknown> {
  onlyParameters(request, ['name', 'associated']);
  const filter: Record<string, unknown> = {};
  const name = oneParameter(request, 'name');
  if (name !== undefined) {
    const match = /^(in|startswith):(.*)$/.exec(name);
    if (!match) {
      throw new RestInputError(
        'Badly formatted name parameter. Expected name query string parameter in form: ' +
          `?name=[in|startswith]:[name1,name2|prefix]. Got: "${name.slice(0, 200)}"`,
      );
    }
    if (match[1] === 'in') filter.names = match[2].split(',').filter(Boolean);
    else filter.startsWith = match[2];
  }
  const associated = oneParameter(request, 'associated');
  if (associated !== undefined) {
    if (associated !== 'true' && associated !== 'false') {
      throw new RestInputError(`Invalid query string parameters: associated must be true or false`);
    }
    filter.associated = associated === 'true';
  }
  return filter;
}

interface TraitsPage {
  traits: { nodes: { name: string }[] };
}

export const traitRestRoutes = defineRestRoutes([
  {
    api: 'placement',
    method: 'GET',
    path: '/traits',
    since: SINCE_TRAITS,
    operation: `query PlacementListTraits($filter: TraitFilter, $after: String) {
      traits(first: 500, after: $after, filter: $filter) { nodes { name } pageInfo { hasNextPage endCursor } }
    }`,
    variables: (request) => ({ filter: traitFilter(request) }),
    allPages: 'traits',
    answer: (data) => ({
      status: 200,
      body: { traits: (data as unknown as TraitsPage).traits.nodes.map((trait) => trait.name) },
    }),
  },
  {
    api: 'placement',
    method: 'GET',
    path: '/traits/{name}',
    since: SINCE_TRAITS,
    operation: `query PlacementShowTrait($name: String!) { trait(name: $name) { name } }`,
    variables: (request) => ({ name: request.params.name }),
    answer: (data, request) => {
      if (!data.trait) throw new RestInputError(`No such trait(s): ${request.params.name}`, 404);
      return { status: 204 };
    },
  },
  {
    api: 'placement',
    method: 'PUT',
    path: '/traits/{name}',
    since: SINCE_TRAITS,
    operation: `mutation PlacementCreateTrait($name: String!) { createTrait(name: $name) { created } }`,
    variables: (request) => ({ name: request.params.name }),
    answer: (data, request) => ({
      status: (data.createTrait as { created: boolean }).created ? 201 : 204,
      headers: { location: request.absolute(`/traits/${encodeURIComponent(request.params.name)}`) },
    }),
  },
  {
    api: 'placement',
    method: 'DELETE',
    path: '/traits/{name}',
    since: SINCE_TRAITS,
    operation: `mutation PlacementDeleteTrait($name: String!) { deleteTrait(name: $name) }`,
    variables: (request) => ({ name: request.params.name }),
    answer: () => ({ status: 204 }),
  },
]);
