import { decodeOffsetCursor, encodeOffsetCursor } from './offset-cursor';

describe('offset cursors', () => {
  it('round-trips an offset for the same tag', () => {
    expect(decodeOffsetCursor(encodeOffsetCursor('search:abc', 20), 'after', 'search:abc')).toBe(20);
  });

  it.each([
    ['another tag', encodeOffsetCursor('search:other', 3)],
    ['not base64 JSON', 'not-a-cursor'],
    ['a keyset cursor shape', Buffer.from('["ns:name:ASC","a",1]').toString('base64url')],
    ['a zero offset', Buffer.from('["o","search:abc",0]').toString('base64url')],
    ['a fractional offset', Buffer.from('["o","search:abc",1.5]').toString('base64url')],
    ['an empty string', ''],
  ])('rejects %s as BAD_USER_INPUT on the field', (_, cursor) => {
    expect(() => decodeOffsetCursor(cursor, 'after', 'search:abc')).toThrow(
      expect.objectContaining({ extensions: { code: 'BAD_USER_INPUT', field: 'after' } }),
    );
  });
});
