import { RestInputError, type RestRequest } from './rest';

/**
 * Glance's metadef JSON as glance/api/v2 reads and writes it, for the route tables of the objects, properties and
 * tags (docs/openstack.md): request bodies checked as its deserializers check them (read-only attributes, unknown
 * and required keys; the types and limits are the GraphQL operations' own rules), timestamps in `isotime` form,
 * property documents as its WSME PropertyType shows them, and the GraphQL inputs they become.
 */

export interface GlanceBodyShape {
  /** The keys the schema knows (Glance's schemas refuse others: `additionalProperties: false`). */
  keys: readonly string[];
  required: readonly string[];
  /** Keys the deserializer refuses with 403 ("Attribute '%s' is read-only."). */
  readOnly: readonly string[];
}

/**
 * The request's body, when it is a JSON object of the shape: 400 "Body expected in request." without one; 403 for a
 * read-only attribute; 400 naming the key for an unknown or missing one (as Glance's jsonschema message does).
 */
export function glanceBody(request: RestRequest, shape: GlanceBodyShape): Record<string, unknown> {
  const { body } = request;
  if (body === undefined) throw new RestInputError('Body expected in request.');
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new RestInputError('Provided object does not match schema: the body must be a JSON object');
  }
  const object = body as Record<string, unknown>;
  for (const key of shape.readOnly) {
    if (key in object) throw new RestInputError(`Attribute '${key}' is read-only.`, 403);
  }
  for (const key of Object.keys(object)) {
    if (!shape.keys.includes(key)) {
      throw new RestInputError(
        `Provided object does not match schema: Additional properties are not allowed ('${key.slice(0, 80)}' was unexpected)`,
      );
    }
  }
  for (const key of shape.required) {
    if (!(key in object)) {
      throw new RestInputError(`Provided object does not match schema: '${key}' is a required property`);
    }
  }
  return object;
}

/** A GraphQL DateTime as Glance's `isotime` writes it: to the second, `Z` (null: left out). */
export const glanceTime = (value: string | null | undefined): string | undefined =>
  value ? `${new Date(value).toISOString().slice(0, 19)}Z` : undefined;

/** An object without its undefined and null entries (WSME leaves unset attributes out). */
export const present = (object: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined && value !== null));

/** The keys of Glance's PropertyType (glance/api/v2/model/metadef_property_type.py) a document shows. */
export const GLANCE_PROPERTY_KEYS = [
  'type',
  'title',
  'description',
  'operators',
  'default',
  'readonly',
  'minimum',
  'maximum',
  'enum',
  'pattern',
  'minLength',
  'maxLength',
  'items',
  'uniqueItems',
  'minItems',
  'maxItems',
  'additionalItems',
] as const;

/** A stored property document (PropertyDefinition.schema) as Glance shows it: its keys only, our extensions left out. */
export function glanceProperty(schema: Record<string, unknown>): Record<string, unknown> {
  return present(Object.fromEntries(GLANCE_PROPERTY_KEYS.map((key) => [key, schema[key]])));
}

/** Glance's property document as a PropertyDefinitionInput named `name`; 400 for a key PropertyType lacks. */
export function propertyInput(name: string, doc: unknown, where = 'property'): Record<string, unknown> {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw new RestInputError(`Provided object does not match schema '${where}': ${name} is not an object`);
  }
  const input: Record<string, unknown> = { name };
  for (const [key, value] of Object.entries(doc)) {
    if (key === 'name' || key === 'confidential' || value === null) continue;
    if (!(GLANCE_PROPERTY_KEYS as readonly string[]).includes(key)) {
      throw new RestInputError(
        `Provided object does not match schema '${where}': Additional properties are not allowed ('${key.slice(0, 80)}' was unexpected)`,
      );
    }
    input[key] = value;
  }
  if (typeof input.type === 'string') input.type = input.type.toUpperCase();
  const items = input.items as Record<string, unknown> | undefined;
  if (items && typeof items === 'object') {
    input.items = present({
      type: typeof items.type === 'string' ? items.type.toUpperCase() : items.type,
      enum: items.enum,
    });
  }
  return input;
}

/** Glance's `properties` object (name → document) as PropertyDefinitionInputs. */
export function propertyInputs(properties: unknown, where: string): Record<string, unknown>[] | undefined {
  if (properties === undefined || properties === null) return undefined;
  if (typeof properties !== 'object' || Array.isArray(properties)) {
    throw new RestInputError(
      `Provided object does not match schema '${where}': properties must be an object`,
    );
  }
  return Object.entries(properties).map(([name, doc]) => propertyInput(name, doc, where));
}

/** `/v2/metadefs/namespaces/{namespace}` and below, as Glance writes its `self` links (names not escaped). */
export const namespaceHref = (namespace: string, below = ''): string =>
  `/v2/metadefs/namespaces/${namespace}${below}`;

/** Glance's "Namespace %s not found" (404), for an answer whose namespace is null (absent or not visible). */
export const namespaceNotFound = (namespace: string): RestInputError =>
  new RestInputError(`Namespace ${namespace.slice(0, 200)} not found`, 404);
