/**
 * One environment variable, declared once: its group, meaning, default and accepted values, and how its value
 * is read. `settings.ts` declares every one; `loadConfig` reads them and `docs/configuration.md` is written from
 * the same declarations (`metacatalog config-reference`).
 */
import { bool, duration, DURATION_UNITS, int, MAX_INT, oneOf, secret, url, type Env } from './parse';

export interface SettingGroup {
  title: string;
  /** What the group is for, and where its rules are told (Markdown, links relative to docs/). */
  about: string;
}

/** What a declaration says, whatever its kind. */
interface Described {
  group: SettingGroup;
  /** What it does (Markdown, links relative to docs/). */
  meaning: string;
}

export interface Setting<T> extends Described {
  readonly name: string;
  /** The default as the reference shows it (Markdown). */
  readonly shownDefault: string;
  /** The values it accepts as the reference shows them (Markdown). */
  readonly allowed: string;
  /** Its value in `env`: the default when unset or empty; a ConfigError naming the variable when invalid. */
  read(env: Env): T;
  /** Whether `env` sets it (not empty). */
  isSet(env: Env): boolean;
}

/** A declaration before it is named: `defineSettings` names each by its key. */
export type SettingSpec<T> = Omit<Setting<T>, 'name' | 'isSet' | 'read'> & {
  read(env: Env, name: string): T;
};

const code = (value: string | number) => `\`${value}\``;

const range = (min: number, max: number) => (max === MAX_INT ? `integer ≥ ${min}` : `integer ${min}–${max}`);

export function integer(
  spec: Described & { default: number; min?: number; max?: number },
): SettingSpec<number> {
  const { default: fallback, min = 0, max = MAX_INT, ...described } = spec;
  return {
    ...described,
    shownDefault: code(fallback),
    allowed: range(min, max),
    read: (env, name) => int(env, name, fallback, min, max),
  };
}

export function flag(spec: Described & { default: boolean }): SettingSpec<boolean> {
  const { default: fallback, ...described } = spec;
  return {
    ...described,
    shownDefault: code(String(fallback)),
    allowed: '`true` or `false`',
    read: (env, name) => bool(env, name, fallback),
  };
}

export function choice<const T extends string>(
  spec: Described & { values: readonly T[]; default: T; shownDefault?: string },
): SettingSpec<T> {
  const { values, default: fallback, shownDefault, ...described } = spec;
  return {
    ...described,
    shownDefault: shownDefault ?? code(fallback),
    allowed: values.map(code).join(', '),
    read: (env, name) => oneOf(env, name, values, fallback),
  };
}

/** A duration as a number and a unit (`30d`); the default is written the same way. */
export function period(
  spec: Described & { default: `${number}${'s' | 'm' | 'h' | 'd'}` },
): SettingSpec<number> {
  const { default: fallback, ...described } = spec;
  const fallbackMs = Number(fallback.slice(0, -1)) * DURATION_UNITS[fallback.slice(-1)];
  return {
    ...described,
    shownDefault: code(fallback),
    allowed: 'a number and `s`, `m`, `h` or `d`; at least `1s`',
    read: (env, name) => duration(env, name, fallbackMs),
  };
}

export function address(
  spec: Described & { protocols: RegExp; expected: string; shownDefault?: string },
): SettingSpec<string | undefined> {
  const { protocols, expected, shownDefault = 'unset', ...described } = spec;
  return {
    ...described,
    shownDefault,
    allowed: `a URL: ${expected}`,
    read: (env, name) => url(env, name, protocols, expected),
  };
}

export function sharedSecret(spec: Described): SettingSpec<string | undefined> {
  return {
    ...spec,
    shownDefault: 'unset',
    allowed: 'at least 16 visible ASCII characters',
    read: (env, name) => secret(env, name),
  };
}

/** Free text: the value as it is, or the default when unset or empty. */
export function text(spec: Described & { shownDefault?: string }): SettingSpec<string | undefined>;
export function text(
  spec: Described & { default: string | (() => string); shownDefault?: string },
): SettingSpec<string>;
export function text(
  spec: Described & { default?: string | (() => string); shownDefault?: string },
): SettingSpec<string | undefined> {
  const { default: fallback, shownDefault, ...described } = spec;
  return {
    ...described,
    shownDefault: shownDefault ?? (typeof fallback === 'string' ? code(fallback) : 'unset'),
    allowed: 'text',
    read: (env, name) => env[name] || (typeof fallback === 'function' ? fallback() : fallback),
  };
}

/** A value with a syntax of its own: `parse` gets the raw text (undefined when unset or empty). */
export function custom<T>(
  spec: Described & {
    shownDefault: string;
    allowed: string;
    parse: (raw: string | undefined, name: string) => T;
  },
): SettingSpec<T> {
  const { parse, ...rest } = spec;
  return { ...rest, read: (env, name) => parse(env[name] || undefined, name) };
}

type Named<S> = { [K in keyof S]: S[K] extends SettingSpec<infer T> ? Setting<T> : never };

/** Names each declaration by its key, the environment variable's name. */
export function defineSettings<S extends Record<string, SettingSpec<unknown>>>(specs: S): Named<S> {
  const named: Record<string, Setting<unknown>> = {};
  for (const [name, spec] of Object.entries(specs)) {
    named[name] = {
      ...spec,
      name,
      read: (env) => spec.read(env, name),
      isSet: (env) => env[name] !== undefined && env[name] !== '',
    };
  }
  return named as Named<S>;
}
