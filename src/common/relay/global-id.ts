import { InputError, textProblem } from '../errors';

/** Global ids are opaque to clients: base64url of `Type:key`. */
export function encodeGlobalId(type: string, key: string | number): string {
  return Buffer.from(`${type}:${key}`, 'utf8').toString('base64url');
}

export function decodeGlobalId(id: string, field = 'id'): { type: string; key: string } {
  const decoded = /^[A-Za-z0-9_-]+$/.test(id) ? Buffer.from(id, 'base64url').toString('utf8') : '';
  const separator = decoded.indexOf(':');
  if (separator <= 0 || separator === decoded.length - 1 || textProblem(decoded))
    throw new InputError(field, 'is not a valid id');
  return { type: decoded.slice(0, separator), key: decoded.slice(separator + 1) };
}
