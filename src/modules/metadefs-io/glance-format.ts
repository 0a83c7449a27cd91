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

/** Checks the shape of a definition file (not its property documents); throws DocumentError listing problems. */
export function parseGlanceDocument(json: unknown, source: string): GlanceNamespaceDocument {
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
