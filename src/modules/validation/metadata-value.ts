import type { PropertySchema } from '../properties/property.entity';

/**
 * How a metadata value, as users put it on a flavor (extra specs) or an image (properties), is read against
 * a property definition. Pure functions: no database, no ajv.
 */

/** The multivalue operators of Nova's scheduler that the catalog can declare (multivalue operators spec). */
export const MULTIVALUE_OPERATORS = ['<or>', '<all-in>', '<in>'] as const;
export type MultivalueOperator = (typeof MULTIVALUE_OPERATORS)[number];

export type Scalar = string | number | boolean;
export type MetadataValue = Scalar | Scalar[];

export type Interpretation = { ok: true; value: unknown } | { ok: false; message: string };

export interface OperatorValue {
  operator: string;
  /** The values the operator combines: each is checked against the definition. */
  choices: string[];
}

const ok = (value: unknown): Interpretation => ({ ok: true, value });
const fail = (message: string): Interpretation => ({ ok: false, message });

const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Reads a value that starts with an operator token such as `<or>` (null for a plain value), as Nova does:
 * `<or> a <or> b` (any of the choices), `<all-in> a b` (every word), `<in> text` (a substring). A token of
 * that shape which is not a known operator (`<any>`) is still returned, so the caller can name it.
 */
export function parseOperatorValue(value: string): OperatorValue | null {
  const match = /^\s*(<[a-z-]+>)(?=\s|$)(.*)$/s.exec(value);
  if (!match) return null;
  const [, operator, rest] = match;
  switch (operator) {
    case '<or>':
      return { operator, choices: rest.split('<or>').map((choice) => choice.trim()) };
    case '<all-in>':
      return { operator, choices: rest.split(/\s+/).filter(Boolean) };
    default:
      return { operator, choices: [rest.trim()] };
  }
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
}

/** One scalar read as the given primitive type: strings as stored by Nova and Glance, or JSON values. */
export function interpretScalar(value: unknown, type: string | undefined): Interpretation {
  switch (type) {
    case 'integer': {
      if (typeof value === 'number') return Number.isInteger(value) ? ok(value) : fail('must be an integer');
      if (typeof value === 'string' && INTEGER.test(value.trim())) {
        const parsed = Number(value.trim());
        return Number.isSafeInteger(parsed) ? ok(parsed) : fail('is too large an integer');
      }
      return fail(`must be an integer, not ${describe(value)}`);
    }
    case 'number': {
      if (typeof value === 'number') return ok(value);
      if (typeof value === 'string' && NUMBER.test(value.trim())) return ok(Number(value.trim()));
      return fail(`must be a number, not ${describe(value)}`);
    }
    case 'boolean': {
      if (typeof value === 'boolean') return ok(value);
      // Nova accepts extra spec booleans in any case ("True", "FALSE").
      if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) {
        return ok(value.trim().toLowerCase() === 'true');
      }
      return fail(`must be true or false, not ${describe(value)}`);
    }
    case 'string': {
      if (typeof value === 'string') return ok(value);
      if (typeof value === 'number' || typeof value === 'boolean') return ok(String(value));
      return fail('must be a string');
    }
    default:
      return ok(value);
  }
}

/**
 * The value of a key read by its definition's type. An array is a JSON array (value or text) or a comma
 * and/or space separated list; its items are read by `items.type`.
 */
export function interpretValue(
  value: MetadataValue,
  schema: Pick<PropertySchema, 'type' | 'items'>,
): Interpretation {
  if (schema.type !== 'array') {
    return Array.isArray(value)
      ? fail(`must be a single ${schema.type}, not a list`)
      : interpretScalar(value, schema.type);
  }
  let items: unknown[];
  if (Array.isArray(value)) {
    items = value;
  } else if (typeof value === 'string' && value.trim().startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      return fail('is not a valid JSON array');
    }
    if (!Array.isArray(parsed)) return fail('is not a valid JSON array');
    items = parsed;
  } else if (typeof value === 'string') {
    items = value.split(/[\s,]+/).filter(Boolean);
  } else {
    items = [value];
  }
  const read: unknown[] = [];
  for (const [index, item] of items.entries()) {
    const result = interpretScalar(item, schema.items?.type);
    if (!result.ok) return fail(`item ${index}: ${result.message}`);
    read.push(result.value);
  }
  return ok(read);
}
