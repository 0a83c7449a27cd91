import { createHash, timingSafeEqual } from 'node:crypto';
import type { MetricsConfig } from '../../config';

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * Compares a secret a client sent with the configured one in constant time. Both are hashed first so that
 * neither the comparison's duration nor an early length check tells the client anything about the secret.
 */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** Whether an Authorization header is `Bearer <token>` with exactly this token. */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = authorization?.match(/^Bearer +(\S+)$/i);
  return match ? sameSecret(match[1], token) : false;
}

/** Whether a request with this Authorization header may read GET /metrics (METRICS, METRICS_TOKEN). */
export function metricsAllowed(settings: MetricsConfig, authorization: string | undefined): boolean {
  if (settings.access === 'public') return true;
  return settings.access === 'token' && bearerMatches(authorization, settings.token!);
}

/** A key under which to remember something about a token without keeping the token itself in memory. */
export function tokenKey(token: string): string {
  return digest(token).toString('base64url');
}
