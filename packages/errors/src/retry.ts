// Failures a caller should retry: a dependency that is away is still `internal`, but says when to come back.
import { ServiceError } from './service-error';

export interface UnavailableOptions {
  /** Which dependency is away, as a stable identifier clients may branch on (`database_unavailable`). */
  reason: string;
  retryAfterSeconds: number;
  cause?: unknown;
}

/**
 * The closed set has no "unavailable" code, so an outage is `internal` (HTTP 500) like a bug; the
 * details are what tell the two apart: a reason, `retryable: true` and the delay for Retry-After.
 */
export function unavailable(message: string, opts: UnavailableOptions): ServiceError {
  return new ServiceError('internal', message, {
    details: { reason: opts.reason, retryable: true, retry_after_seconds: opts.retryAfterSeconds },
    cause: opts.cause,
  });
}

/** Whole seconds the caller should wait before retrying, when the failure names them (rate limits, outages). */
export function retryAfterOf(err: ServiceError): number | undefined {
  const seconds = err.details?.retry_after_seconds;
  return typeof seconds === 'number' && Number.isInteger(seconds) && seconds > 0 ? seconds : undefined;
}
