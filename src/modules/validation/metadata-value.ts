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

/** The characters Python's str.strip() removes (str.isspace), which oslo and int() trim. */
const PY_SPACE =
  '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const PY_STRIP = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, 'gu');

/** Python's str.strip(). */
export const pythonStrip = (text: string): string => text.replace(PY_STRIP, '');

/** oslo.utils strutils.bool_from_string's words (TRUE_STRINGS, FALSE_STRINGS), read stripped and in lower case. */
const TRUE_STRINGS = ['1', 't', 'true', 'on', 'y', 'yes'];
const FALSE_STRINGS = ['0', 'f', 'false', 'off', 'n', 'no'];

/** strutils.bool_from_string(text, strict=True): the boolean, or undefined where it raises. */
export function boolFromString(text: string): boolean | undefined {
  const word = pythonStrip(text).toLowerCase();
  if (TRUE_STRINGS.includes(word)) return true;
  if (FALSE_STRINGS.includes(word)) return false;
  return undefined;
}

/** Python's int(text): a sign, decimal digits of any script with single underscores between them, stripped. */
const PY_INT = /^([+-]?)(\p{Nd}+(?:_\p{Nd}+)*)$/u;
const DIGIT = /\p{Nd}/u;

/** The value of a decimal digit of any script (Unicode encodes each script's 0–9 contiguously, in order). */
function digitValue(char: string): number {
  let start = char.codePointAt(0)!;
  while (DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
  return (char.codePointAt(0)! - start) % 10;
}

/** What Python's int() reads from a text, or undefined where it raises ValueError. */
export function pythonInt(text: string): bigint | undefined {
  const match = PY_INT.exec(pythonStrip(text));
  if (!match) return undefined;
  const digits = [...match[2].replace(/_/g, '')].map((char) =>
    /[0-9]/.test(char) ? char : String(digitValue(char)),
  );
  const value = BigInt(digits.join(''));
  return match[1] === '-' ? -value : value;
}

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
      const parsed = typeof value === 'string' ? pythonInt(value) : undefined;
      if (parsed === undefined) return fail(`must be an integer, not ${describe(value)}`);
      // Beyond JSON's exact integers the value stays a bigint (minimum and maximum are compared exactly).
      const small = Number(parsed);
      return ok(Number.isSafeInteger(small) ? small : parsed);
    }
    case 'number': {
      if (typeof value === 'number') return ok(value);
      if (typeof value === 'string' && NUMBER.test(value.trim())) return ok(Number(value.trim()));
      return fail(`must be a number, not ${describe(value)}`);
    }
    case 'boolean': {
      if (typeof value === 'boolean') return ok(value);
      // As Nova reads them (oslo's strict bool_from_string): true/false, yes/no, on/off, 1/0, t/f, y/n, any case.
      const read = typeof value === 'string' ? boolFromString(value) : undefined;
      if (read !== undefined) return ok(read);
      return fail(`must be a boolean (true/false, yes/no, on/off, 1/0, t/f, y/n), not ${describe(value)}`);
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
