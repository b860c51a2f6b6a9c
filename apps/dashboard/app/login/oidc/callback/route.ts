// The external provider's answer: the server checks it and opens a session, which goes into the cookie.
import { NextResponse, type NextRequest } from 'next/server';
import { signInApi } from '../../../../lib/api/account';
import { dashboardOrigin } from '../../../../lib/env';
import { RETURN_COOKIE, returnCookieAttributes } from '../../../../lib/oidc-return';
import { safeNext, withNext } from '../../../../lib/safe-next';
import { SESSION_COOKIE, sessionCookieAttributes } from '../../../../lib/session-cookie';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest): Promise<Response> {
  const origin = dashboardOrigin();
  // The public address, not the one the request reached behind a proxy: the server compares it to redirect_uri.
  const callbackUrl = `${origin}${request.nextUrl.pathname}${request.nextUrl.search}`;
  const answer = await signInApi().oidcCallback(callbackUrl);
  const next = safeNext(request.cookies.get(RETURN_COOKIE)?.value);
  const target = !answer.ok
    ? '/login?notice=oidc_failed'
    : answer.data.mfa_required
      ? withNext('/mfa/verify', next)
      : next;
  const res = NextResponse.redirect(new URL(target, origin), 303);
  // Max-Age outranks the past Expires that delete() writes, so it must be zeroed too.
  res.cookies.delete({ name: RETURN_COOKIE, ...returnCookieAttributes(origin.startsWith('https:')), maxAge: 0 });
  if (answer.ok) {
    res.cookies.set(SESSION_COOKIE, answer.data.session_token, sessionCookieAttributes(answer.data.expires_at));
  }
  res.headers.set('cache-control', 'no-store');
  return res;
}
