import { type Env } from './parse';
import { SETTINGS as S } from './settings';
import { type OtlpProtocol } from './values';

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
  if (S.OTEL_SDK_DISABLED.read(env)) return undefined;
  const exporters = S.OTEL_TRACES_EXPORTER.read(env);
  const tracesEndpoint = S.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT.read(env);
  const endpoint = S.OTEL_EXPORTER_OTLP_ENDPOINT.read(env);
  const wanted = exporters.length ? exporters.includes('otlp') : !!(tracesEndpoint || endpoint);
  if (!wanted) return undefined;
  // The protocol is read only when tracing is on: it is the whole SDK's setting, not a switch of ours.
  const protocol = S.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL.isSet(env)
    ? S.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL.read(env)
    : S.OTEL_EXPORTER_OTLP_PROTOCOL.read(env);
  // A signal's own endpoint is used as it is; the general one is a base that the signal's path is added to.
  const base = endpoint ?? OTLP_DEFAULT_ENDPOINT;
  return {
    url: tracesEndpoint ?? `${base.endsWith('/') ? base : `${base}/`}v1/traces`,
    protocol,
  };
}
