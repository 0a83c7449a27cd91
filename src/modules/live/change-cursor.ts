import { InputError } from '../../common/errors';

/** A change cursor is opaque to clients: base64url of `change:<seq>`. */
export function encodeChangeCursor(seq: string): string {
  return Buffer.from(`change:${seq}`, 'utf8').toString('base64url');
}

/** The seq a change cursor names; BAD_USER_INPUT on `field` when it is not one. */
export function decodeChangeCursor(cursor: string, field = 'after'): string {
  const decoded = /^[A-Za-z0-9_-]{1,40}$/.test(cursor)
    ? Buffer.from(cursor, 'base64url').toString('utf8')
    : '';
  const match = /^change:(0|[1-9][0-9]{0,17})$/.exec(decoded);
  if (!match) throw new InputError(field, 'is not a valid change cursor');
  return match[1];
}
