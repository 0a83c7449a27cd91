import Ajv from 'ajv';
import { METADEF_TAG_NAME_MAX } from '../metadef-tags/metadef-tag.entity';
import { ASSOCIATION_LIMITS } from '../namespaces/namespace-resource-type.entity';
import { NAMESPACE_LIMITS } from '../namespaces/namespace.entity';
import { OBJECT_NAME_MAX } from '../properties/object.entity';
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
  /** Our extension: the namespace is complete (see Namespace.complete). Glance's loader ignores the key. */
  complete?: boolean;
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
  complete?: boolean;
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
    complete: { type: 'boolean' },
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
  let doc = withoutNulls(json, ['display_name', 'description', 'visibility', 'protected', 'complete']);
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

/** What Python's `str()` writes for an int: no sign for zero, no leading zeros, no spaces. */
const PYTHON_INT = /^(?:0|-?[1-9][0-9]*)$/;

/**
 * What Python's `repr()` / `str()` writes for a finite float (Glance runs on Python 3): the shortest digits that
 * read back as the same double (what JavaScript's toExponential() also gives), in fixed notation with at least
 * one fractional digit when the decimal exponent is from -4 to 15 ("1.5", "3.0", "0.0001"), otherwise
 * "<digits>e<sign><at least two digits>" ("1e+16", "1.5e-05").
 */
export function pythonFloatText(value: number): string {
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const sign = value < 0 ? '-' : '';
  const [mantissa, exponentText] = Math.abs(value).toExponential().split('e');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16) {
    return `${sign}${mantissa}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  const digits = mantissa.replace('.', '');
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
  return `${sign}${whole}.${digits.slice(exponent + 1) || '0'}`;
}

/**
 * The typed value a text stands for, when Glance's API could have written exactly that text for a value of this
 * property type, or undefined. Glance's API reads `default` (and enum values) as text (WSME `bytes`/`text`
 * attributes: `str(value)` of the JSON number or boolean sent), so a property created through it stores
 * `"default": "3"`, `"1.5"` or `"True"` and `db_export_metadefs` writes them so:
 * - integer: Python's str() of an int within JSON's exactly representable range (±2^53-1): "3", "-12", "0".
 *   Not "3.0" (str() of the float 3.0, which is not an integer for the Draft 4 validator Glance uses), "03",
 *   " 3", "+3", "3e0", "0x3";
 * - number: the same integer texts, or Python's str() of a float ("1.5", "3.0", "1e-05", "1e+16"), nothing else
 *   (not "1.50", ".5", "1E5", "inf", "nan");
 * - boolean: "True" / "False" (str() of Python's booleans) and "true" / "false" (JSON's spelling); not "1",
 *   "yes", "TRUE";
 * - string and array: nothing (a string is already a string; Glance's API cannot store an array default at all:
 *   WSME turns a list into null, which a load takes as absent).
 */
export function glanceTextValue(type: unknown, text: string): number | boolean | undefined {
  switch (type) {
    case 'integer': {
      const value = Number(text);
      return PYTHON_INT.test(text) && Number.isSafeInteger(value) ? value : undefined;
    }
    case 'number': {
      const value = Number(text);
      if (PYTHON_INT.test(text)) return Number.isSafeInteger(value) ? value : undefined;
      return text !== '' && Number.isFinite(value) && pythonFloatText(value) === text ? value : undefined;
    }
    case 'boolean':
      return text === 'True' || text === 'true'
        ? true
        : text === 'False' || text === 'false'
          ? false
          : undefined;
    default:
      return undefined;
  }
}
