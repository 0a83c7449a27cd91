/**
 * What the explorer's and GraphiQL's pages may load and run: scripts only from this origin (no inline script,
 * no eval), styles from this origin and inline (Monaco and React set styles), requests and WebSockets to this
 * origin, nothing framed. Sent with every page and file they are made of.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers of the explorer's and GraphiQL's pages. */
export const PAGE_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  // frame-ancestors 'none' for browsers too old to read it in the CSP.
  'x-frame-options': 'DENY',
};
