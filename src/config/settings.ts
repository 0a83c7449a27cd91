/**
 * Every environment variable the service reads, declared once: group, meaning, default, accepted values and how
 * it is read. `loadConfig` (index.ts, auth.ts, tracing.ts) reads them from here, and `metacatalog
 * config-reference` writes docs/configuration.md from here (test/config-reference.test.ts fails when that file
 * is stale, or when the code reads a variable not declared here). Meanings are Markdown; their links are relative
 * to docs/.
 */
import { join } from 'node:path';
import { projectRoot } from './paths';
import {
  address,
  choice,
  custom,
  defineSettings,
  flag,
  integer,
  period,
  sharedSecret,
  text,
  type SettingGroup,
} from './setting';
import {
  addressRanges,
  hostName,
  origins,
  otlpProtocol,
  pageHeaders,
  restPrefix,
  traceExporters,
} from './values';

const SERVER: SettingGroup = {
  title: 'Server',
  about:
    'Where the service listens, which browser pages may call it, and how it stops ([operations.md](operations.md#shutdown)).',
};
const DATABASE: SettingGroup = {
  title: 'Database',
  about:
    'The embedded database (PGlite) or a PostgreSQL server ([operations.md](operations.md#running-on-postgresql)).',
};
const IDENTITY: SettingGroup = {
  title: 'Identity',
  about: 'Who a request is ([identity.md](identity.md)).',
};
const GRAPHQL: SettingGroup = {
  title: 'GraphQL',
  about: 'Introspection and the bounds of one query ([api.md](api.md#errors-in-detail)).',
};
const LIVE: SettingGroup = {
  title: 'Change log and subscriptions',
  about:
    "The change log's pace and retention, the change feed between instances, and what WebSocket clients may hold ([live.md](live.md)).",
};
const CACHE: SettingGroup = {
  title: 'Answer cache',
  about:
    'Answers kept per instance while what they read is unchanged ([operations.md](operations.md#scaling-out)).',
};
const PAGES: SettingGroup = {
  title: 'Explorer and GraphiQL',
  about: 'The web pages the service serves ([README](../README.md#the-explorer)).',
};
const CATALOG: SettingGroup = {
  title: 'Catalog',
  about: 'Who writes metadata definitions, and how much ([catalog.md](catalog.md#who-may-write)).',
};
const DISCOVERY: SettingGroup = {
  title: 'Property discovery',
  about: 'The keys resources carry ([resources.md](resources.md)).',
};
const OPENSTACK: SettingGroup = {
  title: 'OpenStack REST APIs',
  about:
    'Where the upstream APIs the catalog answers are mounted ([openstack.md](openstack.md#the-rest-apis)).',
};
const OBSERVABILITY: SettingGroup = {
  title: 'Logs, metrics and traces',
  about: '([operations.md](operations.md#observability))',
};

/** The groups in the order the reference shows them. */
export const SETTING_GROUPS = [
  SERVER,
  DATABASE,
  IDENTITY,
  GRAPHQL,
  LIVE,
  CACHE,
  PAGES,
  CATALOG,
  DISCOVERY,
  OPENSTACK,
  OBSERVABILITY,
];

const KEYSTONE = 'keystone mode:';

export const SETTINGS = defineSettings({
  PORT: integer({
    group: SERVER,
    default: 4000,
    max: 65535,
    meaning: 'HTTP port; `0` picks a free one',
  }),
  HOST: custom({
    group: SERVER,
    shownDefault: '`127.0.0.1`',
    allowed: 'a host name or an IP address',
    meaning:
      "bind address or host name (`0.0.0.0` to serve the network); one that does not resolve or is not this machine's stops the start, naming `HOST`",
    parse: hostName,
  }),
  CORS_ORIGINS: custom({
    group: SERVER,
    shownDefault: 'unset',
    allowed: 'origins, comma or space separated: exact, one wildcard first label, or `*`',
    meaning:
      "browser origins besides the service's own whose pages may call it: exact (`https://horizon.example`), one wildcard label (`https://*.example.com`) or `*`; preflight (`OPTIONS`) answered, allow-origin headers with credentials (not for `*`); other origins get no CORS header and a 403 preflight; a WebSocket from any other origin is refused (403) ([identity.md](identity.md#pages-on-other-origins-cors))",
    parse: origins,
  }),
  SHUTDOWN_TIMEOUT_MS: integer({
    group: SERVER,
    default: 10000,
    meaning:
      'on SIGTERM/SIGINT, how long in-flight requests may take; requests still running then are cut off',
  }),
  SHUTDOWN_DELAY_MS: integer({
    group: SERVER,
    default: 0,
    meaning:
      'on SIGTERM/SIGINT, how long the server keeps serving with `/health/ready` at 503 before it drains (time for a load balancer to take it out; [Kubernetes](operations.md#kubernetes))',
  }),
  HEAP_GROWING_PERCENT: integer({
    group: SERVER,
    default: 50,
    max: 400,
    meaning:
      "how much V8's old generation may grow after a full collection before the next one, as a share of what it kept (`serve` sets `--heap-growing-percent`: it bounds the memory under load, see [Memory](operations.md#memory)); `0`: V8's own factor (up to 4×)",
  }),

  DATABASE_URL: address({
    group: DATABASE,
    protocols: /^(postgres|postgresql|pglite):$/,
    expected: 'postgres://, postgresql:// or pglite://',
    meaning:
      'unset: embedded PGlite in `$DATA_DIR/pgdata`; `pglite:///abs/dir`: embedded in that folder; `pglite://memory`: in memory; `postgres://user:pass@host:5432/db`: a PostgreSQL server',
  }),
  DATA_DIR: text({
    group: DATABASE,
    default: '.data',
    meaning: 'where the embedded database keeps its files',
  }),
  DATA_MIN_FREE_MB: integer({
    group: DATABASE,
    default: 64,
    meaning:
      'the embedded database refuses changes (SERVICE_UNAVAILABLE; reads go on) while its disk has less free space, so PostgreSQL never runs out in the middle of a write; `0`: no check',
  }),
  PGLITE_SHARED_BUFFERS_MB: integer({
    group: DATABASE,
    default: 16,
    min: 1,
    meaning:
      "PostgreSQL's `shared_buffers` in the embedded database (its page cache, inside the process; PostgreSQL's default of 128 was a third of the idle memory)",
  }),
  DATABASE_POOL_SIZE: integer({
    group: DATABASE,
    default: 10,
    min: 1,
    meaning: 'connections to a PostgreSQL server (the embedded database always uses exactly 1)',
  }),
  DATABASE_CONNECT_TIMEOUT_MS: integer({
    group: DATABASE,
    default: 5000,
    min: 1,
    meaning:
      'how long connecting to the database may take before answering SERVICE_UNAVAILABLE (the database is unavailable)',
  }),
  DATABASE_POOL_WAIT_MS: integer({
    group: DATABASE,
    default: 60000,
    min: 1,
    meaning:
      'how long a request may wait for a free connection while every pooled one is busy (load, not an outage) before answering SERVICE_UNAVAILABLE (the service is busy)',
  }),
  DATABASE_PREPARED_STATEMENTS: flag({
    group: DATABASE,
    default: true,
    meaning:
      "each connection to a PostgreSQL server prepares the service's most frequent reads (a fixed set, at most 64 statements) once and runs them by name, without the server parsing and planning them again; false behind a pooler in transaction mode that does not keep prepared statements (PgBouncer before 1.21, or with max_prepared_statements = 0). The embedded database never does",
  }),
  DATABASE_TRANSACTION_GUARD: flag({
    group: DATABASE,
    default: false,
    meaning:
      "refuse at once a query made inside a transaction through the context that opened it (on the embedded database's one connection it waits for the transaction, until DATABASE_POOL_WAIT_MS): for tests; costs an AsyncLocalStorage",
  }),
  SEED_ON_START: flag({
    group: DATABASE,
    default: true,
    meaning: 'apply seeds (resource types, standard traits, default definitions once) at start',
  }),

  AUTH_MODE: choice({
    group: IDENTITY,
    values: ['none', 'headers', 'jwt', 'keystone', 'noauth2'],
    default: 'none',
    meaning: "how a request's project, user and roles are known ([identity.md](identity.md))",
  }),
  POLICY_FILE: text({
    group: IDENTITY,
    meaning:
      'an oslo.policy file (YAML or JSON) overriding the named rules ([identity.md](identity.md#policy)); reloaded when it changes',
  }),
  POLICY_ENFORCE_NEW_DEFAULTS: flag({
    group: IDENTITY,
    default: true,
    meaning:
      "secure-RBAC defaults (reader reads, member writes); `false`: the old ones, any role on a project writes in it (as oslo.policy's enforce_new_defaults)",
  }),
  AUTH_NONE_ALLOW_REMOTE: flag({
    group: IDENTITY,
    default: false,
    meaning:
      'AUTH_MODE=none makes every request an admin, and AUTH_MODE=noauth2 believes whatever a request says it is, so both refuse a non-loopback `HOST` unless this is `true`',
  }),
  AUTH_PROXY_SECRET: sharedSecret({
    group: IDENTITY,
    meaning: 'headers mode: the shared secret the proxy sends in `X-Proxy-Secret`',
  }),
  AUTH_TRUSTED_PROXIES: custom({
    group: IDENTITY,
    shownDefault: 'unset',
    allowed: 'IP addresses and CIDR ranges, comma or space separated',
    meaning: 'headers mode: the addresses the proxy connects from (`10.0.0.5, fd00::/64`)',
    parse: addressRanges,
  }),
  KEYSTONE_URL: text({
    group: IDENTITY,
    meaning: `${KEYSTONE} identity endpoint, \`http(s)://host:5000\` or \`…/v3\` (an http(s) URL without query or fragment)`,
  }),
  KEYSTONE_USERNAME: text({
    group: IDENTITY,
    meaning: `${KEYSTONE} the service user that validates tokens (or \`KEYSTONE_SERVICE_TOKEN\`)`,
  }),
  KEYSTONE_PASSWORD: text({ group: IDENTITY, meaning: `${KEYSTONE} its password` }),
  KEYSTONE_PROJECT_NAME: text({
    group: IDENTITY,
    meaning: `${KEYSTONE} the project its token is scoped to (e.g. \`service\`)`,
  }),
  KEYSTONE_USER_DOMAIN_NAME: text({
    group: IDENTITY,
    default: 'Default',
    meaning: `${KEYSTONE} the service user's domain`,
  }),
  KEYSTONE_PROJECT_DOMAIN_NAME: text({
    group: IDENTITY,
    default: 'Default',
    meaning: `${KEYSTONE} the service project's domain`,
  }),
  KEYSTONE_SERVICE_TOKEN: text({
    group: IDENTITY,
    meaning: `${KEYSTONE} a fixed service token instead of the service user (visible ASCII characters)`,
  }),
  KEYSTONE_CACHE_SECONDS: integer({
    group: IDENTITY,
    default: 300,
    meaning: `${KEYSTONE} how long a validated token is trusted without asking again (never past its expiry; \`0\`: always ask)`,
  }),
  KEYSTONE_CACHE_SIZE: integer({
    group: IDENTITY,
    default: 10000,
    min: 1,
    meaning: `${KEYSTONE} validated tokens kept in memory`,
  }),
  KEYSTONE_TIMEOUT_MS: integer({
    group: IDENTITY,
    default: 5000,
    min: 1,
    meaning: `${KEYSTONE} how long to wait for Keystone before answering SERVICE_UNAVAILABLE`,
  }),
  KEYSTONE_WWW_AUTHENTICATE_URI: text({
    group: IDENTITY,
    shownDefault: '`KEYSTONE_URL`',
    meaning: `${KEYSTONE} what a 401 names in \`WWW-Authenticate: Keystone uri="…"\` (keystonemiddleware's \`www_authenticate_uri\`: Keystone's public endpoint)`,
  }),
  JWT_SECRET: text({ group: IDENTITY, meaning: 'jwt mode: the HS256 secret' }),
  JWT_JWKS_URL: address({
    group: IDENTITY,
    protocols: /^https?:$/,
    expected: 'http:// or https://',
    meaning: 'jwt mode: the JWKS URL (takes precedence over the secret)',
  }),
  JWT_ISSUER: text({ group: IDENTITY, meaning: 'jwt mode: the `iss` a token must have, when set' }),
  JWT_AUDIENCE: text({ group: IDENTITY, meaning: 'jwt mode: the `aud` a token must have, when set' }),

  INTROSPECTION: flag({ group: GRAPHQL, default: true, meaning: 'GraphQL introspection' }),
  GRAPHQL_MAX_DEPTH: integer({ group: GRAPHQL, default: 12, min: 1, meaning: 'query depth limit' }),
  GRAPHQL_MAX_ALIASES: integer({ group: GRAPHQL, default: 30, min: 1, meaning: 'aliases per query' }),
  GRAPHQL_MAX_COST: integer({
    group: GRAPHQL,
    default: 100000,
    min: 1,
    meaning:
      "estimated cost per query (graphql-armor's model: a list multiplies by its `first`; the whole catalog at `first: 500` costs about 97,000)",
  }),
  GRAPHQL_MAX_TOKENS: integer({
    group: GRAPHQL,
    default: 5000,
    min: 1,
    meaning: 'tokens per query document',
  }),
  GRAPHQL_MAX_DIRECTIVES: integer({ group: GRAPHQL, default: 50, min: 1, meaning: 'directives per query' }),

  CHANGE_RETENTION: period({
    group: LIVE,
    default: '30d',
    meaning:
      'how long the change log keeps a record; a cursor older than that is `CURSOR_EXPIRED` ([live.md](live.md#retention))',
  }),
  CHANGE_PRUNE_INTERVAL: period({
    group: LIVE,
    default: '10m',
    meaning: 'how often each instance prunes the change log (in batches that never block writes)',
  }),
  CHANGE_STEP_UNWATCHED_MS: integer({
    group: LIVE,
    default: 1000,
    min: 10,
    meaning:
      'how long at most a committed change waits to be numbered into the log while no subscription on any instance waits for changes (while one does: 50 ms); `changes`, `history` and a resumed subscription number what is pending before they read, whatever this says ([live.md](live.md#the-change-log): who runs a step)',
  }),
  FEED_HEARTBEAT_MS: integer({
    group: LIVE,
    default: 5000,
    meaning:
      'how often the change feed NOTIFYs itself through its LISTEN connection, proving it still delivers (`0`: never; a silent loss is then seen by TCP keepalive only, after ~2 h)',
  }),
  FEED_HEARTBEAT_TIMEOUT_MS: integer({
    group: LIVE,
    default: 10000,
    min: 1,
    meaning:
      "how long that notification, or a reconnection's LISTEN, may take before the feed counts as lost (4503 to subscribers, trait name cache off, readiness degraded) and reconnects",
  }),
  WEBSOCKET_MAX_CONNECTIONS: integer({
    group: LIVE,
    default: 2000,
    min: 1,
    meaning: 'open WebSockets per instance (beyond: the upgrade is refused with 503)',
  }),
  SUBSCRIPTIONS_PER_SOCKET: integer({
    group: LIVE,
    default: 50,
    min: 1,
    meaning: 'subscriptions one WebSocket may hold (beyond: `LIMIT_EXCEEDED`)',
  }),
  SUBSCRIPTIONS_PER_IDENTITY: integer({
    group: LIVE,
    default: 200,
    min: 1,
    meaning:
      'subscriptions one identity (project and user) may hold over all its sockets (beyond: `LIMIT_EXCEEDED`)',
  }),
  SUBSCRIPTIONS_PER_INSTANCE: integer({
    group: LIVE,
    default: 5000,
    min: 1,
    meaning: 'subscriptions per instance, all clients together (beyond: `SERVICE_UNAVAILABLE`)',
  }),

  CATALOG_CACHE_MB: integer({
    group: CACHE,
    default: 16,
    meaning:
      'per instance, catalog, trait and provider answers kept while the data they read is unchanged (bounded by the size of their JSON; `0`: off)',
  }),

  PLACEMENT_PREFIX: custom({
    group: OPENSTACK,
    shownDefault: '`/placement`',
    allowed: 'a path (`/placement`, `/v1/placement`) or `off`',
    meaning:
      "where Placement's /traits and /resource_providers are served (`<prefix>/traits`; the version document at `<prefix>/`)",
    parse: restPrefix('/placement'),
  }),
  COMPUTE_PREFIX: custom({
    group: OPENSTACK,
    shownDefault: '`/compute/v2.1`',
    allowed: 'a path (`/compute/v2.1`, `/v2.1`) or `off`',
    meaning:
      "where Nova's server tags (`<prefix>/servers/{id}/tags`, microversion 2.26) and `GET <prefix>/servers?tags=…` are served, for resources of type OS::Nova::Server",
    parse: restPrefix('/compute/v2.1'),
  }),
  BLAZAR_PREFIX: custom({
    group: OPENSTACK,
    shownDefault: '`/reservation`',
    allowed: 'a path (`/reservation`) or `off`',
    meaning:
      "where Blazar's property discovery is served (`<prefix>/v1/{resource_type}/properties[/{name}]`) over the keys resources carry",
    parse: restPrefix('/reservation'),
  }),
  GLANCE_PREFIX: custom({
    group: OPENSTACK,
    shownDefault: '`/image`',
    allowed: 'a path (`/image`, `/glance`) or `off`',
    meaning:
      "where Glance's metadata definitions are served (`<prefix>/v2/metadefs/…`, `<prefix>/v2/schemas/metadefs/…`; the version documents at `<prefix>/` and `<prefix>/versions`): the image endpoint glanceclient and openstackclient are given",
    parse: restPrefix('/image'),
  }),

  EXPLORER: flag({
    group: PAGES,
    default: true,
    meaning: 'the explorer web app at `GET /` (built by `npm run build`; `off`: `/` is 404)',
  }),
  EXPLORER_DIR: text({
    group: PAGES,
    default: () => join(projectRoot(), 'dist', 'web'),
    shownDefault: '`dist/web`',
    meaning: "where the explorer's built files are",
  }),
  GRAPHIQL: flag({ group: PAGES, default: true, meaning: 'GraphiQL for browsers at `GET /graphql`' }),
  GRAPHIQL_HEADERS: custom({
    group: PAGES,
    shownDefault: 'unset',
    allowed: 'a JSON object of header names to strings',
    meaning:
      'headers the GraphiQL page pre-fills and sends, e.g. `{"X-Project-Id":"demo"}` (never `X-Proxy-Secret`: see [Using GraphiQL](../README.md#using-graphiql))',
    parse: pageHeaders,
  }),
  GRAPHIQL_DIR: text({
    group: PAGES,
    default: () => join(projectRoot(), 'dist', 'graphiql'),
    shownDefault: '`dist/graphiql`',
    meaning: "where GraphiQL's built files are (`npm run build`: graphiql.html and assets/)",
  }),

  METADEF_PROJECT_WRITES: flag({
    group: CATALOG,
    default: false,
    meaning: 'let projects write the namespaces they own',
  }),
  METADEF_NAMESPACES_PER_PROJECT: integer({
    group: CATALOG,
    default: 100,
    meaning: 'quota for project writers',
  }),
  METADEF_PROPERTIES_PER_NAMESPACE: integer({
    group: CATALOG,
    default: 500,
    meaning: 'quota for project writers',
  }),
  METADEF_OBJECTS_PER_NAMESPACE: integer({
    group: CATALOG,
    default: 500,
    meaning: 'quota for project writers',
  }),
  METADEF_TAGS_PER_NAMESPACE: integer({ group: CATALOG, default: 500, meaning: 'quota for project writers' }),

  CAPABILITY_DEFAULT_VISIBILITY: choice({
    group: DISCOVERY,
    values: ['public', 'private'],
    default: 'private',
    meaning: 'privacy of a resource property key seen for the first time',
  }),
  DISCOVERY_ALLOW_ALL_USERS: flag({
    group: DISCOVERY,
    default: false,
    meaning: 'open property discovery to non-admins',
  }),

  LOG_LEVEL: choice({
    group: OBSERVABILITY,
    values: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    default: 'info',
    meaning: 'the lowest level of what is logged (pino)',
  }),
  METRICS: choice({
    group: OBSERVABILITY,
    values: ['public', 'token', 'off'],
    default: 'public',
    shownDefault: '`token` when `METRICS_TOKEN` is set, else `public`',
    meaning:
      'who may read `GET /metrics`: anyone, a scraper sending `Authorization: Bearer $METRICS_TOKEN`, or nobody (404)',
  }),
  METRICS_TOKEN: sharedSecret({
    group: OBSERVABILITY,
    meaning: 'the bearer token a Prometheus scraper sends',
  }),
  OTEL_EXPORTER_OTLP_ENDPOINT: address({
    group: OBSERVABILITY,
    protocols: /^https?:$/,
    expected: 'http:// or https://',
    meaning:
      'OpenTelemetry traces (off while unset): the OTLP/HTTP base URL of a Collector or backend, e.g. `http://otel-collector:4318` (spans go to `…/v1/traces`)',
  }),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: address({
    group: OBSERVABILITY,
    protocols: /^https?:$/,
    expected: 'http:// or https://',
    meaning:
      'the traces URL itself (as it is, no path added); turns tracing on too, and wins over the base URL',
  }),
  OTEL_TRACES_EXPORTER: custom({
    group: OBSERVABILITY,
    shownDefault: 'unset',
    allowed: '`otlp`, `none`',
    meaning:
      '`otlp`: traces on (to `http://localhost:4318/v1/traces` without an endpoint); `none`: off even with an endpoint; unset: on when an endpoint is set',
    parse: traceExporters,
  }),
  OTEL_EXPORTER_OTLP_PROTOCOL: custom({
    group: OBSERVABILITY,
    shownDefault: '`http/protobuf`',
    allowed: "`http/protobuf`, `http/json` (`grpc` is refused: use the Collector's HTTP port)",
    meaning: 'how spans are encoded (read only while tracing is on)',
    parse: otlpProtocol,
  }),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: custom({
    group: OBSERVABILITY,
    shownDefault: '`OTEL_EXPORTER_OTLP_PROTOCOL`',
    allowed: '`http/protobuf`, `http/json`',
    meaning: 'the same for traces alone; wins over `OTEL_EXPORTER_OTLP_PROTOCOL`',
    parse: otlpProtocol,
  }),
  OTEL_SDK_DISABLED: flag({
    group: OBSERVABILITY,
    default: false,
    meaning: '`true`: no tracing whatever else is set',
  }),
});
