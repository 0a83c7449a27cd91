import type { IncomingHttpHeaders } from 'node:http';
import { RestInputError, type Microversion } from '../common/rest';
import type { RestApi } from './rest';

/**
 * Nova's microversions and error bodies, as nova/api/openstack/wsgi.py answers them: `OpenStack-API-Version:
 * compute X.Y` or the older `X-OpenStack-Nova-API-Version: X.Y` (absent: 2.1; `latest`: the maximum), 400 for a
 * malformed version, 406 for one outside 2.1–2.96 (Nova 2024.1's range), the version said back in both headers
 * with `Vary`, and the fault body `{"itemNotFound": {"code": 404, "message": …}}`.
 */
export const COMPUTE_MIN: Microversion = [2, 1];
export const COMPUTE_MAX: Microversion = [2, 96];

const text = (version: Microversion) => `${version[0]}.${version[1]}`;
const below = (a: Microversion, b: Microversion) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

function requested(headers: IncomingHttpHeaders): string | undefined {
  const raw = headers['openstack-api-version'];
  const value = Array.isArray(raw) ? raw.join(',') : raw;
  for (const part of (value ?? '').split(',')) {
    const [service, version] = part.trim().split(/\s+/, 2);
    if (service?.toLowerCase() === 'compute') return version ?? '';
  }
  const legacy = headers['x-openstack-nova-api-version'];
  return Array.isArray(legacy) ? legacy[0] : legacy;
}

export function computeVersion(headers: IncomingHttpHeaders): Microversion {
  const asked = requested(headers)?.trim();
  if (asked === undefined || asked === '') return COMPUTE_MIN;
  if (asked.toLowerCase() === 'latest') return COMPUTE_MAX;
  const match = /^([1-9]\d*)\.([1-9]\d*|0)$/.exec(asked);
  if (!match) {
    throw new RestInputError(
      `API Version String ${asked.slice(0, 40)} is of invalid format. Must be of format MajorNum.MinorNum.`,
    );
  }
  const version: Microversion = [Number(match[1]), Number(match[2])];
  if (below(version, COMPUTE_MIN) || below(COMPUTE_MAX, version)) {
    throw new RestInputError(
      `Version ${text(version)} is not supported by the API. Minimum is ${text(COMPUTE_MIN)} and maximum is ${text(COMPUTE_MAX)}.`,
      406,
    );
  }
  return version;
}

/** Nova's fault names by status (webob's exceptions as nova/api/openstack/wsgi.py's Fault names them). */
const FAULTS: Record<number, string> = {
  400: 'badRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'itemNotFound',
  405: 'badMethod',
  406: 'notAcceptable',
  409: 'conflict',
  413: 'overLimit',
  415: 'badMediaType',
  501: 'notImplemented',
  503: 'serviceUnavailable',
};

export function computeApi(prefix: string): RestApi {
  return {
    name: 'compute',
    prefix,
    negotiate: computeVersion,
    headers: (version) => ({
      'openstack-api-version': `compute ${text(version)}`,
      'x-openstack-nova-api-version': text(version),
      vary: 'OpenStack-API-Version, X-OpenStack-Nova-API-Version',
    }),
    errorBody: ({ status, message }) => ({
      [FAULTS[status] ?? 'computeFault']: { code: status, message },
    }),
  };
}
