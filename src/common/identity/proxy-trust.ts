import type { AuthProxyConfig } from '../../config';
import { addressList, contains, PROXY_SECRET_HEADER } from '../../config/network';
import type { RequestInfo } from './identity';
import { sameSecret } from './secrets';

/**
 * How headers mode recognises its authenticating proxy: the shared secret in X-Proxy-Secret and/or a peer
 * address in the trusted ranges (both, when both are configured). Returns why a request is refused, or
 * undefined when it came through the proxy. With neither configured every request passes: that is allowed
 * only on a loopback HOST (see src/config/auth.ts).
 */
export function createProxyCheck(settings: AuthProxyConfig): (request: RequestInfo) => string | undefined {
  const trusted = settings.trustedProxies.length ? addressList(settings.trustedProxies) : undefined;
  const { secret } = settings;
  return ({ headers, remoteAddress }) => {
    if (trusted && !(remoteAddress && contains(trusted, remoteAddress))) {
      return 'peer address not in AUTH_TRUSTED_PROXIES';
    }
    if (secret) {
      const given = headers[PROXY_SECRET_HEADER];
      if (given === undefined) return 'no X-Proxy-Secret header';
      if (Array.isArray(given) || !sameSecret(given, secret)) return 'wrong X-Proxy-Secret';
    }
    return undefined;
  };
}
