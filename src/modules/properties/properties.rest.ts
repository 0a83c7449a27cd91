import {
  glanceBody,
  glanceProperty,
  glanceTime,
  present,
  propertyInput,
  propertyInputs,
} from '../../common/glance-json';
import {
  defineRestRoutes,
  oneParameter,
  RestInputError,
  type RestRequest,
  type RestRoute,
} from '../../common/rest';

/**
 * Glance's metadef objects and properties (`<prefix>/v2/metadefs/namespaces/{namespace}/objects|properties`), each
 * route one GraphQL operation (docs/openstack.md), answered as glance/api/v2/metadef_objects.py and
 * metadef_properties.py answer.
 */

const NAMESPACE = '/v2/metadefs/namespaces/{namespace}';

/** Glance's "Namespace %s not found" (404), for an answer whose namespace is null (absent or not visible). */
const namespaceNotFound = (namespace: string): RestInputError =>
  new RestInputError(`Namespace ${namespace.slice(0, 200)} not found`, 404);

interface PropertyData {
  storedName: string;
  schema: Record<string, unknown>;
}
interface ObjectData {
  name: string;
  description: string | null;
  required: string[];
  properties: PropertyData[];
  createdAt: string;
  updatedAt: string | null;
}
interface AssociationData {
  name: string;
  prefix: string | null;
}

const PROPERTY_FIELDS = 'storedName schema';
const OBJECT_FIELDS = `name description required properties { ${PROPERTY_FIELDS} } createdAt updatedAt`;

/** A namespace's (or object's) properties as Glance's `properties` map: name → document without its name. */
const propertyMap = (properties: readonly PropertyData[]): Record<string, unknown> =>
  Object.fromEntries(properties.map((property) => [property.storedName, glanceProperty(property.schema)]));

/** A property as Glance shows one (PropertyType with its name). */
const propertyJson = (property: PropertyData): Record<string, unknown> => ({
  name: property.storedName,
  ...glanceProperty(property.schema),
});

/** An object as Glance's MetadefObject shows it (unset attributes left out: no description, required, properties). */
function objectJson(namespace: string, object: ObjectData): Record<string, unknown> {
  return present({
    name: object.name,
    description: object.description,
    required: object.required.length ? object.required : undefined,
    properties: object.properties.length ? propertyMap(object.properties) : undefined,
    created_at: glanceTime(object.createdAt),
    updated_at: glanceTime(object.updatedAt),
    self: `/v2/metadefs/namespaces/${namespace}/objects/${object.name}`,
    schema: '/v2/schemas/metadefs/object',
  });
}

/** The MetadefObjectInput of an object body (Glance's `object` schema, its property documents PropertyType's). */
function objectInput(request: RestRequest): Record<string, unknown> {
  const body = glanceBody(request, 'object');
  return present({
    name: body.name,
    description: body.description,
    required: body.required,
    properties: propertyInputs(body.properties),
  });
}

/** The PropertyDefinitionInput of a property body (Glance's `property` schema: name, title and type required). */
function propertyBodyInput(request: RestRequest): Record<string, unknown> {
  const body = glanceBody(request, 'property', ['created_at', 'updated_at']);
  return propertyInput(body.name as string, body);
}

const namespaceOf = (data: Record<string, unknown>, request: RestRequest) => {
  const namespace = data.namespace as Record<string, unknown> | null;
  if (!namespace) throw namespaceNotFound(request.params.namespace);
  return namespace;
};

/** Glance's list parameters of objects (sort_key, sort_dir, limit); its marker is an object's database id. */
function sortedObjects(objects: ObjectData[], request: RestRequest): ObjectData[] {
  const sortKey = oneParameter(request, 'sort_key') ?? 'created_at';
  const sortDir = oneParameter(request, 'sort_dir') ?? 'desc';
  const limit = oneParameter(request, 'limit');
  if (sortDir !== 'asc' && sortDir !== 'desc') {
    throw new RestInputError(`Invalid sort direction: ${sortDir.slice(0, 80)}`);
  }
  const keys: Record<string, (object: ObjectData) => string> = {
    created_at: (object) => object.createdAt,
    updated_at: (object) => object.updatedAt ?? object.createdAt,
    name: (object) => object.name,
  };
  const key = keys[sortKey];
  if (!key) throw new RestInputError(`Invalid sort key: ${sortKey.slice(0, 80)} (sort_key)`);
  if (oneParameter(request, 'marker') !== undefined) {
    throw new RestInputError('marker is not supported for objects (Glance takes an internal object id)');
  }
  const sign = sortDir === 'asc' ? 1 : -1;
  const sorted = [...objects].sort(
    (a, b) => sign * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.createdAt < b.createdAt ? -1 : 1),
  );
  if (limit === undefined) return sorted;
  if (!/^\s*[+-]?\d+\s*$/.test(limit)) throw new RestInputError('limit param must be an integer');
  if (Number(limit) <= 0) throw new RestInputError('limit param must be positive');
  return sorted.slice(0, Number(limit));
}

const objectRoutes: RestRoute[] = [
  {
    api: 'glance',
    method: 'GET',
    path: `${NAMESPACE}/objects`,
    operation: `query GlanceListObjects($namespace: String!) {
      namespace(name: $namespace) { objects { ${OBJECT_FIELDS} } }
    }`,
    variables: (request) => ({ namespace: request.params.namespace }),
    answer: (data, request) => {
      const objects = sortedObjects(namespaceOf(data, request).objects as ObjectData[], request);
      return {
        status: 200,
        body: {
          objects: objects.map((object) => objectJson(request.params.namespace, object)),
          schema: 'v2/schemas/metadefs/objects',
        },
      };
    },
  },
  {
    api: 'glance',
    method: 'POST',
    path: `${NAMESPACE}/objects`,
    operation: `mutation GlanceCreateObject($namespace: String!, $input: MetadefObjectInput!) {
      createObject(namespace: $namespace, input: $input) { ${OBJECT_FIELDS} }
    }`,
    variables: (request) => ({ namespace: request.params.namespace, input: objectInput(request) }),
    answer: (data, request) => ({
      status: 201,
      body: objectJson(request.params.namespace, data.createObject as ObjectData),
    }),
  },
  {
    api: 'glance',
    method: 'DELETE',
    path: `${NAMESPACE}/objects`,
    operation: `mutation GlanceDeleteObjects($namespace: String!) { deleteAllObjects(namespace: $namespace) }`,
    variables: (request) => ({ namespace: request.params.namespace }),
    answer: () => ({ status: 204 }),
  },
  {
    api: 'glance',
    method: 'GET',
    path: `${NAMESPACE}/objects/{name}`,
    operation: `query GlanceShowObject($namespace: String!) {
      namespace(name: $namespace) { objects { ${OBJECT_FIELDS} } }
    }`,
    variables: (request) => ({ namespace: request.params.namespace }),
    answer: (data, request) => {
      const { name, namespace } = request.params;
      const object = (namespaceOf(data, request).objects as ObjectData[]).find((item) => item.name === name);
      if (!object) {
        throw new RestInputError(
          `The metadata definition object with name=${name} was not found in namespace=${namespace}.`,
          404,
        );
      }
      return { status: 200, body: objectJson(namespace, object) };
    },
  },
  {
    api: 'glance',
    method: 'PUT',
    path: `${NAMESPACE}/objects/{name}`,
    operation: `mutation GlanceUpdateObject($namespace: String!, $name: String!, $input: MetadefObjectInput!) {
      updateObject(namespace: $namespace, name: $name, input: $input) { ${OBJECT_FIELDS} }
    }`,
    variables: (request) => ({
      namespace: request.params.namespace,
      name: request.params.name,
      input: objectInput(request),
    }),
    answer: (data, request) => ({
      status: 200,
      body: objectJson(request.params.namespace, data.updateObject as ObjectData),
    }),
  },
  {
    api: 'glance',
    method: 'DELETE',
    path: `${NAMESPACE}/objects/{name}`,
    operation: `mutation GlanceDeleteObject($namespace: String!, $name: String!) {
      deleteObject(namespace: $namespace, name: $name)
    }`,
    variables: (request) => ({ namespace: request.params.namespace, name: request.params.name }),
    answer: () => ({ status: 204 }),
  },
];

/**
 * The property of a show: with `resource_type`, the name must start with that association's prefix (Glance strips
 * it and answers the stored name; 404 otherwise, or without such an association).
 */
function shownProperty(data: Record<string, unknown>, request: RestRequest): PropertyData {
  const namespace = namespaceOf(data, request);
  let name = request.params.name;
  const resourceType = oneParameter(request, 'resource_type');
  if (resourceType) {
    const association = (namespace.resourceTypeAssociations as AssociationData[]).find(
      (item) => item.name === resourceType,
    );
    if (!association) {
      throw new RestInputError(
        `The metadata definition resource-type association of resource-type=${resourceType.slice(0, 80)} to namespace=${request.params.namespace}, was not found.`,
        404,
      );
    }
    const { prefix } = association;
    if (!prefix || !name.startsWith(prefix)) {
      throw new RestInputError(
        `Property ${name} does not start with the expected resource type association prefix of '${prefix ?? 'None'}'.`,
        404,
      );
    }
    name = name.slice(prefix.length);
  }
  const property = (namespace.properties as PropertyData[]).find((item) => item.storedName === name);
  if (!property) {
    throw new RestInputError(
      `The metadata definition property with name=${name} was not found in namespace=${request.params.namespace}.`,
      404,
    );
  }
  return property;
}

const propertyRoutes: RestRoute[] = [
  {
    api: 'glance',
    method: 'GET',
    path: `${NAMESPACE}/properties`,
    operation: `query GlanceListProperties($namespace: String!) {
      namespace(name: $namespace) { properties { ${PROPERTY_FIELDS} } }
    }`,
    variables: (request) => ({ namespace: request.params.namespace }),
    answer: (data, request) => ({
      status: 200,
      body: { properties: propertyMap(namespaceOf(data, request).properties as PropertyData[]) },
    }),
  },
  {
    api: 'glance',
    method: 'POST',
    path: `${NAMESPACE}/properties`,
    operation: `mutation GlanceCreateProperty($namespace: String!, $input: PropertyDefinitionInput!) {
      createProperty(namespace: $namespace, input: $input) { ${PROPERTY_FIELDS} }
    }`,
    variables: (request) => ({ namespace: request.params.namespace, input: propertyBodyInput(request) }),
    answer: (data) => ({ status: 201, body: propertyJson(data.createProperty as PropertyData) }),
  },
  {
    api: 'glance',
    method: 'DELETE',
    path: `${NAMESPACE}/properties`,
    operation: `mutation GlanceDeleteProperties($namespace: String!) {
      deleteAllProperties(namespace: $namespace)
    }`,
    variables: (request) => ({ namespace: request.params.namespace }),
    answer: () => ({ status: 204 }),
  },
  {
    api: 'glance',
    method: 'GET',
    path: `${NAMESPACE}/properties/{name}`,
    operation: `query GlanceShowProperty($namespace: String!) {
      namespace(name: $namespace) {
        resourceTypeAssociations { name prefix }
        properties { ${PROPERTY_FIELDS} }
      }
    }`,
    variables: (request) => ({ namespace: request.params.namespace }),
    answer: (data, request) => ({ status: 200, body: propertyJson(shownProperty(data, request)) }),
  },
  {
    api: 'glance',
    method: 'PUT',
    path: `${NAMESPACE}/properties/{name}`,
    operation: `mutation GlanceUpdateProperty(
      $namespace: String!, $name: String!, $input: PropertyDefinitionInput!
    ) {
      updateProperty(namespace: $namespace, name: $name, input: $input) { ${PROPERTY_FIELDS} }
    }`,
    variables: (request) => ({
      namespace: request.params.namespace,
      name: request.params.name,
      input: propertyBodyInput(request),
    }),
    answer: (data) => ({ status: 200, body: propertyJson(data.updateProperty as PropertyData) }),
  },
  {
    api: 'glance',
    method: 'DELETE',
    path: `${NAMESPACE}/properties/{name}`,
    operation: `mutation GlanceDeleteProperty($namespace: String!, $name: String!) {
      deleteProperty(namespace: $namespace, name: $name)
    }`,
    variables: (request) => ({ namespace: request.params.namespace, name: request.params.name }),
    answer: () => ({ status: 204 }),
  },
];

export const propertiesRestRoutes = defineRestRoutes([...objectRoutes, ...propertyRoutes]);
