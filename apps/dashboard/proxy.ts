// Every request but sign-in, health and static files: a live, complete dashboard session or a way to get one.
import { NextResponse, type NextRequest } from 'next/server';
import { errorBody, fail, type ServiceError } from '@svc/errors';
import { accountApi } from './lib/api/account';
import { cookiesToClear } from './lib/cookie-guard';
import { isNavigation, showsPage } from './lib/navigation';
import { outageHtml } from './lib/outage-page';
import { nextOf, withNext } from './lib/safe-next';
import { SESSION_COOKIE } from './lib/session-cookie';
import { isPublicPath, looksLikeCredential, verdictFor } from './lib/session-gate';

export async function proxy(request: NextRequest): Promise<Response> {
  // The edge rule (contract, Errors 13): past 8 KB of cookies, drop the session cookies and come back.
  const stale = cookiesToClear(request.headers.get('cookie'), SESSION_COOKIE);
  if (stale.length > 0) {
    const again = NextResponse.redirect(request.url, request.method === 'GET' ? 302 : 307);
    for (const name of stale) again.cookies.delete(name);
    again.headers.set('cache-control', 'no-store');
    return again;
  }
  const { pathname } = request.nextUrl;
  if (isPublicPath(pathname)) return NextResponse.next();

  const token = request.cookies.get(SESSION_COOKIE)?.value;
  const session = token && looksLikeCredential(token) ? await accountApi(token).session() : null;
  const verdict = verdictFor(pathname, session, token);
  const navigation = isNavigation(request);
  const here = nextOf(request.nextUrl);

  switch (verdict.kind) {
    case 'pass':
      return NextResponse.next();
    case 'sign-in': {
      const out = navigation
        ? redirect(request, withNext('/login', here))
        : refuse(fail.unauthorized('Sign in to the dashboard first'));
      if (verdict.clear) out.cookies.delete(SESSION_COOKIE);
      return out;
    }
    case 'second-factor':
      return navigation
        ? redirect(request, withNext('/mfa/verify', here))
        : refuse(fail.forbidden('Give your second factor at /mfa/verify first'));
    case 'forbidden':
      return refuse(fail.forbidden('An agent session cannot use the dashboard'));
    case 'busy':
      return stopped(showsPage(request), 429, {
        title: 'Too many requests',
        body: 'Too many requests in the last minute; wait a moment and reload.',
        retryAfter: 30,
      });
    case 'unavailable':
      return stopped(showsPage(request), 503, {
        title: 'The memory service is unavailable',
        body: 'The memory server cannot be reached; it may be restarting. Try again shortly.',
        retryAfter: 5,
      });
  }
}

/** A page for a person at a browser, the same sentence as plain text for anything else. */
function stopped(navigation: boolean, status: number, text: { title: string; body: string; retryAfter: number }): NextResponse {
  return new NextResponse(navigation ? outageHtml(text) : text.body, {
    status,
    headers: {
      'content-type': navigation ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8',
      'retry-after': String(text.retryAfter),
      'cache-control': 'no-store',
    },
  });
}

function redirect(request: NextRequest, path: string): NextResponse {
  const res = NextResponse.redirect(new URL(path, request.url), 302);
  res.headers.set('cache-control', 'no-store');
  return res;
}

function refuse(err: ServiceError): NextResponse {
  return NextResponse.json(errorBody(err), { status: err.status, headers: { 'cache-control': 'no-store' } });
}

export const config = {
  // Static files never carry a decision; everything else, sign-in included, passes the cookie guard.
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
};
