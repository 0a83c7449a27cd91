import { BlockList, isIP } from 'node:net';

/**
 * Addresses as settings name them (HOST, AUTH_TRUSTED_PROXIES): here, at the bottom, because the settings are
 * checked with them and the proxy check (common/identity/proxy-trust.ts) matches requests against them.
 */

export interface AddressRange {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** `10.0.0.5`, `10.0.0.0/8`, `fd00::1` or `fd00::/64`; undefined when it is none of these. */
export function parseAddressRange(entry: string): AddressRange | undefined {
  const [address, prefixText, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return undefined;
  const bits = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return undefined;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** Node's BlockList matches IPv4 rules against IPv4-mapped IPv6 addresses (::ffff:10.0.0.5) too. */
export function addressList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const range = parseAddressRange(entry);
    if (!range) throw new Error(`not an IP address or CIDR range: ${entry}`);
    list.addSubnet(range.address, range.prefix, range.family);
  }
  return list;
}

export function contains(list: BlockList, address: string): boolean {
  const version = isIP(address);
  return version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

const LOOPBACK = addressList(['127.0.0.0/8', '::1/128']);

/** Whether listening on `host` serves this machine only (HOST=localhost, 127.x.x.x, ::1). */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || contains(LOOPBACK, host.replace(/^\[(.*)\]$/, '$1'));
}

/** The header in which the authenticating proxy sends AUTH_PROXY_SECRET. */
export const PROXY_SECRET_HEADER = 'x-proxy-secret';
