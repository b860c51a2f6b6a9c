// Wire bodies: the service error body and the flat RFC 6749 body of the OAuth endpoints.
import type { ErrorCode } from './codes';
import type { ErrorDetails, ServiceError } from './service-error';

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: ErrorDetails };
}

export function errorBody(err: ServiceError): ErrorBody {
  const body: ErrorBody = { error: { code: err.code, message: err.message } };
  if (err.details !== undefined) body.error.details = err.details;
  return body;
}

/** OAuth error identifiers used by the service's own OAuth-style endpoints. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_token'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'insufficient_aal'
  | 'access_denied'
  | 'not_found'
  | 'server_error'
  | 'temporarily_unavailable'
  | 'rate_limited';

export interface OAuthErrorBody {
  error: OAuthErrorCode;
  error_description: string;
}

export function oauthErrorBody(error: OAuthErrorCode, description: string): OAuthErrorBody {
  return { error, error_description: description };
}
