/** The values with a syntax of their own: each gets the raw text (undefined when unset) and the variable's name. */
import { parseAddressRange, PROXY_SECRET_HEADER } from './network';
import { ConfigError, oneOf } from './parse';
import { hasControlCharacter } from './text';

/** A name or address to listen on; whether it resolves and is this machine's is checked when listening. */
export function hostName(raw: string | undefined, name: string): string {
  if (raw === undefined) return '127.0.0.1';
  if (!/^[\w.:%-]+$/.test(raw)) {
    throw new ConfigError(
      `${name} must be a host name or an IP address (e.g. 127.0.0.1, 0.0.0.0, ::), got "${raw}"`,
    );
  }
  return raw;
}

/** Paths the service answers itself, which no REST API's prefix may cover. */
const OWN_PATHS = ['/graphql', '/health', '/metrics'];

/**
 * Where a REST API is mounted: `/placement` (a path of `/`-separated segments of `A-Za-z0-9._~-`, no trailing
 * `/`), or `off` (not served). Not `/` nor a prefix of the service's own paths.
 */
export function restPrefix(fallback: string) {
  return (raw: string | undefined, name: string): string | undefined => {
    const value = raw ?? fallback;
    if (value === 'off') return undefined;
    if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(value)) {
      throw new ConfigError(
        `${name} must be a path such as /placement (no trailing /), or off; got "${value.slice(0, 100)}"`,
      );
    }
    if (OWN_PATHS.some((path) => path.startsWith(value) || value.startsWith(`${path}/`) || value === path)) {
      throw new ConfigError(`${name}=${value} would cover the service's own ${OWN_PATHS.join(', ')}`);
    }
    return value;
  };
}

/**
 * Comma- or space-separated origins (`scheme://host[:port]`, no path), each exact or with `*` as its first host
 * label (`https://*.example.com`: any subdomain, not the domain itself), or `*` alone (any).
 */
export function origins(raw: string | undefined, name: string): string[] {
  const entries = (raw ?? '').split(/[\s,]+/).filter(Boolean);
  for (const entry of entries) {
    if (entry === '*') continue;
    const match = /^(https?):\/\/(\*\.)?([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/i.exec(entry);
    if (!match) {
      throw new ConfigError(
        `${name}: "${entry}" is not an origin (scheme://host[:port], e.g. https://horizon.example or https://*.example.com)`,
      );
    }
  }
  return entries.map((entry) => entry.toLowerCase());
}

/** Comma- or space-separated IP addresses and CIDR ranges. */
export function addressRanges(raw: string | undefined, name: string): string[] {
  const entries = (raw ?? '').split(/[\s,]+/).filter(Boolean);
  for (const entry of entries) {
    if (!parseAddressRange(entry)) {
      throw new ConfigError(
        `${name}: "${entry}" is not an IP address or CIDR range (e.g. 10.0.0.5, 10.0.0.0/8, fd00::/64)`,
      );
    }
  }
  return entries;
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * A JSON object of header names to string values, e.g. `{"X-Project-Id":"demo"}`, for a public page: so never
 * the proxy secret (the proxy adds that; proxy trust stays the proxy's job).
 */
export function pageHeaders(raw: string | undefined, name: string): Record<string, string> {
  const trimmed = raw?.trim();
  if (!trimmed) return {};
  const example = 'e.g. {"X-Project-Id":"demo","X-Roles":"reader"}';
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    throw new ConfigError(`${name} must be a JSON object of header names to strings (${example})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError(`${name} must be a JSON object of header names to strings (${example})`);
  }
  for (const [header, value] of Object.entries(parsed)) {
    if (!HEADER_NAME.test(header)) throw new ConfigError(`${name}: "${header}" is not a header name`);
    if (typeof value !== 'string' || hasControlCharacter(value)) {
      throw new ConfigError(`${name}: the value of ${header} must be a string without control characters`);
    }
    if (header.toLowerCase() === PROXY_SECRET_HEADER) {
      throw new ConfigError(
        `${name} must not hold ${header}: anyone who opens the page would read it; let the proxy add it`,
      );
    }
  }
  return parsed as Record<string, string>;
}

/** OTEL_TRACES_EXPORTER: a comma list of exporters, of which only `otlp` and `none` are built in. */
export function traceExporters(raw: string | undefined, name: string): ('otlp' | 'none')[] {
  const exporters = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const exporter of exporters) {
    if (exporter !== 'otlp' && exporter !== 'none') {
      throw new ConfigError(
        `${name} must be otlp or none, got "${exporter}" (traces go over OTLP/HTTP; send them ` +
          'through an OpenTelemetry Collector to any other backend)',
      );
    }
  }
  return exporters as ('otlp' | 'none')[];
}

export const OTLP_PROTOCOLS = ['http/protobuf', 'http/json'] as const;
export type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];

/** An OTLP protocol; gRPC is named as unsupported rather than as unknown. */
export function otlpProtocol(raw: string | undefined, name: string): OtlpProtocol {
  if (raw === 'grpc') {
    throw new ConfigError(
      `${name}=grpc is not supported: use http/protobuf (the default) or http/json, on the Collector's ` +
        'OTLP/HTTP port (4318)',
    );
  }
  return oneOf({ [name]: raw }, name, OTLP_PROTOCOLS, 'http/protobuf');
}
