import { InputError, textProblem } from '../../common/errors';
import { hasControlCharacter } from '../../config/text';
import { DISCOVERED_PROPERTY_NAME_MAX } from './discovered-property.entity';
import type { PropertyValue } from './resource-property.entity';
import { TAG_MAX_LENGTH, TAGS_PER_RESOURCE } from './resource-tag.entity';

export const PROPERTIES_PER_RESOURCE = 500;
export const PROPERTY_VALUE_MAX_LENGTH = 4096;
/** At most this many tags in each tag condition of a resource filter. */
export const FILTER_TAGS_MAX = 100;

/** PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate cannot be encoded: neither could round-trip. */
const unstorable = (text: string): boolean => textProblem(text) !== undefined;

const length = (value: string): number => [...value].length;

/**
 * A Nova tag: case-sensitive, 1–60 characters, no "/" and no ",". Every other character is allowed (and
 * kept exactly as given), except the two a database cannot store (NUL, lone surrogates).
 */
export function checkTag(field: string, tag: string): string {
  if (length(tag) < 1) throw new InputError(field, 'a tag must not be empty');
  if (length(tag) > TAG_MAX_LENGTH) {
    throw new InputError(field, `a tag must be at most ${TAG_MAX_LENGTH} characters`);
  }
  if (tag.includes('/')) throw new InputError(field, 'a tag must not contain "/"');
  if (tag.includes(',')) throw new InputError(field, 'a tag must not contain ","');
  if (unstorable(tag)) throw new InputError(field, 'a tag must not contain NUL or unpaired surrogates');
  return tag;
}

/** A whole set of tags (`field` = `tags` or `input.tags`): each valid, duplicates counted once, at most 50. */
export function checkTags(field: string, tags: readonly string[]): string[] {
  tags.forEach((tag, index) => checkTag(`${field}.${index}`, tag));
  const unique = [...new Set(tags)];
  checkTagCount(field, unique.length);
  return unique;
}

export function checkTagCount(field: string, count: number): void {
  if (count > TAGS_PER_RESOURCE) {
    throw new InputError(
      field,
      `a resource has at most ${TAGS_PER_RESOURCE} tags (the limit of tags per resource); ${count} asked`,
    );
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : typeof value;
}

/**
 * Resource properties: a JSON object of keys (1–255 characters) to JSON scalars (string, number, boolean).
 * Nested objects, arrays and null are refused, naming the key (`properties.<key>`).
 */
export function checkProperties(field: string, properties: unknown): Map<string, PropertyValue> {
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) {
    throw new InputError(field, `must be a JSON object of key/value pairs, not ${describe(properties)}`);
  }
  const entries = Object.entries(properties as Record<string, unknown>);
  if (entries.length > PROPERTIES_PER_RESOURCE) {
    throw new InputError(field, `a resource has at most ${PROPERTIES_PER_RESOURCE} properties`);
  }
  const checked = new Map<string, PropertyValue>();
  for (const [key, value] of entries) {
    const path = `${field}.${key}`;
    if (length(key) < 1) throw new InputError(path, 'a property key must not be empty');
    if (length(key) > DISCOVERED_PROPERTY_NAME_MAX) {
      throw new InputError(path, `a property key must be at most ${DISCOVERED_PROPERTY_NAME_MAX} characters`);
    }
    if (hasControlCharacter(key) || unstorable(key)) {
      throw new InputError(path, 'a property key must not contain control characters or unpaired surrogates');
    }
    if (typeof value === 'string') {
      if (length(value) > PROPERTY_VALUE_MAX_LENGTH) {
        throw new InputError(path, `a string value must be at most ${PROPERTY_VALUE_MAX_LENGTH} characters`);
      }
      if (unstorable(value)) {
        throw new InputError(path, 'a string value must not contain NUL or unpaired surrogates');
      }
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new InputError(path, 'must be a finite number');
    } else if (typeof value !== 'boolean') {
      throw new InputError(
        path,
        `must be a string, a number or a boolean, not ${describe(value)} (nested values are not supported)`,
      );
    }
    checked.set(key, value);
  }
  return checked;
}

/**
 * A string used only to look something up (a filter, a tag to test or remove, a key to read): anything goes
 * except NUL, which PostgreSQL refuses outright (an error the caller should see as bad input, not a bug).
 */
export function checkLookup<T extends string | null | undefined>(field: string, value: T): T {
  if (value != null && value.includes('\u0000')) throw new InputError(field, 'must not contain NUL');
  return value;
}

export function checkLookups(field: string, values: readonly string[] | null | undefined): void {
  values?.forEach((value, index) => checkLookup(`${field}.${index}`, value));
}
