import type { RestApi } from './rest';

/**
 * Blazar's v1 API as its resource-properties-discovery spec words it: no microversions, and errors as
 * blazar/api/v1/utils.py renders them, `{"error_code": 404, "error_message": …, "error_name": …}`.
 */
const NAMES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'REQUEST_ENTITY_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  503: 'SERVICE_UNAVAILABLE',
};

export function blazarApi(prefix: string): RestApi {
  return {
    name: 'blazar',
    prefix,
    negotiate: () => [1, 0],
    headers: () => ({}),
    errorBody: ({ status, message }) => ({
      error_code: status,
      error_message: message,
      error_name: NAMES[status] ?? 'INTERNAL_SERVER_ERROR',
    }),
  };
}
