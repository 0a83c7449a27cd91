import { glanceBody, glanceTime, present } from '../../common/glance-json';
import { defineRestRoutes, oneParameter, RestInputError, type RestRequest } from '../../common/rest';

/**
 * Glance's metadef tags (`<prefix>/v2/metadefs/namespaces/{namespace}/tags`), each route one GraphQL operation
 * (docs/openstack.md), answered as glance/api/v2/metadef_tags.py answers.
 */

const NAMESPACE = '/v2/metadefs/namespaces/{namespace}';

/** Glance's "Namespace %s not found" (404), for an answer whose namespace is null (absent or not visible). */
const namespaceNotFound = (namespace: string): RestInputError =>
  new RestInputError(`Namespace ${namespace.slice(0, 200)} not found`, 404);

interface TagData {
  name: string;
  createdAt: string;
  updatedAt: string | null;
}
const TAG_FIELDS = 'name createdAt updatedAt';

/** A tag as Glance's MetadefTag shows it. */
const tagJson = (tag: TagData): Record<string, unknown> =>
  present({ name: tag.name, created_at: glanceTime(tag.createdAt), updated_at: glanceTime(tag.updatedAt) });

/** oslo's strutils.bool_from_string, as Glance reads X-Openstack-Append (anything else is false). */
const boolFromString = (value: string | undefined): boolean =>
  ['1', 't', 'true', 'on', 'y', 'yes'].includes((value ?? '').trim().toLowerCase());

const duplicateTag = (name: string, namespace: string) =>
  new RestInputError(
    `A metadata tag with name=${name} already exists in namespace=${namespace}. ` +
      '(Please note that metadata tag names are case insensitive).',
    409,
  );

/** The names of a bulk create (Glance's `tags` schema: `{"tags": [{"name": …}]}`); a repeat is 409, as upstream. */
function bulkNames(request: RestRequest): string[] {
  // Glance checks a bulk create against its schema for lists (not served: /v2/schemas/metadefs/tags is the collection).
  const { body } = request;
  if (body === undefined) throw new RestInputError('Body expected in request.');
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new RestInputError("Provided object does not match schema 'tags': the body is not an object");
  }
  for (const key of ['created_at', 'updated_at']) {
    if (key in body) throw new RestInputError(`Attribute '${key}' is read-only.`, 403);
  }
  const tags = (body as { tags?: unknown }).tags ?? [];
  if (!Array.isArray(tags)) throw new RestInputError("Provided object does not match schema 'tags': tags");
  const names: string[] = [];
  const seen = new Set<string>();
  for (const [index, tag] of tags.entries()) {
    const keys = typeof tag === 'object' && tag !== null ? Object.keys(tag) : [];
    if (typeof tag !== 'object' || tag === null || keys.some((key) => key !== 'name')) {
      throw new RestInputError(`Provided object does not match schema 'tags': tags.${index}`);
    }
    const { name } = tag as { name?: unknown };
    if (typeof name !== 'string') {
      throw new RestInputError(
        `Provided object does not match schema 'tags': 'name' is a required string (tags.${index})`,
      );
    }
    if (seen.has(name.toLowerCase())) throw duplicateTag(name, request.params.namespace);
    seen.add(name.toLowerCase());
    names.push(name);
  }
  return names;
}

const ORDER_FIELDS: Record<string, string> = { name: 'NAME', created_at: 'CREATED_AT' };

/** Glance's tag list parameters as the connection's order (sort_key created_at, sort_dir desc by default). */
function tagOrder(request: RestRequest): Record<string, string> {
  const sortKey = oneParameter(request, 'sort_key') ?? 'created_at';
  const sortDir = oneParameter(request, 'sort_dir') ?? 'desc';
  if (sortDir !== 'asc' && sortDir !== 'desc') {
    throw new RestInputError(`Invalid sort direction: ${sortDir.slice(0, 80)}`);
  }
  const field = ORDER_FIELDS[sortKey];
  if (!field) throw new RestInputError(`Invalid sort key: ${sortKey.slice(0, 80)} (sort_key)`);
  const limit = oneParameter(request, 'limit');
  if (limit && !/^\s*[+-]?\d+\s*$/.test(limit)) throw new RestInputError('limit param must be an integer');
  if (limit && Number(limit) < 0) throw new RestInputError('limit param must be positive');
  return { field, direction: sortDir.toUpperCase() };
}

/** The page after `marker` (a tag name, any case: 404 when there is none), at most `limit` (0 or none: all). */
function page(tags: TagData[], request: RestRequest): TagData[] {
  const marker = oneParameter(request, 'marker');
  let from = 0;
  if (marker) {
    const index = tags.findIndex((tag) => tag.name.toLowerCase() === marker.toLowerCase());
    if (index < 0) {
      throw new RestInputError(
        `The metadata definition tag with name=${marker.slice(0, 80)} was not found in namespace=${request.params.namespace}.`,
        404,
      );
    }
    from = index + 1;
  }
  const limit = Number(oneParameter(request, 'limit') || 0);
  return tags.slice(from, limit ? from + limit : undefined);
}

const namespaceVariables = (request: RestRequest) => ({ namespace: request.params.namespace });
const tagVariables = (request: RestRequest) => ({
  namespace: request.params.namespace,
  name: request.params.name,
});

export const metadefTagRestRoutes = defineRestRoutes([
  {
    api: 'glance',
    method: 'GET',
    path: `${NAMESPACE}/tags`,
    operation: `query GlanceListTags($namespace: String!, $orderBy: MetadefTagOrder, $after: String) {
      namespace(name: $namespace) {
        tagConnection(first: 500, after: $after, orderBy: $orderBy) {
          nodes { name } pageInfo { hasNextPage endCursor }
        }
      }
    }`,
    variables: (request) => ({ namespace: request.params.namespace, orderBy: tagOrder(request) }),
    precondition: {
      operation: `query GlanceTagsNamespace($namespace: String!) { namespace(name: $namespace) { name } }`,
      holds: (data, request) => {
        if (!data.namespace) throw namespaceNotFound(request.params.namespace);
      },
    },
    allPages: 'namespace.tagConnection',
    answer: (data, request) => {
      const tags = (data.namespace as { tagConnection: { nodes: TagData[] } }).tagConnection.nodes;
      return { status: 200, body: { tags: page(tags, request).map((tag) => ({ name: tag.name })) } };
    },
  },
  {
    api: 'glance',
    method: 'POST',
    path: `${NAMESPACE}/tags`,
    operation: `mutation GlanceCreateTags($namespace: String!, $names: [String!]!, $append: Boolean) {
      createTags(namespace: $namespace, names: $names, append: $append) { name }
    }`,
    variables: (request) => {
      const names = bulkNames(request);
      // Glance writes nothing for an empty list, not even the replacement's delete.
      const append = names.length === 0 || boolFromString(request.headers['x-openstack-append']);
      return { namespace: request.params.namespace, names, append };
    },
    answer: (data) => ({
      status: 201,
      body: { tags: (data.createTags as { name: string }[]).map((tag) => ({ name: tag.name })) },
    }),
  },
  {
    api: 'glance',
    method: 'DELETE',
    path: `${NAMESPACE}/tags`,
    operation: `mutation GlanceDeleteTags($namespace: String!) { deleteAllTags(namespace: $namespace) }`,
    variables: namespaceVariables,
    answer: () => ({ status: 204 }),
  },
  {
    api: 'glance',
    method: 'GET',
    path: `${NAMESPACE}/tags/{name}`,
    operation: `query GlanceShowTag($namespace: String!, $name: String!) {
      namespace(name: $namespace) { name }
      metadefTag(namespace: $namespace, name: $name) { ${TAG_FIELDS} }
    }`,
    variables: tagVariables,
    answer: (data, request) => {
      if (!data.namespace) throw namespaceNotFound(request.params.namespace);
      if (!data.metadefTag) {
        throw new RestInputError(
          `The metadata definition tag with name=${request.params.name} was not found in namespace=${request.params.namespace}.`,
          404,
        );
      }
      return { status: 200, body: tagJson(data.metadefTag as TagData) };
    },
  },
  {
    api: 'glance',
    method: 'POST',
    path: `${NAMESPACE}/tags/{name}`,
    operation: `mutation GlanceCreateTag($namespace: String!, $name: String!) {
      createTag(namespace: $namespace, name: $name) { ${TAG_FIELDS} }
    }`,
    variables: tagVariables,
    answer: (data) => ({ status: 201, body: tagJson(data.createTag as TagData) }),
  },
  {
    api: 'glance',
    method: 'PUT',
    path: `${NAMESPACE}/tags/{name}`,
    operation: `mutation GlanceUpdateTag($namespace: String!, $name: String!, $newName: String!) {
      updateTag(namespace: $namespace, name: $name, newName: $newName) { ${TAG_FIELDS} }
    }`,
    variables: (request) => {
      const body = glanceBody(request, 'tag', ['created_at', 'updated_at']);
      return { ...tagVariables(request), newName: body.name as string };
    },
    answer: (data) => ({ status: 200, body: tagJson(data.updateTag as TagData) }),
  },
  {
    api: 'glance',
    method: 'DELETE',
    path: `${NAMESPACE}/tags/{name}`,
    operation: `mutation GlanceDeleteTag($namespace: String!, $name: String!) {
      deleteTag(namespace: $namespace, name: $name)
    }`,
    variables: tagVariables,
    answer: () => ({ status: 204 }),
  },
]);
