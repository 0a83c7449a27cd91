import { bearerMatches, sameSecret } from './secrets';

describe('secrets', () => {
  it('compares whole secrets', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abc', 'abd')).toBe(false);
    expect(sameSecret('abc', 'abcd')).toBe(false);
    expect(sameSecret('', 'abc')).toBe(false);
  });

  it('reads bearer tokens', () => {
    expect(bearerMatches('Bearer tok-123', 'tok-123')).toBe(true);
    expect(bearerMatches('bearer tok-123', 'tok-123')).toBe(true);
    expect(bearerMatches('Bearer tok-124', 'tok-123')).toBe(false);
    expect(bearerMatches('Basic tok-123', 'tok-123')).toBe(false);
    expect(bearerMatches('tok-123', 'tok-123')).toBe(false);
    expect(bearerMatches(undefined, 'tok-123')).toBe(false);
  });
});
