import type { AppError } from '../common/errors';
import { errorCode, errorConstraint } from './error-code';

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * What a unique violation of each constraint means to the caller, by the constraint's name
 * (`namespaces_name_key`): usually the ConflictError the write's own check throws, naming the input field.
 */
export type UniqueConflicts = Readonly<Record<string, () => AppError>>;

/**
 * Runs a write that a unique constraint may refuse, and turns that refusal into the caller's error, where the
 * write is. A write checks for the taken value first and answers CONFLICT itself; the constraint decides only
 * when a concurrent transaction committed the same value between that check and the write. A unique violation
 * of a constraint not listed is left as it is (a bug: masked as INTERNAL_SERVER_ERROR and logged).
 */
export async function withUniqueConflicts<T>(write: Promise<T>, conflicts: UniqueConflicts): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const constraint = errorCode(error) === UNIQUE_VIOLATION ? errorConstraint(error) : undefined;
    const conflict =
      constraint !== undefined && Object.hasOwn(conflicts, constraint) && conflicts[constraint];
    if (conflict) throw conflict();
    throw error;
  }
}
