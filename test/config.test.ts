import { ConfigError, loadConfig } from '../src/config';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 4000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      authMode: 'none',
      introspection: true,
      metadefProjectWrites: false,
      capabilityDefaultVisibility: 'private',
      discoveryAllowAllUsers: false,
    });
    expect(config.quotas).toEqual({
      namespacesPerProject: 100,
      propertiesPerNamespace: 500,
      objectsPerNamespace: 500,
      tagsPerNamespace: 500,
    });
  });

  it.each([
    [{ AUTH_MODE: 'kerberos' }, /AUTH_MODE must be one of none, headers, jwt/],
    [{ PORT: 'eighty' }, /PORT must be an integer/],
    [{ AUTH_MODE: 'jwt' }, /JWT_SECRET or JWT_JWKS_URL/],
    [{ DATABASE_URL: 'mysql://localhost/x' }, /DATABASE_URL must start with/],
    [{ METADEF_PROJECT_WRITES: 'maybe' }, /METADEF_PROJECT_WRITES must be true or false/],
    [
      { CAPABILITY_DEFAULT_VISIBILITY: 'secret' },
      /CAPABILITY_DEFAULT_VISIBILITY must be one of public, private/,
    ],
  ])('fails fast with a clear message for %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('identity settings', () => {
  it('metrics are public by default, behind a bearer token with METRICS_TOKEN', () => {
    expect(loadConfig({}).metrics).toEqual({ access: 'public', token: undefined });
    expect(loadConfig({ METRICS_TOKEN: 'metrics-token-0123456789' }).metrics).toEqual({
      access: 'token',
      token: 'metrics-token-0123456789',
    });
    expect(loadConfig({ METRICS: 'off' }).metrics.access).toBe('off');
  });

  it.each([
    [{ METRICS: 'private' }, /METRICS must be one of public, token, off/],
    [{ METRICS: 'token' }, /METRICS=token needs METRICS_TOKEN/],
    [
      { METRICS: 'public', METRICS_TOKEN: 'metrics-token-0123456789' },
      /METRICS_TOKEN is set but METRICS=public/,
    ],
    [{ METRICS_TOKEN: 'short' }, /METRICS_TOKEN must be at least 16/],
    [{ METRICS_TOKEN: 'metrics token with spaces' }, /METRICS_TOKEN must be visible ASCII characters only/],
  ])('fails fast with a message naming the variable for %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
