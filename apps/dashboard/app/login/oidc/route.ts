// Starts sign-in with the external provider: the server prepares the request, the browser is sent there.
import { NextResponse, type NextRequest } from 'next/server';
import { signInApi } from '../../../lib/api/account';
import { dashboardOrigin } from '../../../lib/env';
import { RETURN_COOKIE, oidcRedirectUri, returnCookieAttributes } from '../../../lib/oidc-return';
import { isSameOrigin } from '../../../lib/same-origin';
import { safeNext } from '../../../lib/safe-next';

export const dynamic = 'force-dynamic';

export async function POST(request: NextRequest): Promise<Response> {
  const origin = dashboardOrigin();
  if (!isSameOrigin(request.headers, origin)) return new Response('Cross-site form refused', { status: 403 });
  const form = await request.formData().catch(() => null);
  const next = safeNext(typeof form?.get('next') === 'string' ? (form.get('next') as string) : null);
  const started = await signInApi().oidcStart(oidcRedirectUri(origin));
  if (!started.ok) return NextResponse.redirect(new URL('/login?notice=oidc_failed', origin), 303);
  const res = NextResponse.redirect(started.data.authorization_url, 303);
  res.cookies.set(RETURN_COOKIE, next, returnCookieAttributes(origin.startsWith('https:')));
  return res;
}
