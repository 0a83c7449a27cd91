type Errorish = { code?: unknown; driverError?: unknown; cause?: unknown };

/** The driver's or PostgreSQL's code of an error (SQLSTATE, or a Node error code), looking through wrappers. */
export function errorCode(error: unknown): string | undefined {
  const candidate = error as Errorish | null;
  if (!candidate || typeof candidate !== 'object') return undefined;
  if (typeof candidate.code === 'string') return candidate.code;
  return errorCode(candidate.driverError) ?? errorCode(candidate.cause);
}
