// The dashboard's consent API: read an authorization request, then allow or deny it (flat OAuth error bodies).
import express, { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { oauthErrorBody, type OAuthErrorCode } from '@svc/errors';
import { dashboardLocals, dashboardSession } from '../auth/dashboard-session';
import type { ServerDeps } from '../deps';
import { personRateLimit } from '../account/data/person-rate-limit';
import { AgentSessionFailed, applyDecision, type DecisionContext } from './consent-decision';
import { loadAuthorization, type LoadedAuthorization } from './consent-request';
import { claimDecision, hasStandingConsent } from './consent-state';
import { answerOutage, outageOf } from './outage';

const decisionBody = z.object({ decision: z.enum(['allow', 'deny']) });

function refuse(res: Response, status: number, code: OAuthErrorCode, description: string) {
  res.status(status).json(oauthErrorBody(code, description));
}

const GONE = 'No such authorization request: it expired, was answered, or is not yours';

export interface ConsentRouteOptions {
  deps: ServerDeps;
  provider: () => Promise<Provider>;
}

export function consentRoutes({ deps, provider }: ConsentRouteOptions): Router {
  const router = Router();
  const base = '/oauth/authorizations';

  const context = async (): Promise<DecisionContext> => ({
    provider: await provider(),
    database: deps.database,
    oauth: deps.oauth,
    publicUrl: deps.publicUrl,
    refreshTokenTtlDays: deps.settings.auth.refreshTokenTtlDays,
  });

  const load = (ctx: DecisionContext, req: Request, res: Response) =>
    loadAuthorization(ctx, String(req.params.id), dashboardLocals(res).live.user.id);

  /** Claims the request and applies the decision, answering 409, 404 or 503 when that cannot be done. */
  const decide = async (
    ctx: DecisionContext,
    found: LoadedAuthorization,
    res: Response,
    decision: 'allow' | 'deny',
    screenless = false,
  ) => {
    const claim = await claimDecision(deps.database, found.row.uid, found.userId);
    if (claim === 'busy')
      return refuse(res, 409, 'invalid_request', 'Another decision on this request is in progress');
    if (claim === 'gone') return refuse(res, 404, 'not_found', GONE);
    try {
      return await applyDecision(
        ctx,
        found.interaction,
        found.row,
        found.userId,
        decision,
        screenless,
      );
    } catch (err) {
      if (!(err instanceof AgentSessionFailed)) throw err;
      const outage = outageOf(err.cause);
      if (outage !== undefined) return answerOutage(res, outage, deps.logger, 'server_error');
      deps.logger.error('agent_session_open_failed', {
        error: err.cause instanceof Error ? err.cause.message : String(err.cause),
      });
      return refuse(res, 503, 'server_error', 'The agent session could not be opened; try again');
    }
  };

  router.use(
    base,
    dashboardSession(deps.database, { errors: 'oauth' }),
    // After the session: every consent comes from the dashboard's one address, so count per person.
    personRateLimit(deps, 'oauth-consent', 'oauth'),
    (_req, res, next) => {
      res.setHeader('Cache-Control', 'no-store');
      next();
    },
  );

  router.get(`${base}/:id`, async (req, res, next) => {
    try {
      const ctx = await context();
      const found = await load(ctx, req, res);
      if (!found) return refuse(res, 404, 'not_found', GONE);
      const key = {
        userId: found.userId,
        clientId: found.row.clientId,
        redirectUri: found.row.redirectUri,
      };
      const previouslyAllowed = await hasStandingConsent(deps.database, key);
      if (req.query.screenless === '1' && previouslyAllowed) {
        const redirectTo = await decide(ctx, found, res, 'allow', true);
        if (typeof redirectTo === 'string') res.json({ skip: true, redirect_to: redirectTo });
        return;
      }
      const meta = found.client.metadata();
      res.json({
        id: found.row.uid,
        client: {
          client_id: meta.client_id,
          client_name: meta.client_name,
          client_uri: meta.client_uri,
          logo_uri: meta.logo_uri,
        },
        redirect_uri: found.row.redirectUri,
        scopes: found.row.scope.split(' ').filter(Boolean),
        resource: found.row.resource,
        previously_allowed: previouslyAllowed,
      });
    } catch (err) {
      next(err);
    }
  });

  router.post(`${base}/:id/consent`, express.json({ limit: '16kb' }), async (req, res, next) => {
    try {
      const body = decisionBody.safeParse(req.body);
      if (!body.success)
        return refuse(
          res,
          400,
          'invalid_request',
          'Send {"decision":"allow"} or {"decision":"deny"}',
        );
      const ctx = await context();
      const found = await load(ctx, req, res);
      if (!found) return refuse(res, 404, 'not_found', GONE);
      const redirectTo = await decide(ctx, found, res, body.data.decision);
      if (typeof redirectTo === 'string') res.json({ redirect_to: redirectTo });
    } catch (err) {
      next(err);
    }
  });

  // Inside these routes every failure keeps the flat body; a broken JSON body is the caller's.
  const flatErrors: ErrorRequestHandler = (err: unknown, req, res, next) => {
    if (!req.path.startsWith(base) || res.headersSent) return next(err);
    const parserType = (err as { type?: string } | null)?.type;
    if (parserType === 'entity.parse.failed' || parserType === 'entity.too.large') {
      return refuse(res, 400, 'invalid_request', 'The request body is not a small JSON object');
    }
    // The contract's consent answers include 503 server_error: an outage is that, with its delay.
    const outage = outageOf(err);
    if (outage !== undefined) return answerOutage(res, outage, deps.logger, 'server_error');
    deps.logger.error('consent_failed', {
      error: err instanceof Error ? err.message : String(err),
      stack: err instanceof Error ? err.stack : undefined,
    });
    refuse(res, 500, 'server_error', 'The authorization request could not be handled');
  };
  router.use(flatErrors);
  return router;
}
