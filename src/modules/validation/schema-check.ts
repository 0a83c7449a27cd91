import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';

/**
 * Checks values against stored property schemas with ajv. Each schema is compiled once and cached by the
 * property's key and update time (a changed definition gets a new entry). Glance's extra keywords
 * (`operators`, `readonly`, …) are not JSON Schema: strict mode is off so that they are ignored.
 */
// validateSchema off: Glance's own definitions are not all valid JSON Schema (cpu_info:model lists
// "Valencia" twice in its enum), and a stored definition must still check values.
const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false });
const compiled = new Map<string, ValidateFunction | { invalid: string }>();
const CACHE_MAX = 5000;

function compile(cacheKey: string, schema: object): ValidateFunction | { invalid: string } {
  let entry = compiled.get(cacheKey);
  if (!entry) {
    if (compiled.size >= CACHE_MAX) {
      compiled.clear();
      ajv.removeSchema();
    }
    try {
      entry = ajv.compile(schema);
    } catch (error) {
      // A stored schema ajv cannot compile (e.g. a pattern JavaScript does not accept): reported per key.
      entry = { invalid: error instanceof Error ? error.message : String(error) };
    }
    compiled.set(cacheKey, entry);
  }
  return entry;
}

function show(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function describeError(error: ErrorObject): string {
  const where = error.instancePath ? `item ${error.instancePath.slice(1).replace(/\//g, '.')}: ` : '';
  if (error.keyword === 'enum') {
    const allowed = new Set((error.params.allowedValues as unknown[]).map(show));
    return `${where}must be one of: ${[...allowed].join(', ')}`;
  }
  return `${where}${error.message ?? 'is invalid'}`;
}

/** The problems of `value` against `schema` (none when it conforms), in ajv's words made precise. */
export function checkSchema(cacheKey: string, schema: object, value: unknown): string[] {
  const validate = compile(cacheKey, schema);
  if ('invalid' in validate)
    return [`cannot be checked: its definition's schema is invalid (${validate.invalid})`];
  if (validate(value)) return [];
  return (validate.errors ?? []).map(describeError);
}
