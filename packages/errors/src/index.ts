// Public API of the errors package: codes, the error class, classification and wire bodies.
export { ERROR_CODES, HTTP_STATUS, isErrorCode, type ErrorCode } from './codes';
export {
  ServiceError,
  fail,
  isServiceError,
  type ErrorDetails,
  type ServiceErrorOptions,
} from './service-error';
export { toServiceError } from './classify';
export { retryAfterOf, unavailable, type UnavailableOptions } from './retry';
export {
  errorBody,
  oauthErrorBody,
  type ErrorBody,
  type OAuthErrorBody,
  type OAuthErrorCode,
} from './bodies';
