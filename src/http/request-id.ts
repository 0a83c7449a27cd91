import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** oslo.middleware's request id: `req-` and a UUID. */
const OPENSTACK_REQUEST_ID = /^req-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** A new request id, in OpenStack's form. */
export const newRequestId = () => `req-${randomUUID()}`;

/**
 * A request's id, which its log lines carry and its answer repeats: the client's X-OpenStack-Request-ID when it is
 * `req-<uuid>` (oslo.middleware's, tying a request across OpenStack services), else its X-Request-Id when it is a
 * sane token (letters, digits, `._:-`, up to 128), else a new `req-<uuid>`.
 */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const openstack = first(headers['x-openstack-request-id']);
  if (openstack && OPENSTACK_REQUEST_ID.test(openstack)) return openstack;
  const value = first(headers['x-request-id']);
  return value && /^[\w.:-]{1,128}$/.test(value) ? value : newRequestId();
}

/**
 * The X-OpenStack-Request-ID answered: the request id when it has that form (always, unless the client chose an
 * X-Request-Id of its own; then a new one, as oslo.middleware answers a request without one).
 */
export const openstackRequestIdOf = (requestId: string): string =>
  OPENSTACK_REQUEST_ID.test(requestId) ? requestId : newRequestId();
