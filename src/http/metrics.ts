import type { Registry } from 'prom-client';
import type { MetricsConfig } from '../config';
import { metricsAllowed } from '../common/identity/secrets';
import { HttpError, type Route } from './router';

/** `/metrics`: the registry's Prometheus text, for whom METRICS allows (no route at all when it is `off`). */
export function metricsRoutes({
  settings,
  registry,
}: {
  settings: MetricsConfig;
  registry: Registry;
}): Route[] {
  if (settings.access === 'off') return [];
  return [
    {
      path: '/metrics',
      methods: {
        async GET(req, res) {
          if (!metricsAllowed(settings, req.headers.authorization)) {
            throw new HttpError(401, 'UNAUTHENTICATED', 'METRICS_TOKEN required (Authorization: Bearer …)', {
              'www-authenticate': 'Bearer realm="metrics"',
            });
          }
          const text = await registry.metrics();
          res.writeHead(200, { 'content-type': registry.contentType });
          res.end(text);
        },
      },
    },
  ];
}
