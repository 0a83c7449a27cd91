import { glanceTextValue, pythonFloatText } from './glance-format';

describe('glance-format: values Glance stores as text', () => {
  it("writes floats as Python's repr() does (printed by python3 for each value)", () => {
    const python: [number, string][] = [
      [0.1, '0.1'],
      [1.5, '1.5'],
      [3.0, '3.0'],
      [-2.5, '-2.5'],
      [1e-5, '1e-05'],
      [0.0001, '0.0001'],
      [0.00012345, '0.00012345'],
      [1e16, '1e+16'],
      [1.5e16, '1.5e+16'],
      [9999999999999998.0, '9999999999999998.0'],
      [1e15, '1000000000000000.0'],
      [123456789.123, '123456789.123'],
      [1 / 3, '0.3333333333333333'],
      [2 ** 53, '9007199254740992.0'],
      [5e-324, '5e-324'],
      [1.7976931348623157e308, '1.7976931348623157e+308'],
      [-1e-7, '-1e-07'],
      [100.0, '100.0'],
      [1e22, '1e+22'],
      [0.5e-4, '5e-05'],
      [0, '0.0'],
      [-0, '-0.0'],
    ];
    for (const [value, text] of python) expect([value, pythonFloatText(value)]).toEqual([value, text]);
  });

  it('converts exactly what Glance writes for a value of the type, nothing else', () => {
    const cases: [string, string, number | boolean | undefined][] = [
      ['integer', '3', 3],
      ['integer', '-12', -12],
      ['integer', '0', 0],
      ['integer', '9007199254740991', 9007199254740991],
      ['integer', '9007199254740993', undefined],
      ['integer', '3.0', undefined],
      ['integer', '03', undefined],
      ['integer', ' 3', undefined],
      ['integer', '3 ', undefined],
      ['integer', '+3', undefined],
      ['integer', '-0', undefined],
      ['integer', '3e0', undefined],
      ['integer', '0x3', undefined],
      ['integer', '', undefined],
      ['integer', 'True', undefined],
      ['number', '1.5', 1.5],
      ['number', '3', 3],
      ['number', '3.0', 3],
      ['number', '-0.25', -0.25],
      ['number', '1e-05', 0.00001],
      ['number', '1e+16', 1e16],
      ['number', '1.50', undefined],
      ['number', '.5', undefined],
      ['number', '0.50', undefined],
      ['number', '1E5', undefined],
      ['number', '1e5', undefined],
      ['number', '1e-5', undefined],
      ['number', '0.00001', undefined],
      ['number', 'inf', undefined],
      ['number', 'nan', undefined],
      ['number', 'Infinity', undefined],
      ['number', '', undefined],
      ['number', ' 1.5', undefined],
      ['boolean', 'True', true],
      ['boolean', 'true', true],
      ['boolean', 'False', false],
      ['boolean', 'false', false],
      ['boolean', 'TRUE', undefined],
      ['boolean', '1', undefined],
      ['boolean', 'yes', undefined],
      ['string', '3', undefined],
      ['array', '[1]', undefined],
      [undefined as unknown as string, '3', undefined],
    ];
    for (const [type, text, value] of cases) {
      expect([type, text, glanceTextValue(type, text)]).toEqual([type, text, value]);
    }
  });
});
