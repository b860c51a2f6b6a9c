import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  HTTP_STATUS,
  ServiceError,
  errorBody,
  fail,
  isErrorCode,
  oauthErrorBody,
  retryAfterOf,
  toServiceError,
  unavailable,
} from './index';

const expected = {
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  internal: 500,
} as const;

describe('error codes', () => {
  it('is the closed set of seven', () => {
    expect([...ERROR_CODES].sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(expected))('maps %s to HTTP %i', (code, status) => {
    expect(HTTP_STATUS[code as keyof typeof HTTP_STATUS]).toBe(status);
    const err = new ServiceError(code as keyof typeof HTTP_STATUS, 'm');
    expect(err.status).toBe(status);
    expect(errorBody(err)).toEqual({ error: { code, message: 'm' } });
  });

  it('recognises only the seven codes', () => {
    expect(isErrorCode('not_found')).toBe(true);
    expect(isErrorCode('teapot')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });
});

describe('classification', () => {
  it('passes a classified failure through unchanged', () => {
    const err = fail.conflict('already answered', { id: 'x' });
    expect(toServiceError(err)).toBe(err);
  });

  it('turns only an unclassified throw into internal, keeping the cause', () => {
    const boom = new TypeError('secret internals');
    const err = toServiceError(boom);
    expect(err.code).toBe('internal');
    expect(err.message).not.toContain('secret internals');
    expect(err.cause).toBe(boom);
    expect(toServiceError('a string').code).toBe('internal');
  });

  it('never puts a stack trace in the body', () => {
    const err = fail.validation('secret_content_rejected: looks like a key', { rule: 'aws' });
    const body = JSON.stringify(errorBody(err));
    expect(body).not.toContain('at ');
    expect(JSON.parse(body)).toEqual({
      error: {
        code: 'validation_failed',
        message: 'secret_content_rejected: looks like a key',
        details: { rule: 'aws' },
      },
    });
  });
});

describe('flat OAuth body', () => {
  it('has exactly error and error_description', () => {
    expect(oauthErrorBody('invalid_token', 'sign in first')).toEqual({
      error: 'invalid_token',
      error_description: 'sign in first',
    });
  });
});

describe('retryable failures', () => {
  it('keep the closed set: an outage is internal (500), told apart by its details', () => {
    const err = unavailable('The database is unavailable', { reason: 'database_unavailable', retryAfterSeconds: 5 });
    expect(err.status).toBe(500);
    expect(errorBody(err)).toEqual({
      error: {
        code: 'internal',
        message: 'The database is unavailable',
        details: { reason: 'database_unavailable', retryable: true, retry_after_seconds: 5 },
      },
    });
    expect(toServiceError(err)).toBe(err);
  });

  it('name their Retry-After seconds only when the details give a positive whole number', () => {
    expect(retryAfterOf(unavailable('away', { reason: 'x', retryAfterSeconds: 5 }))).toBe(5);
    expect(retryAfterOf(fail.rateLimited('slow down', { retry_after_seconds: 12 }))).toBe(12);
    expect(retryAfterOf(fail.rateLimited('slow down', { retry_after_seconds: 'soon' }))).toBeUndefined();
    expect(retryAfterOf(fail.notFound('gone'))).toBeUndefined();
  });
});
