// Sign-out: the server ends the session, the cookie goes, the browser returns to the sign-in page.
import { NextResponse, type NextRequest } from 'next/server';
import { accountApi } from '../../lib/api/account';
import { dashboardOrigin } from '../../lib/env';
import { isSameOrigin } from '../../lib/same-origin';
import { SESSION_COOKIE, sessionCookieAttributes } from '../../lib/session-cookie';

export const dynamic = 'force-dynamic';

export async function POST(request: NextRequest): Promise<Response> {
  const origin = dashboardOrigin();
  if (!isSameOrigin(request.headers, origin)) return new Response('Cross-site form refused', { status: 403 });
  const token = request.cookies.get(SESSION_COOKIE)?.value;
  // Whatever the server says (already expired, unreachable), this browser is signed out.
  if (token) await accountApi(token).logout();
  const res = NextResponse.redirect(new URL('/login?notice=signed_out', origin), 303);
  res.cookies.delete({ name: SESSION_COOKIE, ...sessionCookieAttributes() });
  return res;
}
