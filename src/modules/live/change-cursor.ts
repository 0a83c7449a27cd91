import { InputError } from '../../common/errors';

/** A change cursor is opaque to clients: base64url of `["change","<seq>"]` (the seq a decimal string). */
export function encodeChangeCursor(seq: string): string {
  return Buffer.from(JSON.stringify(['change', seq]), 'utf8').toString('base64url');
}

/** The seq a change cursor names; BAD_USER_INPUT on `field` when it is not one. */
export function decodeChangeCursor(cursor: string, field = 'after'): string {
  let parts: unknown;
  try {
    parts = /^[A-Za-z0-9_-]{1,80}$/.test(cursor)
      ? JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
      : undefined;
  } catch {
    parts = undefined;
  }
  if (
    !Array.isArray(parts) ||
    parts.length !== 2 ||
    parts[0] !== 'change' ||
    typeof parts[1] !== 'string' ||
    !/^(0|[1-9][0-9]{0,17})$/.test(parts[1])
  ) {
    throw new InputError(field, 'is not a valid change cursor');
  }
  return parts[1];
}
