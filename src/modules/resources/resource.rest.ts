import {
  bodyObject,
  canonicalUuid,
  defineRestRoutes,
  oneParameter,
  onlyParameters,
  RestInputError,
  type RestRequest,
} from '../../common/rest';

/**
 * Nova's server tags (compute microversion 2.26) on resources of type OS::Nova::Server, each route one GraphQL
 * operation (docs/openstack.md). A resource of another type is no server: 404, checked by a read before a write
 * (a resource's type never changes).
 */

const SERVER_TYPE = 'OS::Nova::Server';
const SINCE_TAGS = [2, 26] as const;

const notFound = (id: string) => new RestInputError(`Instance ${id.slice(0, 100)} could not be found.`, 404);

function serverUuid(request: RestRequest): string {
  const uuid = canonicalUuid(request.params.server_id);
  if (!uuid) throw notFound(request.params.server_id);
  return uuid;
}

/** The read that a resource is a visible server, before any route below runs. */
const isServer = {
  operation: `query ComputeServerType($uuid: UUID!) { resource(uuid: $uuid) { resourceType } }`,
  holds(data: Record<string, unknown>, request: RestRequest) {
    const resource = data.resource as { resourceType: string } | null;
    if (resource?.resourceType !== SERVER_TYPE) throw notFound(request.params.server_id);
  },
};

/** A comma list of tags, as `tags=red,blue` gives it. */
const tagList = (request: RestRequest, name: string): string[] | undefined =>
  oneParameter(request, name)
    ?.split(',')
    .filter((tag) => tag !== '');

const SERVER_LIST_PARAMETERS = ['tags', 'tags-any', 'not-tags', 'not-tags-any'];

export const resourceRestRoutes = defineRestRoutes([
  {
    api: 'compute',
    method: 'GET',
    path: '/servers',
    operation: `query ComputeListServers($filter: ResourceFilter, $after: String) {
      resources(first: 500, after: $after, filter: $filter) {
        nodes { uuid name } pageInfo { hasNextPage endCursor }
      }
    }`,
    variables: (request) => {
      onlyParameters(request, SERVER_LIST_PARAMETERS);
      const filter: Record<string, unknown> = { resourceType: SERVER_TYPE };
      for (const [parameter, key] of [
        ['tags', 'tags'],
        ['tags-any', 'tagsAny'],
        ['not-tags', 'notTags'],
        ['not-tags-any', 'notTagsAny'],
      ] as const) {
        const tags = tagList(request, parameter);
        if (tags === undefined) continue;
        // Tag filters are 2.26's.
        if (request.version[1] < 26) throw new RestInputError(`Invalid filter field: ${parameter}.`);
        filter[key] = tags;
      }
      return { filter };
    },
    allPages: 'resources',
    answer: (data, request) => ({
      status: 200,
      body: {
        servers: (data.resources as { nodes: { uuid: string; name: string | null }[] }).nodes.map(
          (server) => ({
            id: server.uuid,
            name: server.name ?? '',
            links: [
              { rel: 'self', href: request.absolute(`/servers/${server.uuid}`) },
              { rel: 'bookmark', href: request.absolute(`/servers/${server.uuid}`) },
            ],
          }),
        ),
      },
    }),
  },
  {
    api: 'compute',
    method: 'GET',
    path: '/servers/{server_id}/tags',
    since: SINCE_TAGS,
    operation: `query ComputeServerTags($uuid: UUID!) { resource(uuid: $uuid) { resourceType tags } }`,
    variables: (request) => ({ uuid: serverUuid(request) }),
    answer: (data, request) => {
      isServer.holds(data, request);
      return { status: 200, body: { tags: (data.resource as { tags: string[] }).tags } };
    },
  },
  {
    api: 'compute',
    method: 'PUT',
    path: '/servers/{server_id}/tags',
    since: SINCE_TAGS,
    precondition: isServer,
    operation: `mutation ComputeReplaceServerTags($uuid: UUID!, $tags: [String!]!) {
      setResourceTags(uuid: $uuid, tags: $tags)
    }`,
    variables: (request) => ({
      uuid: serverUuid(request),
      tags: bodyObject(request, { tags: 'string[]' }, ['tags']).tags,
    }),
    answer: (data) => ({ status: 200, body: { tags: data.setResourceTags } }),
  },
  {
    api: 'compute',
    method: 'DELETE',
    path: '/servers/{server_id}/tags',
    since: SINCE_TAGS,
    precondition: isServer,
    operation: `mutation ComputeDeleteServerTags($uuid: UUID!) { removeAllResourceTags(uuid: $uuid) }`,
    variables: (request) => ({ uuid: serverUuid(request) }),
    answer: () => ({ status: 204 }),
  },
  {
    api: 'compute',
    method: 'GET',
    path: '/servers/{server_id}/tags/{tag}',
    since: SINCE_TAGS,
    operation: `query ComputeServerTag($uuid: UUID!) { resource(uuid: $uuid) { resourceType tags } }`,
    variables: (request) => ({ uuid: serverUuid(request) }),
    answer: (data, request) => {
      isServer.holds(data, request);
      if (!(data.resource as { tags: string[] }).tags.includes(request.params.tag)) {
        throw new RestInputError(
          `Tag ${request.params.tag.slice(0, 60)} could not be found for server ${request.params.server_id}`,
          404,
        );
      }
      return { status: 204 };
    },
  },
  {
    api: 'compute',
    method: 'PUT',
    path: '/servers/{server_id}/tags/{tag}',
    since: SINCE_TAGS,
    precondition: isServer,
    operation: `mutation ComputeAddServerTag($uuid: UUID!, $tag: String!) {
      addResourceTag(uuid: $uuid, tag: $tag) { created }
    }`,
    variables: (request) => ({ uuid: serverUuid(request), tag: request.params.tag }),
    answer: (data, request) => ({
      status: (data.addResourceTag as { created: boolean }).created ? 201 : 204,
      headers: {
        location: request.absolute(
          `/servers/${request.params.server_id}/tags/${encodeURIComponent(request.params.tag)}`,
        ),
      },
    }),
  },
  {
    api: 'compute',
    method: 'DELETE',
    path: '/servers/{server_id}/tags/{tag}',
    since: SINCE_TAGS,
    precondition: isServer,
    operation: `mutation ComputeDeleteServerTag($uuid: UUID!, $tag: String!) {
      removeResourceTag(uuid: $uuid, tag: $tag)
    }`,
    variables: (request) => ({ uuid: serverUuid(request), tag: request.params.tag }),
    answer: () => ({ status: 204 }),
  },
]);
