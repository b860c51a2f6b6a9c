// What the proxy does with a request, from its path and what the server says of its session cookie.
import type { ApiResult } from './api/client';
import type { SessionAnswer } from './api/schemas';

/**
 * Pages anyone may open: sign-in (and its handlers), first-run setup and sign-up (their server routes
 * decide who may make an account), health, the disabled upload form, and sign-out, which must work
 * from the second-factor page too (its handler checks Origin and needs no session).
 */
/** The icons and manifest a browser fetches on every page, the sign-in page included. */
const STATIC_FILES = new Set(['/icon.svg', '/apple-icon.png', '/favicon.ico', '/manifest.webmanifest']);

export function isPublicPath(pathname: string): boolean {
  return (
    STATIC_FILES.has(pathname) ||
    pathname.startsWith('/icons/') ||
    pathname === '/login' ||
    pathname === '/setup' ||
    pathname === '/signup' ||
    pathname === '/logout' ||
    pathname.startsWith('/login/') ||
    pathname === '/healthz' ||
    pathname === '/upload' ||
    pathname.startsWith('/upload/')
  );
}

/** The second-factor page and its form are what an `aal1` session is for. */
export function isMfaPath(pathname: string): boolean {
  return pathname === '/mfa/verify' || pathname.startsWith('/mfa/verify/');
}

export type Verdict =
  | { kind: 'pass' }
  /** No usable session: navigations go to /login, the rest get 401; `clear` drops a dead cookie. */
  | { kind: 'sign-in'; clear: boolean }
  /** Signed in with a password only, on an account that has a second factor. */
  | { kind: 'second-factor' }
  /** An agent's session or credential: the dashboard is not for agents. */
  | { kind: 'forbidden' }
  /** The server's per-person limit on session checks is spent. */
  | { kind: 'busy' }
  | { kind: 'unavailable' };

/**
 * A dashboard session token, an API token or a JWT access token. Anything else in the cookie is
 * damage (a truncated or edited value): dropped like an ended session instead of being refused as
 * an agent's, which would lock the person out until they clear their cookies by hand.
 */
export function looksLikeCredential(value: string): boolean {
  return /^sv[sc]_[A-Za-z0-9_-]{43}$/.test(value) || /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(value);
}

export function verdictFor(
  pathname: string,
  session: ApiResult<SessionAnswer> | null,
  token?: string,
): Verdict {
  if (session === null) return { kind: 'sign-in', clear: token !== undefined };
  if (!session.ok) {
    if (session.status === 401) return { kind: 'sign-in', clear: true };
    if (session.status === 403) return { kind: 'forbidden' };
    if (session.status === 429) return { kind: 'busy' };
    return { kind: 'unavailable' };
  }
  if (session.data.mfa_required && !isMfaPath(pathname)) return { kind: 'second-factor' };
  return { kind: 'pass' };
}
