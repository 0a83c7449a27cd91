import { ConfigError, loadConfig } from '../src/config';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      http: { port: 4000, host: '127.0.0.1', corsOrigins: [] },
      database: { url: undefined, dataMinFreeMb: 64, pgliteSharedBuffersMb: 16 },
      auth: { mode: 'none' },
      graphql: { introspection: true },
      catalog: { projectWrites: false },
      discovery: { capabilityDefaultVisibility: 'private', allowAllUsers: false },
      live: {
        feedHeartbeatMs: 5000,
        feedHeartbeatTimeoutMs: 10000,
        webSocket: {
          maxConnections: 2000,
          subscriptionsPerSocket: 50,
          subscriptionsPerIdentity: 200,
          subscriptionsPerInstance: 5000,
        },
      },
    });
    expect(config.catalog.quotas).toEqual({
      namespacesPerProject: 100,
      propertiesPerNamespace: 500,
      objectsPerNamespace: 500,
      tagsPerNamespace: 500,
    });
  });

  it.each([
    [{ AUTH_MODE: 'kerberos' }, /AUTH_MODE must be one of none, headers, jwt, keystone/],
    [{ PORT: 'eighty' }, /PORT must be an integer/],
    [{ PORT: '70000' }, /PORT must be an integer >= 0 and <= 65535, got "70000"/],
    [{ PORT: '-1' }, /PORT must be an integer >= 0 and <= 65535/],
    [{ PORT: '80.5' }, /PORT must be an integer/],
    [{ PORT: '0x50' }, /PORT must be an integer/],
    [{ HOST: 'two words' }, /HOST must be a host name or an IP address/],
    [{ HOST: 'http://example.org' }, /HOST must be a host name or an IP address/],
    [{ DATABASE_URL: 'postgres://user@host:99999/db' }, /DATABASE_URL is not a valid URL/],
    [{ DATABASE_URL: 'localhost:5432' }, /DATABASE_URL must start with postgres:\/\//],
    [{ DATABASE_POOL_SIZE: '0' }, /DATABASE_POOL_SIZE must be an integer >= 1/],
    [{ DATABASE_CONNECT_TIMEOUT_MS: 'soon' }, /DATABASE_CONNECT_TIMEOUT_MS must be an integer/],
    [{ DATABASE_POOL_WAIT_MS: '0' }, /DATABASE_POOL_WAIT_MS must be an integer >= 1/],
    [
      { DATABASE_CONNECT_TIMEOUT_MS: '99999999999' },
      /DATABASE_CONNECT_TIMEOUT_MS must be an integer >= 1 and <= 2147483647/,
    ],
    [{ AUTH_MODE: 'jwt', JWT_JWKS_URL: 'not a url' }, /JWT_JWKS_URL is not a valid URL/],
    [
      { AUTH_MODE: 'jwt', JWT_JWKS_URL: 'ftp://keys.example/jwks' },
      /JWT_JWKS_URL must start with http:\/\/ or https:\/\//,
    ],
    [{ INTROSPECTION: 'sometimes' }, /INTROSPECTION must be true or false/],
    [{ GRAPHIQL: '2' }, /GRAPHIQL must be true or false/],
    [
      { LOG_LEVEL: 'verbose' },
      /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"/,
    ],
    [{ SHUTDOWN_TIMEOUT_MS: '-5' }, /SHUTDOWN_TIMEOUT_MS must be an integer/],
    [{ SHUTDOWN_TIMEOUT_MS: '1e20' }, /SHUTDOWN_TIMEOUT_MS must be an integer/],
    [{ SHUTDOWN_DELAY_MS: '5s' }, /SHUTDOWN_DELAY_MS must be an integer >= 0/],
    [{ HEAP_GROWING_PERCENT: '-1' }, /HEAP_GROWING_PERCENT must be an integer/],
    [{ HEAP_GROWING_PERCENT: '50%' }, /HEAP_GROWING_PERCENT must be an integer/],
    [{ SEED_ON_START: 'never' }, /SEED_ON_START must be true or false/],
    [{ GRAPHQL_MAX_DEPTH: '0' }, /GRAPHQL_MAX_DEPTH must be an integer >= 1/],
    [{ GRAPHQL_MAX_ALIASES: 'many' }, /GRAPHQL_MAX_ALIASES must be an integer/],
    [{ GRAPHQL_MAX_COST: '3000000000' }, /GRAPHQL_MAX_COST must be an integer >= 1 and <= 2147483647/],
    [{ GRAPHQL_MAX_TOKENS: '0' }, /GRAPHQL_MAX_TOKENS must be an integer >= 1/],
    [{ CORS_ORIGINS: 'horizon.example' }, /CORS_ORIGINS: "horizon.example" is not an origin/],
    [
      { CORS_ORIGINS: 'https://a.example/path' },
      /CORS_ORIGINS: "https:\/\/a.example\/path" is not an origin/,
    ],
    [{ CORS_ORIGINS: 'https://a.*.example' }, /CORS_ORIGINS: "https:\/\/a.\*.example" is not an origin/],
    [{ SUBSCRIPTIONS_PER_SOCKET: '0' }, /SUBSCRIPTIONS_PER_SOCKET must be an integer >= 1/],
    [{ WEBSOCKET_MAX_CONNECTIONS: 'lots' }, /WEBSOCKET_MAX_CONNECTIONS must be an integer/],
    [{ GRAPHQL_MAX_DIRECTIVES: 'ten' }, /GRAPHQL_MAX_DIRECTIVES must be an integer/],
    [{ METADEF_NAMESPACES_PER_PROJECT: '-1' }, /METADEF_NAMESPACES_PER_PROJECT must be an integer/],
    [{ METADEF_PROPERTIES_PER_NAMESPACE: '1.5' }, /METADEF_PROPERTIES_PER_NAMESPACE must be an integer/],
    [{ METADEF_OBJECTS_PER_NAMESPACE: 'lots' }, /METADEF_OBJECTS_PER_NAMESPACE must be an integer/],
    [{ METADEF_TAGS_PER_NAMESPACE: '1e3' }, /METADEF_TAGS_PER_NAMESPACE must be an integer/],
    [{ DISCOVERY_ALLOW_ALL_USERS: 'admins' }, /DISCOVERY_ALLOW_ALL_USERS must be true or false/],
    [{ AUTH_MODE: 'jwt' }, /JWT_SECRET or JWT_JWKS_URL/],
    [{ DATABASE_URL: 'mysql://localhost/x' }, /DATABASE_URL must start with/],
    [{ METADEF_PROJECT_WRITES: 'maybe' }, /METADEF_PROJECT_WRITES must be true or false/],
    [{ DATA_MIN_FREE_MB: '-1' }, /DATA_MIN_FREE_MB must be an integer >= 0/],
    [{ PGLITE_SHARED_BUFFERS_MB: '0' }, /PGLITE_SHARED_BUFFERS_MB must be an integer >= 1/],
    [{ FEED_HEARTBEAT_MS: 'often' }, /FEED_HEARTBEAT_MS must be an integer >= 0/],
    [{ FEED_HEARTBEAT_TIMEOUT_MS: '0' }, /FEED_HEARTBEAT_TIMEOUT_MS must be an integer >= 1/],
    [{ CHANGE_STEP_UNWATCHED_MS: '5' }, /CHANGE_STEP_UNWATCHED_MS must be an integer >= 10/],
    [{ OTEL_TRACES_EXPORTER: 'jaeger' }, /OTEL_TRACES_EXPORTER must be otlp or none, got "jaeger"/],
    [{ OTEL_TRACES_EXPORTER: 'otlp,console' }, /OTEL_TRACES_EXPORTER must be otlp or none, got "console"/],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, /OTEL_EXPORTER_OTLP_ENDPOINT must start with http/],
    [
      { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://[nope' },
      /OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is not a valid URL/,
    ],
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' },
      /OTEL_EXPORTER_OTLP_PROTOCOL=grpc is not supported: use http\/protobuf/,
    ],
    [
      { OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/xml' },
      /OTEL_EXPORTER_OTLP_TRACES_PROTOCOL must be one of http\/protobuf, http\/json/,
    ],
    [{ OTEL_SDK_DISABLED: 'perhaps' }, /OTEL_SDK_DISABLED must be true or false/],
    [
      { CAPABILITY_DEFAULT_VISIBILITY: 'secret' },
      /CAPABILITY_DEFAULT_VISIBILITY must be one of public, private/,
    ],
  ])('fails fast with a clear message for %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('accepts the edges of each range and every documented form', () => {
    expect(loadConfig({ PORT: '0' }).http.port).toBe(0);
    expect(loadConfig({ PORT: '65535' }).http.port).toBe(65535);
    const jwt = { AUTH_MODE: 'jwt', JWT_SECRET: 'a-secret-of-some-length' };
    expect(loadConfig({ ...jwt, HOST: '0.0.0.0' }).http.host).toBe('0.0.0.0');
    expect(loadConfig({ ...jwt, HOST: '::' }).http.host).toBe('::');
    expect(loadConfig({ ...jwt, HOST: 'fe80::1%eth0' }).http.host).toBe('fe80::1%eth0');
    expect(loadConfig({ ...jwt, HOST: 'api-1.internal' }).http.host).toBe('api-1.internal');
    for (const url of ['pglite://memory', 'pglite:///var/lib/metacatalog', 'postgresql://u:p@db:5432/mc']) {
      expect(loadConfig({ DATABASE_URL: url }).database.url).toBe(url);
    }
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) {
      expect(loadConfig({ LOG_LEVEL: level }).observability.logLevel).toBe(level);
    }
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '0' }).http.shutdownTimeoutMs).toBe(0);
    expect(loadConfig({ FEED_HEARTBEAT_MS: '0' }).live.feedHeartbeatMs).toBe(0);
    expect(loadConfig({}).live.changeStepUnwatchedMs).toBe(1000);
    expect(loadConfig({ CHANGE_STEP_UNWATCHED_MS: '60000' }).live.changeStepUnwatchedMs).toBe(60000);
    expect(loadConfig({}).http.shutdownDelayMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DELAY_MS: '5000' }).http.shutdownDelayMs).toBe(5000);
    expect(loadConfig({}).http.heapGrowingPercent).toBe(50);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '0' }).http.heapGrowingPercent).toBe(0);
  });

  it('traces only when asked, from the OpenTelemetry SDK variables', () => {
    expect(loadConfig({}).observability.tracing).toBeUndefined();
    // The general endpoint is a base: the traces path is added to it.
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).observability.tracing,
    ).toEqual({
      url: 'http://collector:4318/v1/traces',
      protocol: 'http/protobuf',
    });
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example/base/' }).observability.tracing?.url,
    ).toBe('https://otel.example/base/v1/traces');
    // The traces endpoint is used as it is, and wins.
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://tempo:4318/otlp/traces',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      }).observability.tracing,
    ).toEqual({ url: 'http://tempo:4318/otlp/traces', protocol: 'http/json' });
    // otlp without an endpoint: the specification's default, a Collector on this machine.
    expect(loadConfig({ OTEL_TRACES_EXPORTER: 'otlp' }).observability.tracing?.url).toBe(
      'http://localhost:4318/v1/traces',
    );
    // none, or the SDK disabled, wins over an endpoint.
    expect(
      loadConfig({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }).observability
        .tracing,
    ).toBeUndefined();
    expect(
      loadConfig({ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }).observability
        .tracing,
    ).toBeUndefined();
    // A protocol setting alone turns nothing on (it is the exporters' whole-SDK setting).
    expect(loadConfig({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }).observability.tracing).toBeUndefined();
  });

  it('never repeats a database password in its message', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u:s3cret@host:99999/db' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('s3cret') }),
    );
  });
});

describe('identity settings', () => {
  const keystone = {
    AUTH_MODE: 'keystone',
    KEYSTONE_URL: 'http://keystone:5000',
    KEYSTONE_USERNAME: 'metacatalog',
    KEYSTONE_PASSWORD: 'pw',
    KEYSTONE_PROJECT_NAME: 'service',
  };

  it('headers mode on a loopback HOST needs no proxy settings (local use, tests)', () => {
    for (const HOST of ['127.0.0.1', '::1', 'localhost', undefined]) {
      expect(loadConfig({ AUTH_MODE: 'headers', HOST }).auth.proxy).toEqual({
        secret: undefined,
        trustedProxies: [],
      });
    }
  });

  it.each(['0.0.0.0', '::', '10.0.0.5', 'metacatalog.example.org'])(
    'refuses headers mode on HOST=%s without AUTH_PROXY_SECRET or AUTH_TRUSTED_PROXIES',
    (HOST) => {
      const load = () => loadConfig({ AUTH_MODE: 'headers', HOST });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(/AUTH_MODE=headers on HOST=.* set AUTH_PROXY_SECRET and\/or AUTH_TRUSTED_PROXIES/);
    },
  );

  it.each(['0.0.0.0', '::', '10.0.0.5', 'metacatalog.example.org'])(
    'refuses AUTH_MODE=none (everyone an admin) on HOST=%s unless AUTH_NONE_ALLOW_REMOTE=true',
    (HOST) => {
      for (const env of [{ HOST }, { AUTH_MODE: 'none', HOST }, { HOST, AUTH_NONE_ALLOW_REMOTE: 'false' }]) {
        const load = () => loadConfig(env);
        expect(load).toThrow(ConfigError);
        expect(load).toThrow(
          /AUTH_MODE=none on HOST=.* anyone who reaches the port an admin.*AUTH_NONE_ALLOW_REMOTE=true/,
        );
      }
      expect(loadConfig({ HOST, AUTH_NONE_ALLOW_REMOTE: 'true' })).toMatchObject({
        auth: { mode: 'none' },
        http: { host: HOST },
      });
    },
  );

  it('AUTH_MODE=none on a loopback HOST needs nothing (npm start, tests)', () => {
    for (const HOST of ['127.0.0.1', '::1', 'localhost', undefined]) {
      expect(loadConfig({ HOST }).auth.mode).toBe('none');
    }
  });

  it('headers mode on the network with a proxy secret or trusted proxies', () => {
    const secret = 'proxy-secret-0123456789';
    expect(
      loadConfig({ AUTH_MODE: 'headers', HOST: '0.0.0.0', AUTH_PROXY_SECRET: secret }).auth.proxy,
    ).toEqual({
      secret,
      trustedProxies: [],
    });
    expect(
      loadConfig({
        AUTH_MODE: 'headers',
        HOST: '0.0.0.0',
        AUTH_TRUSTED_PROXIES: '10.0.0.5, fd00::/64 192.168.0.0/16',
      }).auth.proxy.trustedProxies,
    ).toEqual(['10.0.0.5', 'fd00::/64', '192.168.0.0/16']);
  });

  it('reads keystone settings like keystonemiddleware, with defaults', () => {
    expect(loadConfig(keystone).auth.keystone).toEqual({
      url: 'http://keystone:5000/v3',
      wwwAuthenticateUri: 'http://keystone:5000',
      serviceToken: undefined,
      password: {
        username: 'metacatalog',
        password: 'pw',
        projectName: 'service',
        userDomainName: 'Default',
        projectDomainName: 'Default',
      },
      cacheSeconds: 300,
      cacheSize: 10000,
      timeoutMs: 5000,
    });
    const given = loadConfig({ ...keystone, KEYSTONE_URL: 'https://id.example.org/identity/v3/' }).auth
      .keystone!;
    expect(given.url).toBe('https://id.example.org/identity/v3');
    // What a 401's WWW-Authenticate names: KEYSTONE_URL as written, or the public endpoint when set.
    expect(given.wwwAuthenticateUri).toBe('https://id.example.org/identity/v3');
    expect(
      loadConfig({ ...keystone, KEYSTONE_WWW_AUTHENTICATE_URI: 'https://keystone.example.org:5000/' }).auth
        .keystone!.wwwAuthenticateUri,
    ).toBe('https://keystone.example.org:5000');
    const fixed = { AUTH_MODE: 'keystone', KEYSTONE_URL: 'http://k/v3', KEYSTONE_SERVICE_TOKEN: 'tok' };
    expect(loadConfig(fixed).auth.keystone).toMatchObject({ serviceToken: 'tok', password: undefined });
  });

  it('metrics are public by default, behind a bearer token with METRICS_TOKEN', () => {
    expect(loadConfig({}).observability.metrics).toEqual({ access: 'public', token: undefined });
    expect(loadConfig({ METRICS_TOKEN: 'metrics-token-0123456789' }).observability.metrics).toEqual({
      access: 'token',
      token: 'metrics-token-0123456789',
    });
    expect(loadConfig({ METRICS: 'off' }).observability.metrics.access).toBe('off');
  });

  it.each([
    [{ AUTH_PROXY_SECRET: 'short' }, /AUTH_PROXY_SECRET must be at least 16 characters, got 5/],
    [
      { AUTH_PROXY_SECRET: 'with spaces in the secret' },
      /AUTH_PROXY_SECRET must be visible ASCII characters only/,
    ],
    [{ AUTH_TRUSTED_PROXIES: '10.0.0.0/8, proxy.local' }, /AUTH_TRUSTED_PROXIES: "proxy.local" is not an IP/],
    [{ AUTH_TRUSTED_PROXIES: '10.0.0.0/33' }, /AUTH_TRUSTED_PROXIES: "10.0.0.0\/33" is not an IP/],
    [{ AUTH_MODE: 'keystone' }, /AUTH_MODE=keystone needs KEYSTONE_URL/],
    [{ ...keystone, KEYSTONE_URL: 'keystone:5000' }, /KEYSTONE_URL must be an http\(s\) URL/],
    [{ ...keystone, KEYSTONE_URL: 'ftp://keystone/v3' }, /KEYSTONE_URL must be an http\(s\) URL/],
    [
      { ...keystone, KEYSTONE_WWW_AUTHENTICATE_URI: 'keystone.example.org' },
      /KEYSTONE_WWW_AUTHENTICATE_URI must be an http\(s\) URL/,
    ],
    [
      { ...keystone, KEYSTONE_PASSWORD: '' },
      /needs service credentials .*KEYSTONE_USERNAME, KEYSTONE_PASSWORD, KEYSTONE_PROJECT_NAME \(missing KEYSTONE_PASSWORD\), or KEYSTONE_SERVICE_TOKEN/,
    ],
    [{ ...keystone, KEYSTONE_SERVICE_TOKEN: 'tok' }, /either KEYSTONE_SERVICE_TOKEN or .*, not both/],
    [{ ...keystone, KEYSTONE_CACHE_SECONDS: 'ten' }, /KEYSTONE_CACHE_SECONDS must be an integer >= 0/],
    [{ ...keystone, KEYSTONE_CACHE_SIZE: '0' }, /KEYSTONE_CACHE_SIZE must be an integer >= 1/],
    [{ ...keystone, KEYSTONE_TIMEOUT_MS: '-5' }, /KEYSTONE_TIMEOUT_MS must be an integer >= 1/],
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

describe("the OpenStack REST APIs' prefixes", () => {
  it('default to /placement, /compute/v2.1, /reservation and /image; off serves none; any path may be chosen', () => {
    expect(loadConfig({}).rest).toEqual({
      placement: '/placement',
      compute: '/compute/v2.1',
      blazar: '/reservation',
      glance: '/image',
    });
    expect(loadConfig({ PLACEMENT_PREFIX: 'off', COMPUTE_PREFIX: '/v2.1' }).rest).toMatchObject({
      placement: undefined,
      compute: '/v2.1',
    });
  });

  it.each([
    [{ PLACEMENT_PREFIX: 'placement' }, /PLACEMENT_PREFIX must be a path such as \/placement/],
    [{ PLACEMENT_PREFIX: '/placement/' }, /PLACEMENT_PREFIX must be a path/],
    [{ COMPUTE_PREFIX: '/' }, /COMPUTE_PREFIX must be a path/],
    [{ BLAZAR_PREFIX: '/graphql' }, /BLAZAR_PREFIX=\/graphql would cover the service's own/],
    [{ PLACEMENT_PREFIX: '/health/x' }, /PLACEMENT_PREFIX=\/health\/x would cover/],
    [
      { COMPUTE_PREFIX: '/placement/v2.1' },
      /COMPUTE_PREFIX=\/placement\/v2.1 overlaps PLACEMENT_PREFIX=\/placement/,
    ],
    [{ BLAZAR_PREFIX: '/placement' }, /overlaps/],
    [{ GLANCE_PREFIX: '/placement/image' }, /GLANCE_PREFIX=\/placement\/image overlaps PLACEMENT_PREFIX/],
  ])('refuses %j, naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
