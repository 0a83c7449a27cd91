import type { ErrorObject } from 'ajv';
import { CompiledSchemas } from '../../common/compiled-schemas';

/**
 * Stored property schemas, each compiled once, by the property's key and update time (a changed definition
 * gets a new entry). validateSchema off: Glance's own definitions are not all valid JSON Schema
 * (cpu_info:model lists "Valencia" twice in its enum), and a stored definition must still check values.
 */
const storedSchemas = new CompiledSchemas(5000, { validateSchema: false });

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
  const validate = storedSchemas.get(cacheKey, schema);
  // A stored schema ajv cannot compile (e.g. a pattern JavaScript does not accept): reported per key.
  if ('compileError' in validate) {
    const { compileError } = validate;
    const reason = compileError instanceof Error ? compileError.message : String(compileError);
    return [`cannot be checked: its definition's schema is invalid (${reason})`];
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map(describeError);
}
