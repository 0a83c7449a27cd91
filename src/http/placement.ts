import type { IncomingHttpHeaders } from 'node:http';
import { RestInputError, type Microversion } from '../common/rest';
import { statusTitle, type RestApi } from './rest';

/**
 * Placement's microversions and error bodies, as placement/microversion.py and placement/util.py answer them:
 * `OpenStack-API-Version: placement X.Y` (absent: the minimum; `latest`: the maximum), 400 for a malformed
 * version, 406 for one outside 1.0–1.39, the version said back with `Vary`, and
 * `{"errors": [{"status", "title", "detail", "request_id", "code"}]}` (the code from 1.23, as upstream; a 406 also
 * with `min_version` and `max_version`).
 */
export const PLACEMENT_MIN: Microversion = [1, 0];
export const PLACEMENT_MAX: Microversion = [1, 39];

/** The version with the error body's `code` (placement's 1.23). */
const ERROR_CODES_SINCE: Microversion = [1, 23];

const text = (version: Microversion) => `${version[0]}.${version[1]}`;

const below = (a: Microversion, b: Microversion) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/** `placement 1.6` out of `OpenStack-API-Version` (it may name several services, comma separated). */
function requested(headers: IncomingHttpHeaders): string | undefined {
  const raw = headers['openstack-api-version'];
  const value = Array.isArray(raw) ? raw.join(',') : raw;
  if (!value) return undefined;
  for (const part of value.split(',')) {
    const [service, version] = part.trim().split(/\s+/, 2);
    if (service?.toLowerCase() === 'placement') return version ?? '';
  }
  return undefined;
}

export function placementVersion(headers: IncomingHttpHeaders): Microversion {
  const asked = requested(headers);
  if (asked === undefined) return PLACEMENT_MIN;
  if (asked.toLowerCase() === 'latest') return PLACEMENT_MAX;
  const match = /^([1-9]\d*|0)\.([1-9]\d*|0)$/.exec(asked);
  if (!match) throw new RestInputError(`invalid version string: ${asked.slice(0, 40)}`, 400);
  const version: Microversion = [Number(match[1]), Number(match[2])];
  if (below(version, PLACEMENT_MIN) || below(PLACEMENT_MAX, version)) {
    throw new RestInputError(
      `Unacceptable version header: ${text(version)} (placement answers ${text(PLACEMENT_MIN)} to ${text(PLACEMENT_MAX)})`,
      406,
    );
  }
  return version;
}

export function placementApi(prefix: string): RestApi {
  return {
    name: 'placement',
    prefix,
    negotiate: placementVersion,
    headers: (version) => ({
      'openstack-api-version': `placement ${text(version)}`,
      vary: 'openstack-api-version',
    }),
    errorBody: ({ status, message, code, requestId, version }) => ({
      errors: [
        {
          status,
          title: statusTitle(status),
          detail: message,
          request_id: requestId,
          ...(below(version, ERROR_CODES_SINCE) ? {} : { code: code ?? 'placement.undefined_code' }),
          // An unacceptable version says which are (osc-placement's negotiation reads max_version).
          ...(status === 406 ? { min_version: text(PLACEMENT_MIN), max_version: text(PLACEMENT_MAX) } : {}),
        },
      ],
    }),
    root: () => ({
      status: 200,
      body: {
        versions: [
          {
            id: 'v1.0',
            max_version: text(PLACEMENT_MAX),
            min_version: text(PLACEMENT_MIN),
            status: 'CURRENT',
            links: [{ rel: 'self', href: '' }],
          },
        ],
      },
    }),
  };
}
