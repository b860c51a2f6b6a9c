// The error class that carries its code from where a failure happens to whoever reports it.
import { HTTP_STATUS, type ErrorCode } from './codes';

export type ErrorDetails = Record<string, unknown>;

export interface ServiceErrorOptions {
  details?: ErrorDetails;
  cause?: unknown;
}

export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly code: ErrorCode;
  /** Structured context safe to show the caller; never a stack trace or internal detail. */
  readonly details: ErrorDetails | undefined;

  constructor(code: ErrorCode, message: string, options: ServiceErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options.details;
  }

  get status(): number {
    return HTTP_STATUS[this.code];
  }
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}

/** Shorthands for the codes services raise most; each keeps the code decided at the failure site. */
export const fail = {
  validation: (message: string, details?: ErrorDetails, cause?: unknown) =>
    new ServiceError('validation_failed', message, { details, cause }),
  unauthorized: (message = 'Authentication required', details?: ErrorDetails) =>
    new ServiceError('unauthorized', message, { details }),
  forbidden: (message = 'Not allowed', details?: ErrorDetails) =>
    new ServiceError('forbidden', message, { details }),
  notFound: (message: string, details?: ErrorDetails) =>
    new ServiceError('not_found', message, { details }),
  conflict: (message: string, details?: ErrorDetails) =>
    new ServiceError('conflict', message, { details }),
  rateLimited: (message: string, details?: ErrorDetails) =>
    new ServiceError('rate_limited', message, { details }),
};
