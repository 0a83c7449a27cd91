/** Reading one environment variable each: the value, its default, or a ConfigError naming the variable. */

export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

/** The largest delay node's timers take (beyond it they fire at once); a sane ceiling for counts too. */
export const MAX_INT = 2_147_483_647;

export function int(env: Env, name: string, fallback: number, min = 0, max = MAX_INT): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer >= ${min} and <= ${max}, got "${raw}"`);
  }
  return value;
}

export const DURATION_UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A duration as a number and a unit (`30d`, `12h`, `90m`, `3600s`), in milliseconds, at least `minMs`. */
export function duration(env: Env, name: string, fallbackMs: number, minMs = 1000): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallbackMs;
  const match = /^(\d{1,9})([smhd])$/.exec(raw.trim());
  const value = match ? Number(match[1]) * DURATION_UNITS[match[2]] : NaN;
  if (!(value >= minMs)) {
    throw new ConfigError(
      `${name} must be a duration such as 30d, 12h, 90m or 3600s (at least ${minMs / 1000}s), got "${raw}"`,
    );
  }
  return value;
}

export function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

export function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

export function url(env: Env, name: string, protocols: RegExp, expected: string): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL (expected ${expected})`);
  }
  if (!protocols.test(parsed.protocol)) throw new ConfigError(`${name} must start with ${expected}`);
  return raw;
}

const MIN_SECRET_LENGTH = 16;

/** A shared secret sent in a header: long enough not to be guessed, and only visible ASCII. */
export function secret(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  if (raw.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(`${name} must be at least ${MIN_SECRET_LENGTH} characters, got ${raw.length}`);
  }
  if (!/^[\x21-\x7e]+$/.test(raw)) {
    throw new ConfigError(`${name} must be visible ASCII characters only (no spaces or control characters)`);
  }
  return raw;
}
