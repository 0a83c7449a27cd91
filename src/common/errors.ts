import { GraphQLError } from 'graphql';
import { hasControlCharacter } from '../config/text';

/** The error codes of the contract (API.md, "Conventions"), one per HTTP status of the specs. */
export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'LIMIT_EXCEEDED'
  | 'SERVICE_UNAVAILABLE'
  | 'CURSOR_EXPIRED'
  | 'INTERNAL_SERVER_ERROR';

/**
 * An error meant for the caller: its message and extensions reach the response unchanged. It carries its code
 * (`code`, also `extensions.code`): formatError passes it through by its class, never by its wording.
 */
export class AppError extends GraphQLError {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, extensions: Record<string, unknown> = {}) {
    super(message, { extensions: { ...extensions, code } });
    this.code = code;
  }
}

export interface InputProblem {
  field: string;
  message: string;
}

/** Invalid input: `field` is the input path (e.g. `input.properties.0.minimum`). */
export class InputError extends AppError {
  /** Every problem (at least this one), for callers that merge several validations into one error. */
  readonly problems: InputProblem[];

  constructor(field: string, message: string, problems?: InputProblem[]) {
    super(
      'BAD_USER_INPUT',
      `${field}: ${message}`,
      problems && problems.length > 1 ? { field, errors: problems } : { field },
    );
    this.problems = problems?.length ? problems : [{ field, message }];
  }

  static of(problems: InputProblem[]): InputError {
    const [first] = problems;
    return new InputError(first.field, first.message, problems);
  }
}

/** Gathers the problems of several checks, so that one BAD_USER_INPUT reports every one of them. */
export class ProblemList {
  readonly problems: InputProblem[] = [];

  add(field: string, message: string): void {
    this.problems.push({ field, message });
  }

  addAll(problems: readonly InputProblem[]): void {
    this.problems.push(...problems);
  }

  /** Runs a check; an InputError it throws is collected, anything else goes on up. */
  check(work: () => unknown): void {
    try {
      work();
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      this.addAll(error.problems);
    }
  }

  throwIfAny(): void {
    if (this.problems.length) throw InputError.of(this.problems);
  }
}

export class NotFoundError extends AppError {
  /** `field`: the argument or input path that named the missing thing, when it came from one (as for BAD_USER_INPUT). */
  constructor(what: string, key: string, field?: string) {
    super('NOT_FOUND', `${what} "${key}" not found`, field ? { field } : {});
  }
}

export class ForbiddenError extends AppError {
  /** `policy`: the rule that refused (extensions.policy), when one did. */
  constructor(message: string, extensions: { policy?: string } = {}) {
    super('FORBIDDEN', message, extensions);
  }
}

/** `field`: the input path of the value that is taken (`input.name`), when one value is the cause. */
export class ConflictError extends AppError {
  constructor(message: string, field?: string) {
    super('CONFLICT', message, field ? { field } : {});
  }
}

/**
 * The caller holds as much of something as one client may (`limit` names the setting, `max` its value): not a
 * malformed request, and retrying at once will not help; release some first.
 */
export class LimitExceededError extends AppError {
  constructor(message: string, limit: string, max: number) {
    super('LIMIT_EXCEEDED', message, { limit, max });
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message = 'Authentication required') {
    // Apollo uses extensions.http for the status of a failed request and strips it from the body.
    super('UNAUTHENTICATED', message, { http: { status: 401 } });
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(message = 'The database is unavailable; try again shortly') {
    super('SERVICE_UNAVAILABLE', message);
  }
}

/**
 * A change cursor the change log can no longer follow: older than its retention (`pruned`: what came after it is
 * no longer recorded), or beyond its head (`ahead`: the database failed over to a standby that lacked the latest
 * changes, or was restored to an earlier point). Either way: refetch what you show and subscribe (or list
 * changes) again without `after`. `field` names the argument.
 */
export class CursorExpiredError extends AppError {
  constructor(reason: 'pruned' | 'ahead' = 'pruned', field = 'after') {
    super(
      'CURSOR_EXPIRED',
      reason === 'pruned'
        ? 'This change cursor is older than the change log keeps (CHANGE_RETENTION): refetch what you show, then ' +
            'subscribe again without `after`.'
        : "This change cursor is beyond the change log's head (the database failed over or was restored to an " +
            'earlier point, and the changes it followed are gone): refetch what you show, then subscribe again ' +
            'without `after`.',
      { field },
    );
  }
}

/** The identity service cannot say who is asking: the request fails as a whole (HTTP 503) and nothing runs. */
export class IdentityUnavailableError extends AppError {
  constructor(message = 'The identity service (Keystone) is unavailable; try again shortly') {
    super('SERVICE_UNAVAILABLE', message, { http: { status: 503 } });
  }
}

/** A UTF-16 surrogate without its other half: not a Unicode character (PostgreSQL would store U+FFFD). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why PostgreSQL cannot store this text as given (NUL, or not valid Unicode); undefined when it can. */
export function textProblem(value: string): string | undefined {
  if (value.includes('\u0000')) return 'must not contain the NUL character (\\u0000)';
  if (LONE_SURROGATE.test(value)) return 'is not valid Unicode (it has a lone surrogate)';
  return undefined;
}

/** Checks a string's length (in characters) and that it has no control characters (newlines and tabs
 * only where `multiline`). Returns the value unchanged: nothing is trimmed silently. */
export function checkText(
  field: string,
  value: string,
  { min = 0, max, multiline = false }: { min?: number; max: number; multiline?: boolean },
): string {
  if ([...value].length < min) {
    throw new InputError(field, min === 1 ? 'must not be empty' : `must be at least ${min} characters`);
  }
  if ([...value].length > max) throw new InputError(field, `must be at most ${max} characters`);
  if (hasControlCharacter(value, multiline))
    throw new InputError(field, 'must not contain control characters');
  const problem = textProblem(value);
  if (problem) throw new InputError(field, problem);
  return value;
}
