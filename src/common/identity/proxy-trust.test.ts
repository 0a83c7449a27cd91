import { createProxyCheck } from './proxy-trust';

describe('createProxyCheck', () => {
  const from = (remoteAddress?: string, headers = {}) => ({ headers, remoteAddress });

  it('matches the peer address against IPv4, IPv6 and IPv4-mapped IPv6 forms', () => {
    const check = createProxyCheck({
      secret: undefined,
      trustedProxies: ['10.1.0.0/16', 'fd00::/64', '192.0.2.7'],
    });
    for (const address of ['10.1.2.3', '::ffff:10.1.2.3', 'fd00::abcd', '192.0.2.7', '::ffff:192.0.2.7']) {
      expect(check(from(address))).toBeUndefined();
    }
    for (const address of ['10.2.0.1', '::ffff:10.2.0.1', 'fd01::1', '192.0.2.8', '::1', '127.0.0.1']) {
      expect(check(from(address))).toBe('peer address not in AUTH_TRUSTED_PROXIES');
    }
    expect(check(from(undefined))).toBe('peer address not in AUTH_TRUSTED_PROXIES');
  });

  it('a rule written as an IPv4-mapped address matches the plain IPv4 peer', () => {
    const check = createProxyCheck({ secret: undefined, trustedProxies: ['::ffff:10.0.0.5'] });
    expect(check(from('10.0.0.5'))).toBeUndefined();
    expect(check(from('::ffff:10.0.0.5'))).toBeUndefined();
  });

  it('with both settings, both must hold', () => {
    const secret = 'a-shared-secret-of-length';
    const check = createProxyCheck({ secret, trustedProxies: ['10.0.0.0/8'] });
    expect(check(from('10.0.0.1', { 'x-proxy-secret': secret }))).toBeUndefined();
    expect(check(from('10.0.0.1'))).toBe('no X-Proxy-Secret header');
    expect(check(from('11.0.0.1', { 'x-proxy-secret': secret }))).toBe(
      'peer address not in AUTH_TRUSTED_PROXIES',
    );
  });

  it('with neither, every request passes (allowed on a loopback HOST only, see config)', () => {
    expect(createProxyCheck({ secret: undefined, trustedProxies: [] })(from(undefined))).toBeUndefined();
  });
});
