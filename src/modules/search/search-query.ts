import { InputError } from '../../common/errors';

export const SEARCH_QUERY_MAX = 200;
export const SEARCH_MAX_TERMS = 16;

/**
 * Turns what a user typed into a `to_tsquery('simple', …)` text that can never be a tsquery syntax error:
 * the text is cut into words of letters and digits (everything else — tsquery operators, quotes,
 * `_` and `:` of property names — separates words, as in the indexed names), each word is quoted, all must
 * match (`&`), and the last one matches as a prefix (`:*`) so that "cpu_co" already finds `hw:cpu_cores`.
 */
export function toPrefixTsquery(text: string, field = 'query'): string {
  if ([...text].length > SEARCH_QUERY_MAX) {
    throw new InputError(field, `must be at most ${SEARCH_QUERY_MAX} characters`);
  }
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, SEARCH_MAX_TERMS);
  if (!words.length) throw new InputError(field, 'must contain at least one letter or digit');
  return words.map((word, index) => `'${word}'${index === words.length - 1 ? ':*' : ''}`).join(' & ');
}
