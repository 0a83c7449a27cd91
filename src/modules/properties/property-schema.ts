import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { CompiledSchemas } from '../../common/compiled-schemas';
import { InputError, type InputProblem } from '../../common/errors';
import type { PropertySchema } from './property.entity';
import { PARAMETER_LIMITS, ParameterKind } from './property-parameters';
import { DEPRECATION_LIMITS, OPERATORS, PROPERTY_TITLE_MAX } from './property.keywords';

/**
 * Validation of property definitions (Glance's "property" meta-schema, restricted): one function for the
 * GraphQL input (converted to a document first) and for raw Glance JSON documents (import).
 */

const PRIMITIVE_TYPES = ['string', 'integer', 'number', 'boolean'] as const;

const nonNegativeInteger = { type: 'integer', minimum: 0 };

/** The property meta-schema of the metadefs spec, restricted: primitives only, no `$ref`, no unknown keys. */
const PROPERTY_META_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'type'],
  properties: {
    type: { type: 'string', enum: [...PRIMITIVE_TYPES, 'array'] },
    title: { type: 'string', minLength: 1, maxLength: PROPERTY_TITLE_MAX },
    description: { type: 'string' },
    default: {},
    enum: { type: 'array', minItems: 1 },
    readonly: { type: 'boolean' },
    minimum: { type: 'number' },
    maximum: { type: 'number' },
    minLength: nonNegativeInteger,
    maxLength: nonNegativeInteger,
    pattern: { type: 'string' },
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['type'],
      properties: {
        type: { type: 'string', enum: [...PRIMITIVE_TYPES] },
        enum: { type: 'array', minItems: 1 },
      },
    },
    minItems: nonNegativeInteger,
    maxItems: nonNegativeInteger,
    uniqueItems: { type: 'boolean' },
    additionalItems: { type: 'boolean' },
    operators: { type: 'array', items: { type: 'string', enum: [...OPERATORS] }, uniqueItems: true },
    // Our extensions (docs/catalog.md, "Beyond Glance's format")
    parameters: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'kind'],
        properties: {
          name: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: PARAMETER_LIMITS.name },
          kind: { type: 'string', enum: Object.values(ParameterKind) },
          pattern: { type: 'string', minLength: 1, maxLength: PARAMETER_LIMITS.pattern },
          description: { type: 'string', maxLength: PARAMETER_LIMITS.description },
        },
      },
    },
    deprecated: {
      type: 'object',
      additionalProperties: false,
      required: ['reason'],
      properties: {
        reason: { type: 'string', minLength: 1, maxLength: DEPRECATION_LIMITS.reason },
        replacement: { type: 'string', minLength: 1, maxLength: DEPRECATION_LIMITS.replacement },
      },
    },
    caseInsensitive: { type: 'boolean' },
    lenient: { type: 'boolean' },
  },
  if: { properties: { type: { const: 'array' } }, required: ['type'] },
  then: { required: ['items'] },
} as const;

// Compiled once at module load. `strict: false` only because `default: {}` in a meta-schema is fine.
const ajv = new Ajv({ allErrors: true, strict: false });
const validateMeta = ajv.compile(PROPERTY_META_SCHEMA);

/** The properties' own schemas (what a default or an enum value must satisfy), compiled once each by text. */
const valueSchemas = new CompiledSchemas(2000);

/** The validator of a property's own schema; throws ajv's error for one it cannot compile. */
function valueValidator(schema: Record<string, unknown>): ValidateFunction {
  const compiled = valueSchemas.get(JSON.stringify(schema), schema);
  if ('compileError' in compiled) throw compiled.compileError;
  return compiled;
}

/** `/items/type` under prefix `input` → `input.items.type`. */
function pathOf(prefix: string, pointer: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  return [prefix, ...parts].filter((part) => part !== '').join('.');
}

function metaProblem(prefix: string, error: ErrorObject): InputProblem {
  const base = pathOf(prefix, error.instancePath);
  switch (error.keyword) {
    case 'required':
      return {
        field: `${base}.${(error.params as { missingProperty: string }).missingProperty}`,
        message: 'is required',
      };
    case 'additionalProperty':
    case 'additionalProperties':
      return {
        field: `${base}.${(error.params as { additionalProperty: string }).additionalProperty}`,
        message: 'is not an allowed key of a property definition',
      };
    case 'enum':
      return {
        field: base,
        message: `must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues
          .map((value) => JSON.stringify(value))
          .join(', ')}`,
      };
    default:
      return { field: base, message: error.message ?? 'is invalid' };
  }
}

function valueMessage(errors: ErrorObject[] | null | undefined): string {
  const first = errors?.[0];
  if (!first) return 'is invalid';
  const where = first.instancePath ? `${first.instancePath.slice(1).replace(/\//g, '.')} ` : '';
  if (first.keyword === 'enum') return `${where}must be one of the allowed values`.trim();
  return `${where}${first.message ?? 'is invalid'}`.trim();
}

/** Structural equality of JSON values (object key order ignored). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function duplicates(prefix: string, values: unknown[]): InputProblem[] {
  const seen = new Set<string>();
  const problems: InputProblem[] = [];
  values.forEach((value, index) => {
    const key = canonical(value);
    if (seen.has(key)) problems.push({ field: `${prefix}.${index}`, message: 'is listed twice' });
    seen.add(key);
  });
  return problems;
}

const KEY_ORDER = [
  'type',
  'title',
  'description',
  'default',
  'enum',
  'readonly',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'items',
  'minItems',
  'maxItems',
  'uniqueItems',
  'additionalItems',
  'operators',
  'parameters',
  'deprecated',
  'caseInsensitive',
  'lenient',
] as const;

/** The keywords of a property that constrain its values (what `default` and `enum` values must satisfy). */
const VALUE_KEYWORDS = [
  'type',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
] as const;

/** Every problem of a property document, or none with the stored schema. */
export function checkPropertySchema(
  doc: unknown,
  fieldPrefix: string,
): { schema: PropertySchema; problems: [] } | { schema: null; problems: InputProblem[] } {
  if (!validateMeta(doc)) {
    const problems = (validateMeta.errors ?? [])
      // the if/then wrapper error repeats the `required: items` one
      .filter((error) => error.keyword !== 'if')
      .map((error) => metaProblem(fieldPrefix, error));
    return { schema: null, problems: dedupe(problems) };
  }
  const source = doc as unknown as Record<string, unknown>;
  const schema = Object.fromEntries(
    KEY_ORDER.filter((key) => source[key] !== undefined).map((key) => [key, source[key]]),
  ) as unknown as PropertySchema;
  const problems: InputProblem[] = [];
  const field = (name: string) => `${fieldPrefix}.${name}`;

  if (schema.pattern !== undefined) {
    try {
      new RegExp(schema.pattern, 'u');
    } catch (error) {
      problems.push({
        field: field('pattern'),
        message: `is not a valid regular expression: ${String(error)}`,
      });
    }
  }
  for (const [low, high] of [
    ['minimum', 'maximum'],
    ['minLength', 'maxLength'],
    ['minItems', 'maxItems'],
  ] as const) {
    const min = schema[low];
    const max = schema[high];
    if (min !== undefined && max !== undefined && min > max) {
      problems.push({ field: field(high), message: `must be at least ${low} (${min})` });
    }
  }
  if (schema.enum) problems.push(...duplicates(field('enum'), schema.enum));
  if (schema.items?.enum) problems.push(...duplicates(field('items.enum'), schema.items.enum));
  if (schema.caseInsensitive !== undefined && schema.type !== 'string' && schema.items?.type !== 'string') {
    problems.push({ field: field('caseInsensitive'), message: 'applies to STRING values (or items) only' });
  }
  if (schema.type !== 'array') {
    for (const key of ['items', 'minItems', 'maxItems', 'uniqueItems', 'additionalItems'] as const) {
      if (schema[key] !== undefined)
        problems.push({ field: field(key), message: 'applies to ARRAY properties only' });
    }
  }
  if (problems.length) return { schema: null, problems };

  // The property's own schema: what a value (its default, each enum value) must satisfy.
  const own: Record<string, unknown> = {};
  for (const key of VALUE_KEYWORDS) if (schema[key] !== undefined) own[key] = schema[key];
  if (schema.items) own.items = { ...schema.items };
  let validateValue: ValidateFunction;
  try {
    validateValue = valueValidator(own);
  } catch (error) {
    return {
      schema: null,
      problems: [
        { field: field('pattern'), message: `is not a supported regular expression: ${String(error)}` },
      ],
    };
  }
  if (schema.items?.enum) {
    const validateItem = valueValidator({ type: schema.items.type });
    schema.items.enum.forEach((value, index) => {
      if (!validateItem(value)) {
        problems.push({ field: field(`items.enum.${index}`), message: valueMessage(validateItem.errors) });
      }
    });
  }
  schema.enum?.forEach((value, index) => {
    if (!validateValue(value)) {
      problems.push({ field: field(`enum.${index}`), message: valueMessage(validateValue.errors) });
    }
  });
  if (schema.default !== undefined) {
    const withEnum = schema.enum ? valueValidator({ ...own, enum: schema.enum }) : validateValue;
    if (!withEnum(schema.default)) {
      problems.push({ field: field('default'), message: valueMessage(withEnum.errors) });
    }
  }
  if (problems.length) return { schema: null, problems };
  return { schema, problems: [] };
}

function dedupe(problems: InputProblem[]): InputProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.field}\n${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Validates a property document (Glance's JSON format, without its name) and returns it as stored;
 * BAD_USER_INPUT naming the offending field (`<fieldPrefix>.maximum`) with every problem in
 * `extensions.errors`.
 */
export function validatePropertySchema(doc: unknown, fieldPrefix: string): PropertySchema {
  const result = checkPropertySchema(doc, fieldPrefix);
  if (!result.schema) throw InputError.of(result.problems);
  return result.schema;
}

/** A GraphQL input object as a document: its null (not given) fields left out. */
const withoutNullEntries = (value: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(value).filter(([, item]) => item !== null && item !== undefined));

/**
 * A GraphQL `PropertyDefinitionInput` (or a Glance document with its `name`) as a property document: the
 * name left out, null fields dropped (GraphQL null means "not given").
 */
export function propertyInputToDoc(input: object): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (key === 'name' || value === null || value === undefined) continue;
    if ((key === 'items' || key === 'deprecated') && typeof value === 'object' && !Array.isArray(value)) {
      doc[key] = withoutNullEntries(value as Record<string, unknown>);
      continue;
    }
    if (key === 'parameters' && Array.isArray(value)) {
      doc[key] = value.map((item: unknown) =>
        typeof item === 'object' && item !== null
          ? withoutNullEntries(item as Record<string, unknown>)
          : item,
      );
      continue;
    }
    doc[key] = value;
  }
  return doc;
}
