import Ajv from 'ajv';
import { METADEF_TAG_NAME_MAX } from '../metadef-tags/metadef-tag.entity';
import { ASSOCIATION_LIMITS } from '../namespaces/namespace-resource-type.entity';
import { NAMESPACE_LIMITS } from '../namespaces/namespace.entity';
import { OBJECT_NAME_MAX } from '../objects/object.entity';
import type { PropertySchema } from '../properties/property.entity';
import { RESOURCE_TYPE_NAME_MAX } from '../resource-types/resource-type.entity';

/**
 * Glance's metadata definition file format (`glance-manage db_load_metadefs` / `db_export_metadefs`), as in
 * etc/metadefs/*.json. Property documents are validated separately (property-schema.ts).
 */
export interface GlanceAssociation {
  name: string;
  prefix?: string;
  properties_target?: string;
}

export interface GlanceObject {
  name: string;
  description?: string;
  required?: string[];
  properties?: Record<string, unknown>;
}

export interface GlanceTag {
  name: string;
  /** Our extension (Glance tags are flat): the name of the parent tag. */
  parent?: string;
}

export interface GlanceNamespaceDocument {
  namespace: string;
  display_name?: string;
  description?: string;
  visibility?: 'public' | 'private';
  protected?: boolean;
  owner?: string;
  resource_type_associations?: GlanceAssociation[];
  properties?: Record<string, unknown>;
  objects?: GlanceObject[];
  tags?: GlanceTag[];
}

/** What an export writes: everything explicit, property documents as stored. */
export interface ExportedNamespaceDocument extends GlanceNamespaceDocument {
  visibility: 'public' | 'private';
  protected: boolean;
  owner: string;
  resource_type_associations: GlanceAssociation[];
  properties?: Record<string, PropertySchema>;
}

const text = { type: 'string' };
/**
 * The services check every field again (the rules live there); the file's schema repeats their limits, from
 * the same constants, so that a bad file is reported in the file's own terms (`display_name`, not `displayName`).
 */
const name = (max: number) => ({ type: 'string', minLength: 1, maxLength: max });
const upTo = (max: number) => ({ type: 'string', maxLength: max });
const READ_ONLY = { created_at: text, updated_at: text, schema: text, self: text };

const DOCUMENT_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['namespace'],
  properties: {
    namespace: name(NAMESPACE_LIMITS.name),
    display_name: upTo(NAMESPACE_LIMITS.displayName),
    description: upTo(NAMESPACE_LIMITS.description),
    visibility: { enum: ['public', 'private'] },
    protected: { type: 'boolean' },
    owner: name(NAMESPACE_LIMITS.owner),
    resource_type_associations: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: {
          name: name(RESOURCE_TYPE_NAME_MAX),
          prefix: upTo(ASSOCIATION_LIMITS.prefix),
          properties_target: upTo(ASSOCIATION_LIMITS.propertiesTarget),
          ...READ_ONLY,
        },
      },
    },
    properties: { type: 'object', additionalProperties: { type: 'object' } },
    objects: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: {
          name: name(OBJECT_NAME_MAX),
          description: text,
          required: { type: 'array', items: text },
          properties: { type: 'object', additionalProperties: { type: 'object' } },
          ...READ_ONLY,
        },
      },
    },
    tags: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: { name: name(METADEF_TAG_NAME_MAX), parent: text, ...READ_ONLY },
      },
    },
    ...READ_ONLY,
  },
} as const;

const validateDocument = new Ajv({ allErrors: true, strict: false }).compile(DOCUMENT_SCHEMA);

export class DocumentError extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object without its null entries: those of `keys`, or every one. Anything else is returned as it is. */
function withoutNulls(value: unknown, keys?: readonly string[]): unknown {
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).filter(([key, item]) => item !== null || (keys && !keys.includes(key))),
  );
}

/** An object with `change` applied to its `key` entry (to each item of it, with `each`, when it is a list). */
function mapEntry(value: unknown, key: string, change: (item: unknown) => unknown, each = false): unknown {
  if (!isObject(value) || !(key in value)) return value;
  const entry = value[key];
  return { ...value, [key]: each && Array.isArray(entry) ? entry.map(change) : change(entry) };
}

const propertyDocsWithoutNulls = (properties: unknown): unknown =>
  isObject(properties)
    ? Object.fromEntries(
        Object.entries(properties).map(([name, doc]) => [
          name,
          mapEntry(withoutNulls(doc), 'items', (items) => withoutNulls(items)),
        ]),
      )
    : properties;

/**
 * `glance-manage db_export_metadefs` writes JSON null for every unset value, and `db_load_metadefs` reads these
 * keys with `.get()`, so null there means absent: the namespace's display_name, description, visibility and
 * protected; an association's prefix and properties_target; an object's description, required (which Glance's
 * loader ignores) and properties (stored as JSON null); and any value in a property document (stored as
 * given). Anywhere else (names, owner, the lists themselves) null stays an error: it fails Glance's load too.
 */
function withoutGlanceNulls(json: unknown): unknown {
  let doc = withoutNulls(json, ['display_name', 'description', 'visibility', 'protected']);
  doc = mapEntry(
    doc,
    'resource_type_associations',
    (association) => withoutNulls(association, ['prefix', 'properties_target']),
    true,
  );
  doc = mapEntry(doc, 'properties', propertyDocsWithoutNulls);
  return mapEntry(
    doc,
    'objects',
    (object) =>
      mapEntry(
        withoutNulls(object, ['description', 'required', 'properties']),
        'properties',
        propertyDocsWithoutNulls,
      ),
    true,
  );
}

/**
 * Checks the shape of a definition file (not its property documents) and returns it with the nulls Glance's
 * exports hold taken as absent (see withoutGlanceNulls); throws DocumentError listing problems.
 */
export function parseGlanceDocument(input: unknown, source: string): GlanceNamespaceDocument {
  const json = withoutGlanceNulls(input);
  if (!validateDocument(json)) {
    const problems = (validateDocument.errors ?? []).map((error) => {
      const where = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : '(document)';
      const extra =
        error.keyword === 'additionalProperties'
          ? ` (${(error.params as { additionalProperty: string }).additionalProperty})`
          : '';
      return `${where}: ${error.message ?? 'is invalid'}${extra}`;
    });
    throw new DocumentError(`${source}: ${problems.join('; ')}`);
  }
  return json as unknown as GlanceNamespaceDocument;
}

/**
 * The export file name of a namespace: lowercase, "::" becomes "-", any other character outside
 * [a-z0-9._-] becomes "_" (OS::Compute::Quota → os-compute-quota.json). `taken` resolves collisions
 * with a numeric suffix (-2, -3, …).
 */
export function exportFileName(namespace: string, taken: Set<string>): string {
  const base =
    namespace
      .toLowerCase()
      .replace(/::/g, '-')
      .replace(/[^a-z0-9._-]/g, '_') || 'namespace';
  let name = `${base}.json`;
  for (let n = 2; taken.has(name); n += 1) name = `${base}-${n}.json`;
  taken.add(name);
  return name;
}
