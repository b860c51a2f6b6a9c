// Allow or Deny from the consent page: the server records it and names where the browser goes next (303).
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { consentApi } from '../../../../lib/api/oauth';
import { dashboardOrigin } from '../../../../lib/env';
import { isSameOrigin } from '../../../../lib/same-origin';
import { withNext } from '../../../../lib/safe-next';
import { SESSION_COOKIE } from '../../../../lib/session-cookie';

export const dynamic = 'force-dynamic';

const DecisionForm = z.object({ id: z.string().min(1).max(200), decision: z.enum(['allow', 'deny']) });

export async function POST(request: NextRequest): Promise<Response> {
  const origin = dashboardOrigin();
  if (!isSameOrigin(request.headers, origin)) return new Response('Cross-site form refused', { status: 403 });
  const form = await request.formData().catch(() => null);
  const parsed = DecisionForm.safeParse({ id: form?.get('id'), decision: form?.get('decision') });
  if (!parsed.success) return new Response('Choose Allow or Deny', { status: 400 });
  const { id, decision } = parsed.data;
  const page = `/oauth/consent?id=${encodeURIComponent(id)}`;
  const token = request.cookies.get(SESSION_COOKIE)?.value;
  if (!token) return see(new URL(withNext('/login', page), origin));
  const answer = await consentApi(token).decide(id, decision);
  if (answer.ok) return see(new URL(answer.data.redirect_to));
  if (answer.status === 401 && answer.code === 'insufficient_aal') return see(new URL(withNext('/mfa/verify', page), origin));
  if (answer.status === 401) return see(new URL(withNext('/login', page), origin));
  return see(new URL(`${page}&problem=${answer.status}`, origin));
}

function see(url: URL): Response {
  const res = NextResponse.redirect(url, 303);
  res.headers.set('cache-control', 'no-store');
  return res;
}
