// How the app reads a throw: the database being away by @svc/db's rules, any other unclassified throw as `internal`.
import { databaseUnavailable, isDatabaseUnavailable, unreachableCause } from '@svc/db';
import { toServiceError, type ServiceError } from '@svc/errors';
import type { Logger } from '@svc/observability';

/**
 * A query run outside a transaction reaches the boundary still wrapped by the driver (drizzle's
 * DrizzleQueryError around pg's socket error), so the outage is recognised here once more.
 */
export function classifyThrow(thrown: unknown): ServiceError {
  return toServiceError(databaseUnavailable(thrown) ?? thrown);
}

export { isDatabaseUnavailable };

/**
 * The outage's one error record per request (the request id comes with the context). Only the
 * driver's own error is logged: a wrapper's message repeats the query and its parameters.
 */
export function logOutage(logger: Logger, failure: ServiceError): void {
  const cause = unreachableCause(failure);
  logger.error('database_unavailable', {
    reason: cause?.code,
    error: cause?.error.message,
    stack: cause?.error.stack,
  });
}
