/**
 * Which browser pages may talk to the service. A request without `Origin` is not from a page (curl, a service,
 * a native client): the browser's same-origin rules are what this protects, and they need the header. A page's
 * request is allowed when it comes from the service's own origin (the `Origin` host is the request's `Host`) or
 * from an origin of CORS_ORIGINS.
 */

/** Whether one CORS_ORIGINS entry (already lower-case: see src/config/index.ts) matches a lower-case origin. */
function matches(entry: string, origin: string): boolean {
  if (entry === '*' || entry === origin) return true;
  const wildcard = entry.indexOf('://*.');
  if (wildcard === -1) return false;
  const scheme = entry.slice(0, wildcard + 3);
  const suffix = entry.slice(wildcard + 4); // ".example.com[:port]"
  if (!origin.startsWith(scheme) || !origin.endsWith(suffix)) return false;
  // At least one label before the suffix, and no port or path smuggled into it.
  const label = origin.slice(scheme.length, origin.length - suffix.length);
  return /^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(label);
}

/** Whether `origin` is one of CORS_ORIGINS (exact, `https://*.example.com`, or `*`). */
export function isListedOrigin(origin: string, allowed: readonly string[]): boolean {
  const normalized = origin.toLowerCase();
  return allowed.some((entry) => matches(entry, normalized));
}

/** Whether a page of `origin` is the service's own page, reached at `host` (the request's Host header). */
export function isSameOrigin(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  return parsed.host === host.toLowerCase() || parsed.host === new URL(`http://${host}`).host;
}

/**
 * Whether a request with these headers may act: no Origin (not a browser page), the same origin, or a listed
 * one. A page's `Origin: null` (sandboxed frames, local files) is allowed only by `*`.
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[],
): boolean {
  if (origin === undefined) return true;
  if (isListedOrigin(origin, allowed)) return true;
  try {
    return isSameOrigin(origin, host);
  } catch {
    return false;
  }
}
