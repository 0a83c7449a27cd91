import { interpretScalar, interpretValue, parseOperatorValue, type Interpretation } from './metadata-value';

const value = (result: Interpretation) => (result.ok ? result.value : `ERROR ${result.message}`);

describe('interpretScalar', () => {
  it('reads integers from numbers and integer strings only', () => {
    expect(value(interpretScalar('4', 'integer'))).toBe(4);
    expect(value(interpretScalar(' -12 ', 'integer'))).toBe(-12);
    expect(value(interpretScalar(8, 'integer'))).toBe(8);
    expect(value(interpretScalar('4.5', 'integer'))).toBe('ERROR must be an integer, not "4.5"');
    expect(value(interpretScalar('four', 'integer'))).toBe('ERROR must be an integer, not "four"');
    expect(value(interpretScalar(4.5, 'integer'))).toBe('ERROR must be an integer');
    expect(value(interpretScalar('', 'integer'))).toMatch(/^ERROR must be an integer/);
    expect(value(interpretScalar(true, 'integer'))).toBe('ERROR must be an integer, not true');
    expect(value(interpretScalar('99999999999999999999', 'integer'))).toBe('ERROR is too large an integer');
  });

  it('reads numbers', () => {
    expect(value(interpretScalar('1.5', 'number'))).toBe(1.5);
    expect(value(interpretScalar('2', 'number'))).toBe(2);
    expect(value(interpretScalar('1e3', 'number'))).toBe(1000);
    expect(value(interpretScalar(0.25, 'number'))).toBe(0.25);
    expect(value(interpretScalar('1.5x', 'number'))).toBe('ERROR must be a number, not "1.5x"');
    expect(value(interpretScalar('NaN', 'number'))).toMatch(/^ERROR/);
  });

  it('reads booleans case-insensitively, as Nova does', () => {
    expect(value(interpretScalar('true', 'boolean'))).toBe(true);
    expect(value(interpretScalar('False', 'boolean'))).toBe(false);
    expect(value(interpretScalar('TRUE', 'boolean'))).toBe(true);
    expect(value(interpretScalar(false, 'boolean'))).toBe(false);
    expect(value(interpretScalar('yes', 'boolean'))).toBe('ERROR must be true or false, not "yes"');
    expect(value(interpretScalar(1, 'boolean'))).toBe('ERROR must be true or false, not 1');
  });

  it('reads strings, turning JSON numbers and booleans into their text', () => {
    expect(value(interpretScalar('abc', 'string'))).toBe('abc');
    expect(value(interpretScalar(10, 'string'))).toBe('10');
    expect(value(interpretScalar(true, 'string'))).toBe('true');
  });
});

describe('interpretValue', () => {
  const features = { type: 'array' as const, items: { type: 'string' as const } };

  it('reads arrays from JSON arrays, JSON text and comma or space separated lists', () => {
    expect(value(interpretValue(['aes', 'vme'], features))).toEqual(['aes', 'vme']);
    expect(value(interpretValue('["aes","vme"]', features))).toEqual(['aes', 'vme']);
    expect(value(interpretValue('aes, vme de', features))).toEqual(['aes', 'vme', 'de']);
    expect(value(interpretValue('', features))).toEqual([]);
    expect(value(interpretValue('[oops', features))).toBe('ERROR is not a valid JSON array');
    expect(value(interpretValue('[', features))).toBe('ERROR is not a valid JSON array');
  });

  it('reads items by items.type and names the bad item', () => {
    const numbers = { type: 'array' as const, items: { type: 'integer' as const } };
    expect(value(interpretValue('1,2,3', numbers))).toEqual([1, 2, 3]);
    expect(value(interpretValue(['1', 'x'], numbers))).toBe('ERROR item 1: must be an integer, not "x"');
  });

  it('refuses a list for a scalar property', () => {
    expect(value(interpretValue(['1'], { type: 'integer' }))).toBe(
      'ERROR must be a single integer, not a list',
    );
  });
});

describe('parseOperatorValue', () => {
  it('reads <or> choices, which may contain spaces', () => {
    expect(parseOperatorValue('<or> aes <or> vme')).toEqual({ operator: '<or>', choices: ['aes', 'vme'] });
    expect(parseOperatorValue('<or> Abu Dhabi <or> Seoul')).toEqual({
      operator: '<or>',
      choices: ['Abu Dhabi', 'Seoul'],
    });
  });

  it('reads <all-in> words and the <in> substring', () => {
    expect(parseOperatorValue('<all-in> aes  vme')).toEqual({
      operator: '<all-in>',
      choices: ['aes', 'vme'],
    });
    expect(parseOperatorValue('<in> Haswell ')).toEqual({ operator: '<in>', choices: ['Haswell'] });
  });

  it('returns unknown operator tokens for the caller to name, and null for plain values', () => {
    expect(parseOperatorValue('<any> a')).toEqual({ operator: '<any>', choices: ['a'] });
    expect(parseOperatorValue('aes')).toBeNull();
    expect(parseOperatorValue('a <or> b')).toBeNull();
    expect(parseOperatorValue('<ortext')).toBeNull();
    expect(parseOperatorValue('4')).toBeNull();
  });
});
