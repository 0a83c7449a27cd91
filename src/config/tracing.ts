import { bool, ConfigError, oneOf, url, type Env } from './parse';

export type OtlpProtocol = 'http/protobuf' | 'http/json';

export interface TracingConfig {
  /** Where spans are sent: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, else OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces. */
  url: string;
  /** OTEL_EXPORTER_OTLP_TRACES_PROTOCOL / OTEL_EXPORTER_OTLP_PROTOCOL (gRPC is not supported). */
  protocol: OtlpProtocol;
}

/** OTLP/HTTP's default endpoint (a Collector on this machine), as the OpenTelemetry specification sets it. */
const OTLP_DEFAULT_ENDPOINT = 'http://localhost:4318/';

/**
 * Tracing, from the OpenTelemetry SDK's standard variables, but off unless asked for: on when
 * OTEL_TRACES_EXPORTER is `otlp`, or when it is unset and an OTLP endpoint is set; off with OTEL_TRACES_EXPORTER
 * `none` or OTEL_SDK_DISABLED=true.
 */
export function tracingSettings(env: Env): TracingConfig | undefined {
  if (bool(env, 'OTEL_SDK_DISABLED', false)) return undefined;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const exporter of exporters) {
    if (exporter !== 'otlp' && exporter !== 'none') {
      throw new ConfigError(
        `OTEL_TRACES_EXPORTER must be otlp or none, got "${exporter}" (traces go over OTLP/HTTP; send them ` +
          'through an OpenTelemetry Collector to any other backend)',
      );
    }
  }
  const endpointOf = (name: string) => url(env, name, /^https?:$/, 'http:// or https://');
  const tracesEndpoint = endpointOf('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const endpoint = endpointOf('OTEL_EXPORTER_OTLP_ENDPOINT');
  const wanted = exporters.length ? exporters.includes('otlp') : !!(tracesEndpoint || endpoint);
  if (!wanted) return undefined;
  const protocolName = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL
    ? 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'
    : 'OTEL_EXPORTER_OTLP_PROTOCOL';
  if (env[protocolName] === 'grpc') {
    throw new ConfigError(
      `${protocolName}=grpc is not supported: use http/protobuf (the default) or http/json, on the Collector's ` +
        'OTLP/HTTP port (4318)',
    );
  }
  const protocol = oneOf(env, protocolName, ['http/protobuf', 'http/json'] as const, 'http/protobuf');
  // A signal's own endpoint is used as it is; the general one is a base that the signal's path is added to.
  const base = endpoint ?? OTLP_DEFAULT_ENDPOINT;
  return {
    url: tracesEndpoint ?? `${base.endsWith('/') ? base : `${base}/`}v1/traces`,
    protocol,
  };
}
