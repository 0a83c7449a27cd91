import { InputError } from '../errors';
import { MAX_SERIAL } from './paginate';

/**
 * Cursors of ranked lists, where keyset pagination is impractical (the sort key is a computed relevance):
 * the position of the item, bound to a tag naming the list and its arguments, so that a cursor of another
 * search is rejected rather than silently misused.
 */
export function encodeOffsetCursor(tag: string, offset: number): string {
  return Buffer.from(JSON.stringify(['o', tag, offset]), 'utf8').toString('base64url');
}

/**
 * The offset after which the next page starts; BAD_USER_INPUT on `field` for anything not made here (another
 * shape or tag, an offset that is not an integer from 1 to MAX_SERIAL: a ranked list never holds more items than
 * there are serial ids).
 */
export function decodeOffsetCursor(cursor: string, field: string, tag: string): number {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    parsed[0] !== 'o' ||
    parsed[1] !== tag ||
    !Number.isInteger(parsed[2]) ||
    (parsed[2] as number) < 1 ||
    (parsed[2] as number) > MAX_SERIAL
  ) {
    throw new InputError(field, 'is not a valid cursor for this list');
  }
  return parsed[2] as number;
}
