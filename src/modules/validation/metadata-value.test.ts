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
    // Python's int(): no bound, underscores between digits, any script's digits, Python's whitespace
    expect(value(interpretScalar('99999999999999999999', 'integer'))).toBe(99999999999999999999n);
    expect(value(interpretScalar('1_000', 'integer'))).toBe(1000);
    expect(value(interpretScalar('+7', 'integer'))).toBe(7);
    expect(value(interpretScalar('\u0661\u0662', 'integer'))).toBe(12);
    expect(value(interpretScalar('\u0085 3\u001f', 'integer'))).toBe(3);
    for (const junk of ['1__0', '_1', '1_', '0x10', '1e3', '+ 1', '\ufeff1']) {
      expect(value(interpretScalar(junk, 'integer'))).toMatch(/^ERROR must be an integer/);
    }
  });

  it('reads numbers', () => {
    expect(value(interpretScalar('1.5', 'number'))).toBe(1.5);
    expect(value(interpretScalar('2', 'number'))).toBe(2);
    expect(value(interpretScalar('1e3', 'number'))).toBe(1000);
    expect(value(interpretScalar(0.25, 'number'))).toBe(0.25);
    expect(value(interpretScalar('1.5x', 'number'))).toBe('ERROR must be a number, not "1.5x"');
    expect(value(interpretScalar('NaN', 'number'))).toMatch(/^ERROR/);
  });

  it("reads booleans as oslo's strict bool_from_string, as Nova does", () => {
    const spellings = {
      true: ['true', 'TRUE', 'yes', 'On', '1', 't', 'Y', ' yes\n'],
      false: ['False', 'no', 'OFF', '0', 'f', 'n'],
    };
    for (const word of spellings.true) expect(value(interpretScalar(word, 'boolean'))).toBe(true);
    for (const word of spellings.false) expect(value(interpretScalar(word, 'boolean'))).toBe(false);
    expect(value(interpretScalar(false, 'boolean'))).toBe(false);
    for (const junk of ['maybe', '2', '', 'tru', 'y e s', '\ufefftrue']) {
      expect(value(interpretScalar(junk, 'boolean'))).toMatch(/^ERROR must be a boolean/);
    }
    expect(value(interpretScalar(1, 'boolean'))).toMatch(/^ERROR must be a boolean .*, not 1$/);
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
