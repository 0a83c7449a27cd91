type Errorish = {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
  driverError?: unknown;
  cause?: unknown;
  thrownValue?: unknown;
};

/**
 * The error that carries a code (SQLSTATE, or a Node error code), looking through wrappers: TypeORM's
 * `driverError`, a `cause`, and graphql-js's `thrownValue` (pg rejects a failed connect to a Unix socket with
 * a plain object, `{ code: 'ENOENT', syscall: 'connect' }`, which graphql-js wraps as NonErrorThrown).
 */
function codedError(
  error: unknown,
): { code: string; message: string; constraint: string | undefined } | undefined {
  const candidate = error as Errorish | null;
  if (!candidate || typeof candidate !== 'object') return undefined;
  if (typeof candidate.code === 'string') {
    return {
      code: candidate.code,
      message: typeof candidate.message === 'string' ? candidate.message : '',
      constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
    };
  }
  return (
    codedError(candidate.driverError) ?? codedError(candidate.cause) ?? codedError(candidate.thrownValue)
  );
}

/** The driver's or PostgreSQL's code of an error (SQLSTATE, or a Node error code), looking through wrappers. */
export function errorCode(error: unknown): string | undefined {
  return codedError(error)?.code;
}

/** The message that goes with `errorCode(error)` (PostgreSQL's own words, for telling apart errors of one code). */
export function codedErrorMessage(error: unknown): string {
  return codedError(error)?.message ?? '';
}

/** The constraint PostgreSQL names in the error (a unique violation's index or constraint), if any. */
export function errorConstraint(error: unknown): string | undefined {
  return codedError(error)?.constraint;
}
