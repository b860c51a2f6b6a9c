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
}

/** Body-parser failures are the caller's to fix, so they are classified here, never `internal`. */
function classifyHttpError(err: unknown): ServiceError {
  const parserType = (err as BodyParserError | null)?.type;
  if (parserType === 'entity.too.large') return fail.validation('Request body is too large');
  if (parserType === 'entity.parse.failed') return fail.validation('Request body is not valid JSON');
  if (parserType === 'charset.unsupported') return fail.validation('Request body must be JSON in UTF-8');
  if (typeof parserType === 'string' && parserType.startsWith('encoding.')) {
    return fail.validation('Request body encoding is not supported');
  }
  return classifyThrow(err);
}

export function errorResponder(logger: Logger): ErrorRequestHandler {
  return (err: unknown, _req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const failure = classifyHttpError(err);
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
