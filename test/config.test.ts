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
      dataMinFreeMb: 64,
      pgliteSharedBuffersMb: 16,
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
    [{ DATA_MIN_FREE_MB: '-1' }, /DATA_MIN_FREE_MB must be an integer >= 0/],
    [{ PGLITE_SHARED_BUFFERS_MB: '0' }, /PGLITE_SHARED_BUFFERS_MB must be an integer >= 1/],
    [
      { CAPABILITY_DEFAULT_VISIBILITY: 'secret' },
      /CAPABILITY_DEFAULT_VISIBILITY must be one of public, private/,
    ],
  ])('fails fast with a clear message for %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
