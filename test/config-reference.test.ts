import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { loadConfig, SETTINGS } from '../src/config';
import { configurationReference } from '../src/config/reference';
import { type Env } from '../src/config/parse';

/**
 * docs/configuration.md is written from src/config/settings.ts, the one declaration of every environment variable
 * (`npm run config-reference`): it must be current, and the code must read no variable that is not declared there.
 */
const ROOT = join(__dirname, '..');
const declared = new Set(Object.keys(SETTINGS));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Each environment variable named where src/ reads `process.env` or an `env` object, with where it is. */
function variablesReadInSource(): { name: string; where: string }[] {
  const found: { name: string; where: string }[] = [];
  const access = /\b(?:process\.env|env)(?:\.([A-Z][A-Z0-9_]*)|\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\])/g;
  for (const file of sourceFiles(join(ROOT, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(access)) {
      const line = text.slice(0, match.index).split('\n').length;
      found.push({ name: match[1] ?? match[2], where: `${relative(ROOT, file)}:${line}` });
    }
  }
  return found;
}

/** The variables `loadConfig(env)` looks at, whatever way it takes to them. */
function variablesLoadConfigReads(env: Env): Set<string> {
  const read = new Set<string>();
  const watched = new Proxy(env, {
    get(target, key) {
      if (typeof key === 'string') read.add(key);
      return target[key as string];
    },
  });
  loadConfig(watched);
  return read;
}

/** Environments that between them take every branch of loadConfig: each auth mode, tracing, metrics. */
const SCENARIOS: Env[] = [
  {},
  { HOST: '0.0.0.0', AUTH_MODE: 'none', AUTH_NONE_ALLOW_REMOTE: 'true' },
  { AUTH_MODE: 'headers', AUTH_PROXY_SECRET: 'a-secret-of-length', AUTH_TRUSTED_PROXIES: '10.0.0.5' },
  { AUTH_MODE: 'jwt', JWT_SECRET: 'a-secret-of-some-length', JWT_ISSUER: 'i', JWT_AUDIENCE: 'a' },
  {
    AUTH_MODE: 'keystone',
    KEYSTONE_URL: 'http://keystone:5000',
    KEYSTONE_USERNAME: 'metacatalog',
    KEYSTONE_PASSWORD: 'secret',
    KEYSTONE_PROJECT_NAME: 'service',
  },
  {
    AUTH_MODE: 'keystone',
    KEYSTONE_URL: 'http://keystone:5000',
    KEYSTONE_SERVICE_TOKEN: 'token',
    KEYSTONE_WWW_AUTHENTICATE_URI: 'https://keystone.example',
  },
  { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json' },
  { OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' },
  { METRICS: 'token', METRICS_TOKEN: 'a-token-of-some-length' },
];

describe('the configuration reference', () => {
  it('docs/configuration.md is current (regenerate it with `npm run config-reference`)', () => {
    const committed = readFileSync(join(ROOT, 'docs', 'configuration.md'), 'utf8');
    expect(committed).toBe(configurationReference());
  });

  it('shows every declared setting once, with its default and what it accepts', () => {
    const reference = configurationReference();
    for (const [name, setting] of Object.entries(SETTINGS)) {
      const rows = reference.split('\n').filter((line) => line.startsWith(`| \`${name}\` `));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toContain(setting.shownDefault);
      expect(rows[0]).toContain(setting.allowed);
    }
    expect(reference).toMatch(/^\| `PORT` +\| `4000` +\| integer 0–65535 +\| /m);
    expect(reference).toMatch(/^\| `CHANGE_RETENTION` +\| `30d` +\| /m);
    expect(reference).toMatch(
      /^\| `AUTH_MODE` +\| `none` +\| `none`, `headers`, `jwt`, `keystone`, `noauth2` +\| /m,
    );
  });

  it('every variable src/ reads by name is declared', () => {
    const found = variablesReadInSource();
    expect(found.filter(({ name }) => !declared.has(name))).toEqual([]);
  });

  it('every variable loadConfig reads is declared, and every declared one is read', () => {
    const read = new Set(SCENARIOS.flatMap((env) => [...variablesLoadConfigReads(env)]));
    expect([...read].filter((name) => !declared.has(name))).toEqual([]);
    expect([...declared].filter((name) => !read.has(name))).toEqual([]);
  });

  it('a default the reference shows is the default loadConfig takes', () => {
    const config = loadConfig({});
    expect(SETTINGS.PORT.shownDefault).toBe(`\`${config.http.port}\``);
    expect(SETTINGS.CHANGE_RETENTION.read({})).toBe(config.live.changeRetentionMs);
    expect(config.live.changeRetentionMs).toBe(30 * 86_400_000);
    expect(SETTINGS.CHANGE_PRUNE_INTERVAL.read({})).toBe(10 * 60_000);
    expect(SETTINGS.DATA_DIR.shownDefault).toBe(`\`${config.database.dataDir}\``);
    expect(config.explorer.dir).toMatch(/dist\/web$/);
    expect(config.graphiql.dir).toMatch(/dist\/graphiql$/);
  });
});
