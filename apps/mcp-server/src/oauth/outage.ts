// While the database is away the OAuth endpoints answer 503 `temporarily_unavailable` with Retry-After, not a bare server_error.
import type { ErrorRequestHandler, Response } from 'express';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { oauthErrorBody, retryAfterOf, type OAuthErrorCode, type ServiceError } from '@svc/errors';
import type { Logger } from '@svc/observability';
import { classifyThrow, isDatabaseUnavailable, logOutage } from '../failure';

/** The outage behind a throw, or undefined when the throw is anything else. */
export function outageOf(thrown: unknown): ServiceError | undefined {
  const failure = classifyThrow(thrown);
  return isDatabaseUnavailable(failure) ? failure : undefined;
}

/** The flat RFC 6749 answer to an outage: 503, the delay in Retry-After, logged once for the request. */
export function answerOutage(res: Response, outage: ServiceError, logger: Logger, error: OAuthErrorCode): void {
  logOutage(logger, outage);
  res.setHeader('Retry-After', String(retryAfterOf(outage) ?? 1));
  res.status(503).json(oauthErrorBody(error, outage.message));
}

/** For failures before oidc-provider runs (its keys are read from the database on first use). */
export function providerOutages(logger: Logger): ErrorRequestHandler {
  return (err: unknown, _req, res, next) => {
    const outage = outageOf(err);
    if (outage === undefined || res.headersSent) return next(err);
    answerOutage(res, outage, logger, 'temporarily_unavailable');
  };
}

/**
 * oidc-provider turns every throw of its adapter into a 500 `server_error` and only reports the
 * cause through its `server_error` event: the event notes the outage on the request's context,
 * and a middleware outside every route rewrites the answer. Install it before any other middleware.
 */
export function installOutageAnswer(provider: Provider, logger: Logger): void {
  const outages = new WeakMap<object, ServiceError>();
  provider.use(async (ctx: KoaContextWithOIDC, next: () => Promise<unknown>) => {
    await next();
    const outage = outages.get(ctx);
    if (outage === undefined || ctx.status < 500) return;
    ctx.status = 503;
    ctx.set('Retry-After', String(retryAfterOf(outage) ?? 1));
    ctx.body = oauthErrorBody('temporarily_unavailable', outage.message);
  });
  provider.on('server_error', (ctx: KoaContextWithOIDC, err: unknown) => {
    const outage = outageOf(err);
    if (outage === undefined) {
      const cause = err instanceof Error ? err : undefined;
      logger.error('oauth_server_error', { error: cause?.message ?? String(err), stack: cause?.stack });
      return;
    }
    outages.set(ctx, outage);
    logOutage(logger, outage);
  });
}
