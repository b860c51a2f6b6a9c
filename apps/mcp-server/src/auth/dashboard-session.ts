// Authenticates the dashboard's calls: a live `svs_` session token, refusing agents and incomplete sessions.
import type { RequestHandler, Response } from 'express';
import { findSessionByToken, isSessionToken, type Database, type LiveSession } from '@svc/db';
import { errorBody, fail, oauthErrorBody, type OAuthErrorCode } from '@svc/errors';
import { annotateRequestContext } from '@svc/observability';

export interface DashboardSessionOptions {
  /** Routes an `aal1` session may use on an account with a second factor (session, verify, logout). */
  allowIncomplete?: boolean;
  /** `oauth`: the flat RFC 6749 body (consent routes); `service`: the contract's error body. */
  errors: 'oauth' | 'service';
}

/** The signed-in person behind the request, set by `dashboardSession`. */
export interface DashboardLocals {
  live: LiveSession;
  /** True when the account has a verified factor and this session has not given it. */
  mfaRequired: boolean;
}

export function dashboardLocals(res: Response): DashboardLocals {
  const locals = res.locals.dashboard as DashboardLocals | undefined;
  if (!locals) throw new Error('dashboardSession must run before this handler');
  return locals;
}

function refuse(res: Response, style: 'oauth' | 'service', status: 401 | 403, code: OAuthErrorCode, message: string) {
  if (status === 401) res.setHeader('WWW-Authenticate', `Bearer error="${code}"`);
  if (style === 'oauth' || code === 'insufficient_aal') {
    res.status(status).json(oauthErrorBody(code, message));
    return;
  }
  res.status(status).json(errorBody(status === 401 ? fail.unauthorized(message) : fail.forbidden(message)));
}

export function dashboardSession(database: Database, opts: DashboardSessionOptions): RequestHandler {
  return async (req, res, next) => {
    try {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
      const credential = match?.[1];
      if (credential === undefined) {
        refuse(res, opts.errors, 401, 'invalid_token', 'Sign in on the dashboard first');
        return;
      }
      if (!isSessionToken(credential)) {
        // An agent's access token or an API token is never a person at the dashboard.
        refuse(res, opts.errors, 403, 'invalid_token', 'This credential belongs to an agent, not a dashboard session');
        return;
      }
      const live = await findSessionByToken(database.db, credential);
      if (!live) {
        refuse(res, opts.errors, 401, 'invalid_token', 'The dashboard session is not valid or has ended');
        return;
      }
      if (live.session.kind !== 'dashboard') {
        refuse(res, opts.errors, 403, 'invalid_token', 'A session opened for an agent cannot use the dashboard');
        return;
      }
      const mfaRequired = live.user.mfaEnrolledAt !== null && live.session.aal !== 'aal2';
      if (mfaRequired && !opts.allowIncomplete) {
        refuse(res, opts.errors, 401, 'insufficient_aal', 'Give the second factor first');
        return;
      }
      res.locals.dashboard = { live, mfaRequired } satisfies DashboardLocals;
      annotateRequestContext({ userId: live.user.id });
      next();
    } catch (err) {
      next(err);
    }
  };
}
