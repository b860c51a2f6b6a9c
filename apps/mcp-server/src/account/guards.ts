// The middleware in front of each sign-in route: rate limit, body parser, and the session it needs.
import express, { type RequestHandler } from 'express';
import type { ServerDeps } from '../deps';
import { dashboardSession } from '../auth/dashboard-session';
import { authRateLimit, createAuthLimiter } from '../http/auth-rate-limit';
import { personRateLimit } from './data/person-rate-limit';

/** Sign-in bodies are a few hundred bytes; a callback URL is the largest. */
const BODY_LIMIT = '32kb';

export interface AccountGuards {
  /** No one is signed in yet (login, external sign-in): limited per client address. */
  open: RequestHandler[];
  /** A dashboard session that may still owe the second factor (session, verify, logout). */
  incomplete: RequestHandler[];
  /** A complete session: aal2 on an account with a factor. */
  complete: RequestHandler[];
}

/**
 * Routes behind a session are limited per person, like the data routes: the dashboard asks
 * `GET /account/session` on every request from its own address, which a per-address bucket would
 * soon exhaust for everyone at once.
 */
export function accountGuards(deps: ServerDeps): AccountGuards {
  const { database } = deps;
  const perMinute = deps.settings.auth.ratePerMinute;
  const json = express.json({ limit: BODY_LIMIT });
  const perPerson = personRateLimit(deps, 'account-session');
  return {
    open: [authRateLimit(createAuthLimiter(deps, 'auth-account', perMinute), 'service'), json],
    incomplete: [json, dashboardSession(database, { errors: 'service', allowIncomplete: true }), perPerson],
    complete: [json, dashboardSession(database, { errors: 'service' }), perPerson],
  };
}
