import { codedErrorMessage, errorCode } from './error-code';

/** Connection-level failures of the pg driver (Node error codes): the database is unreachable, not our bug. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
  'ENOENT', // Unix socket of the embedded database gone
]);

/**
 * SQLSTATEs (and classes of them) of a server that cannot serve right now, whatever was asked: connection
 * exceptions (08), the database gone or its login refused (3D000, 28xxx), insufficient resources (53: too many
 * connections, out of memory, disk full), operator intervention (57: shutdown, cannot connect now, cancelled,
 * database dropped) and system I/O errors (58).
 */
const UNAVAILABLE_SQLSTATE = /^(08|28|53|57|58)|^3D000$/;

/** 55000 is "object not in prerequisite state" in general; at connect it is `ALLOW_CONNECTIONS false`. */
const NOT_ACCEPTING_CONNECTIONS = /is not accepting connections|is not currently accepting connections/;

/** SQLSTATEs that can only come from input we failed to check: reported as BAD_USER_INPUT, without SQL. */
const INPUT_SQLSTATES: Record<string, string> = {
  '22001': 'a value is too long',
  '22003': 'a number is out of range',
  '22P02': 'a value has the wrong format',
  '23502': 'a required value is missing',
  '23514': 'a value violates a constraint',
};

/**
 * A transaction's connection ended under it (its backend terminated, the server restarted or failed over, the
 * network cut). TypeORM then releases the transaction's query runner, and whatever statement comes next throws
 * QueryRunnerAlreadyReleasedError instead of the driver's error: this error says what happened, with the SQLSTATE
 * PostgreSQL gives a lost connection (08006 connection_failure). Nothing of the transaction was committed unless
 * the connection ended while its COMMIT was under way.
 */
export class ConnectionLostError extends Error {
  readonly code = '08006';

  constructor(cause: unknown) {
    super('the database connection of a transaction was lost', { cause });
    this.name = 'ConnectionLostError';
  }
}

export function isDatabaseUnavailable(error: unknown): boolean {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : '';
  if (
    code &&
    (UNAVAILABLE_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_SQLSTATE.test(code)))
  )
    return true;
  if (code === '55000' && NOT_ACCEPTING_CONNECTIONS.test(codedErrorMessage(error))) return true;
  // pg's client giving up connecting after DATABASE_CONNECT_TIMEOUT_MS (src/db/database.ts).
  if (message === 'timeout expired') return true;
  return /Connection terminated|Client has encountered a connection error|connection is closed|Connection refused/i.test(
    message,
  );
}

/**
 * pg-pool's error when a wait for a free connection (every one busy) passed DATABASE_POOL_WAIT_MS: the service
 * is overloaded, not the database unreachable (a connection attempt gives up with "timeout expired" instead).
 */
function isPoolWaitTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === 'timeout exceeded when trying to connect';
}

/** What a database or driver error means to the caller: the code and message to answer, and what to log. */
export interface DatabaseFailure {
  code: 'SERVICE_UNAVAILABLE' | 'BAD_USER_INPUT';
  message: string;
  /** The log line (at warn: not a bug of ours). */
  log: string;
}

/**
 * Classifies an error of the database or its driver that is not the caller's doing to know about in detail: an
 * outage, a full disk or a busy pool (SERVICE_UNAVAILABLE), or a value the database refused that a service
 * should have checked (BAD_USER_INPUT, without the SQL). Undefined for anything else (a bug). The SQLSTATEs live
 * here, beside the driver; a unique violation is answered where the write is (withUniqueConflicts, unique.ts).
 */
export function databaseFailureOf(error: unknown): DatabaseFailure | undefined {
  const sqlState = errorCode(error);
  if (sqlState === '53100') {
    return {
      code: 'SERVICE_UNAVAILABLE',
      message: "The database's disk is full: changes are refused until space is freed; try again later",
      log: 'database disk full',
    };
  }
  if (sqlState === '25006') {
    // read_only_sql_transaction: the server reached is a standby (a failover under way, a proxy or virtual IP
    // pointing at a server not promoted yet).
    return {
      code: 'SERVICE_UNAVAILABLE',
      message:
        'The database takes no changes right now (it is a standby, a failover may be under way); try again shortly',
      log: 'database read-only (a standby)',
    };
  }
  if (isPoolWaitTimeout(error)) {
    return {
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service is busy (every database connection in use); try again shortly',
      log: 'no pooled database connection became free in time',
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      code: 'SERVICE_UNAVAILABLE',
      message: 'The database is unavailable; try again shortly',
      log: 'database unavailable',
    };
  }
  if (sqlState && INPUT_SQLSTATES[sqlState]) {
    return {
      code: 'BAD_USER_INPUT',
      message: `Invalid input: ${INPUT_SQLSTATES[sqlState]}`,
      log: 'input rejected by the database',
    };
  }
  return undefined;
}
