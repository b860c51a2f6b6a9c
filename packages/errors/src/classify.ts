// The single place where an unknown throw becomes `internal`; a classified failure passes through.
import { ServiceError } from './service-error';

const INTERNAL_MESSAGE = 'Unexpected server error';

export function toServiceError(thrown: unknown): ServiceError {
  if (thrown instanceof ServiceError) return thrown;
  // The original stays as `cause` for logs; the caller only ever sees the generic message.
  return new ServiceError('internal', INTERNAL_MESSAGE, { cause: thrown });
}
