// Classifies database failures where they happen: a SQLSTATE becomes one of the service's codes.
import { ServiceError, type ErrorCode } from '@svc/errors';
import { databaseUnavailable } from './unavailable';

interface DriverError {
  code: string;
  message: string;
  constraint?: unknown;
  table?: unknown;
}

/**
 * The Postgres error inside a throw, looking through wrappers such as drizzle's DrizzleQueryError.
 * Both pg and PGlite errors carry `severity`, which tells them apart from Node's own `code`s.
 */
function findDriverError(thrown: unknown): DriverError | undefined {
  let current: unknown = thrown;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const candidate = current as { code?: unknown; severity?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code) && typeof candidate.severity === 'string') {
      return current as DriverError;
    }
    current = candidate.cause;
  }
  return undefined;
}

/** The SQLSTATE of a database error, if the throw carries one. */
export function sqlStateOf(thrown: unknown): string | undefined {
  return findDriverError(thrown)?.code;
}

/** The constraint (or unique index) a database error names, if it names one. */
export function constraintOf(thrown: unknown): string | undefined {
  const constraint = findDriverError(thrown)?.constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}

/**
 * A foreign-key violation on insert or update means a referenced id does not exist (not_found);
 * on delete it means the row is still referenced, which conflicts with current state.
 */
function classifyForeignKey(message: string): ErrorCode {
  return message.startsWith('update or delete') ? 'conflict' : 'not_found';
}

function codeFor(sqlstate: string, message: string): ErrorCode | undefined {
  switch (sqlstate) {
    case '42501': // insufficient_privilege: RLS, the memories guard, the Database API
      return 'forbidden';
    case '23505': // unique_violation
    case '40001': // serialization_failure
    case '40P01': // deadlock_detected
    case '55P03': // lock_not_available
      return 'conflict';
    case '23503':
      return classifyForeignKey(message);
    case '23502': // not_null_violation
    case '23514': // check_violation
    case '23P01': // exclusion_violation
      return 'validation_failed';
    default:
      // Class 22 is "data exception": bad uuid text (22P02), too long (22001), out of range...
      return sqlstate.startsWith('22') ? 'validation_failed' : undefined;
  }
}

/**
 * Maps a database error to a ServiceError, keeping the SQLSTATE in `details.sqlstate` and the
 * original as `cause`; a database that cannot be reached becomes the retryable outage failure.
 * Anything else is returned unchanged, so the one place that turns unknown throws into `internal`
 * still sees it.
 */
export function fromPgError<E>(thrown: E): ServiceError | E {
  if (thrown instanceof ServiceError) return thrown;
  const outage = databaseUnavailable(thrown);
  if (outage !== undefined) return outage;
  const pgError = findDriverError(thrown);
  if (pgError === undefined) return thrown;
  const sqlstate = pgError.code;
  const message = typeof pgError.message === 'string' ? pgError.message : 'database refused the operation';
  const code = codeFor(sqlstate, message);
  if (code === undefined) return thrown;
  const details: Record<string, unknown> = { sqlstate };
  if (typeof pgError.constraint === 'string') details.constraint = pgError.constraint;
  if (typeof pgError.table === 'string') details.table = pgError.table;
  return new ServiceError(code, message, { details, cause: thrown });
}
