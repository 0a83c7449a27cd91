import { toPrefixTsquery } from './search-query';

describe('toPrefixTsquery', () => {
  it('splits names like the index does and makes the last word a prefix', () => {
    expect(toPrefixTsquery('cpu_co')).toBe("'cpu' & 'co':*");
    expect(toPrefixTsquery('cpu_info:features')).toBe("'cpu' & 'info' & 'features':*");
    expect(toPrefixTsquery('  vCPU   Cores ')).toBe("'vcpu' & 'cores':*");
  });

  it('neutralises tsquery syntax and quotes', () => {
    expect(toPrefixTsquery("a & !b | (c) <-> 'd':* \\")).toBe("'a' & 'b' & 'c' & 'd':*");
    expect(toPrefixTsquery("o'brien")).toBe("'o' & 'brien':*");
  });

  it('keeps letters of any script and digits', () => {
    expect(toPrefixTsquery('Größe x86_64')).toBe("'größe' & 'x86' & '64':*");
  });

  it('rejects a query without words, naming the field', () => {
    for (const text of ['', '   ', '&|!():*']) {
      expect(() => toPrefixTsquery(text)).toThrow(
        expect.objectContaining({ extensions: expect.objectContaining({ field: 'query' }) }),
      );
    }
  });

  it('rejects an overlong query', () => {
    expect(() => toPrefixTsquery('a'.repeat(201))).toThrow(/at most 200 characters/);
  });
});
