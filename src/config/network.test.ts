import { isLoopbackHost, parseAddressRange } from './network';

describe('parseAddressRange', () => {
  it.each([
    ['10.0.0.5', { address: '10.0.0.5', prefix: 32, family: 'ipv4' }],
    ['10.0.0.0/8', { address: '10.0.0.0', prefix: 8, family: 'ipv4' }],
    ['fd00::1', { address: 'fd00::1', prefix: 128, family: 'ipv6' }],
    ['fd00::/64', { address: 'fd00::', prefix: 64, family: 'ipv6' }],
    ['::ffff:10.0.0.5', { address: '::ffff:10.0.0.5', prefix: 128, family: 'ipv6' }],
  ])('reads %s', (entry, range) => {
    expect(parseAddressRange(entry)).toEqual(range);
  });

  it.each([
    'proxy.example.org',
    '10.0.0',
    '10.0.0.0/33',
    'fd00::/129',
    '10.0.0.0/',
    '10.0.0.0/8/8',
    '10.0.0.0/-1',
  ])('refuses %s', (entry) => {
    expect(parseAddressRange(entry)).toBeUndefined();
  });
});

describe('isLoopbackHost', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1'])(
    '%s is loopback',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
    },
  );

  it.each(['0.0.0.0', '::', '10.0.0.5', 'fd00::2', 'metacatalog.example.org', 'localhost.example.org'])(
    '%s is not',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
    },
  );
});
