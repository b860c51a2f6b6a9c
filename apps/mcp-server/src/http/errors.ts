// The last two middlewares: unknown routes are `not_found`, and every failure leaves as the error body.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ServiceError } from '@svc/errors';
import { errorBody, fail, retryAfterOf } from '@svc/errors';
import type { Logger } from '@svc/observability';
import { classifyThrow, isDatabaseUnavailable, logOutage } from '../failure';

export function notFoundRoute(): RequestHandler {
  return (req, _res, next) => next(fail.notFound(`No route for ${req.method} ${req.path}`));
}

interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
  code?: unknown;
}

/** zlib's codes for a body that does not decode (`Z_DATA_ERROR`, `Z_BUF_ERROR` when it is cut
 *  short, zstd's `ZSTD_error_…`, and brotli's `ERR__ERROR_FORMAT_…`). */
function isDecodeError(code: unknown): boolean {
  return typeof code === 'string' && /^(?:Z_|ZSTD_|ERR_BROTLI|ERR_ZSTD|ERR__ERROR_)/.test(code);
}

/** Body-parser failures are the caller's to fix, so they are classified here, never `internal`. */
function classifyHttpError(err: unknown, contentEncoding: string | undefined): ServiceError {
  const parserError = (err ?? null) as BodyParserError | null;
  const parserType = parserError?.type;
  if (parserType === 'entity.too.large') return fail.validation('Request body is too large');
  if (parserType === 'entity.parse.failed') return fail.validation('Request body is not valid JSON');
  if (parserType === 'charset.unsupported') return fail.validation('Request body must be JSON in UTF-8');
  if (typeof parserType === 'string' && parserType.startsWith('encoding.')) {
    return fail.validation('Request body encoding is not supported');
  }
  if (parserType === 'request.size.invalid') return fail.validation('Request body length does not match Content-Length');
  // A compressed body that does not decompress: the parser passes zlib's error on as a 400 without
  // a type of its own. The encoding named is one the parser accepted (gzip, deflate, br, zstd).
  if (isDecodeError(parserError?.code) && parserError?.status === 400) {
    const encoding = (contentEncoding ?? '').trim().toLowerCase().slice(0, 20);
    return fail.validation(`Request body could not be decoded as ${encoding || 'its content encoding'}`);
  }
  // Any other client error the parser raised (http-errors marks them `expose`, status 4xx): the
  // body could not be read as sent, which is the caller's to fix, not a failure of ours.
  if (parserError?.expose === true && typeof parserError.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
    return fail.validation('Request body could not be read');
  }
  return classifyThrow(err);
}

export function errorResponder(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const failure = classifyHttpError(err, req.get('content-encoding'));
    if (isDatabaseUnavailable(failure)) {
      logOutage(logger, failure);
    } else if (failure.code === 'internal') {
      const cause = failure.cause instanceof Error ? failure.cause : undefined;
      logger.error('unhandled_failure', { error: cause?.message, stack: cause?.stack });
    }
    // An outage or a rate limit names its delay in details; the header is what HTTP clients honour.
    const retryAfter = retryAfterOf(failure);
    if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
    res.status(failure.status).json(errorBody(failure));
  };
}
