import { originAllowed } from './origins';

describe('originAllowed', () => {
  const listed = ['https://horizon.example', 'https://*.apps.example', 'http://localhost:5173'];
  it.each([
    [undefined, 'svc:4000', [], true],
    ['http://svc:4000', 'svc:4000', [], true],
    ['http://SVC:4000', 'svc:4000', [], true],
    ['https://svc', 'svc', [], true],
    ['http://svc:4001', 'svc:4000', [], false],
    ['http://evil.example', 'svc:4000', [], false],
    ['null', 'svc:4000', [], false],
    ['null', 'svc:4000', ['*'], true],
    ['https://horizon.example', 'svc:4000', listed, true],
    ['https://HORIZON.example', 'svc:4000', listed, true],
    ['http://horizon.example', 'svc:4000', listed, false],
    ['https://horizon.example:8443', 'svc:4000', listed, false],
    ['https://a.apps.example', 'svc:4000', listed, true],
    ['https://a.b.apps.example', 'svc:4000', listed, true],
    ['https://apps.example', 'svc:4000', listed, false],
    ['https://a.apps.example:444', 'svc:4000', listed, false],
    ['https://evilapps.example', 'svc:4000', listed, false],
    ['https://a.apps.example.evil', 'svc:4000', listed, false],
    ['http://localhost:5173', 'svc:4000', listed, true],
    ['javascript:alert(1)', 'svc:4000', [], false],
  ])('%s to %s (listed %j): %s', (origin, host, allowed, expected) => {
    expect(originAllowed(origin, host, allowed)).toBe(expected);
  });
});
