import Ajv, { type ValidateFunction } from 'ajv';
import { GLANCE_METADEF_SCHEMAS } from './glance-schemas';
import { RestInputError, type RestRequest } from './rest';

/**
 * Glance's metadef JSON as glance/api/v2 reads and writes it, for the route tables of the modules that serve
 * `/v2/metadefs` (docs/openstack.md): request bodies checked against Glance's own schemas, timestamps in
 * `isotime` form, property documents as its WSME PropertyType shows them, and the GraphQL inputs they become.
 */

const ajv = new Ajv({ allErrors: false, strict: false, validateFormats: false });
const validators = new Map<string, ValidateFunction>();

/**
 * The request's body, when it is a JSON object Glance's schema `name` accepts: 403 for a read-only attribute (as
 * Glance's deserializers refuse `self`, `schema`, `created_at`, `updated_at`), 400 naming the problem otherwise.
 */
export function glanceBody(
  request: RestRequest,
  name: keyof typeof GLANCE_METADEF_SCHEMAS,
  readOnly: readonly string[] = ['self', 'schema', 'created_at', 'updated_at'],
): Record<string, unknown> {
  const { body } = request;
  if (body === undefined) throw new RestInputError('Body expected in request.');
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new RestInputError(`Provided object does not match schema '${name}': the body is not an object`);
  }
  const object = body as Record<string, unknown>;
  for (const key of readOnly) {
    if (key in object) throw new RestInputError(`Attribute '${key}' is read-only.`, 403);
  }
  let validate = validators.get(name);
  if (!validate) {
    validate = ajv.compile(GLANCE_METADEF_SCHEMAS[name]);
    validators.set(name, validate);
  }
  if (!validate(object)) {
    const [error] = validate.errors ?? [];
    const where = error?.instancePath ? ` at ${error.instancePath.slice(1).replace(/\//g, '.')}` : '';
    const extra =
      error?.keyword === 'additionalProperties'
        ? ` (${(error.params as { additionalProperty: string }).additionalProperty})`
        : '';
    throw new RestInputError(
      `Provided object does not match schema '${name}': ${error?.message ?? 'invalid'}${extra}${where}`,
    );
  }
  return object;
}

/** A GraphQL DateTime as Glance's `isotime` writes it: to the second, `Z` (null stays null). */
export const glanceTime = (value: string | null | undefined): string | undefined =>
  value ? `${new Date(value).toISOString().slice(0, 19)}Z` : undefined;

/** An object without its undefined and null entries (WSME leaves unset attributes out). */
export const present = (object: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined && value !== null));

/** The keys of Glance's PropertyType (glance/api/v2/model/metadef_property_type.py) a document shows. */
const PROPERTY_KEYS = [
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
  return present(Object.fromEntries(PROPERTY_KEYS.map((key) => [key, schema[key]])));
}

/** Glance's property document (checked by its schema) as a PropertyDefinitionInput named `name`. */
export function propertyInput(name: string, doc: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = { name };
  for (const key of PROPERTY_KEYS) {
    if (doc[key] === undefined || doc[key] === null) continue;
    input[key] = doc[key];
  }
  if (typeof input.type === 'string') input.type = input.type.toUpperCase();
  const items = input.items as Record<string, unknown> | undefined;
  if (items) {
    input.items = present({
      type: typeof items.type === 'string' ? items.type.toUpperCase() : undefined,
      enum: items.enum,
    });
  }
  return input;
}

/** Glance's `properties` object (name → document) as PropertyDefinitionInputs. */
export const propertyInputs = (properties: unknown): Record<string, unknown>[] | undefined =>
  properties && typeof properties === 'object'
    ? Object.entries(properties as Record<string, Record<string, unknown>>).map(([name, doc]) =>
        propertyInput(name, doc),
      )
    : undefined;

/** A namespace's visibility as Glance spells it, from GraphQL's Visibility (`PUBLIC` → `public`). */
export const glanceVisibility = (value: string): string => value.toLowerCase();
