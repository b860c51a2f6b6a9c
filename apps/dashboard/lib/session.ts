// The session cookie as server components, actions and route handlers read and write it.
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { dashboardOrigin } from './env';
import { isSameOrigin } from './same-origin';
import { SESSION_COOKIE, sessionCookieAttributes } from './session-cookie';
import { withNext } from './safe-next';

export async function sessionToken(): Promise<string | undefined> {
  return (await cookies()).get(SESSION_COOKIE)?.value;
}

/** The token, or a trip to the sign-in page that comes back to `here`. */
export async function requireToken(here: string): Promise<string> {
  const token = await sessionToken();
  if (!token) redirect(withNext('/login', here));
  return token;
}

export async function keepSession(answer: { session_token: string; expires_at: string }): Promise<void> {
  (await cookies()).set(SESSION_COOKIE, answer.session_token, sessionCookieAttributes(answer.expires_at));
}

export async function dropSession(): Promise<void> {
  (await cookies()).delete({ name: SESSION_COOKIE, ...sessionCookieAttributes() });
}

/** CSRF guard of every server action: the form must have been posted from the dashboard itself. */
export async function fromDashboard(): Promise<boolean> {
  return isSameOrigin(await headers(), dashboardOrigin());
}

export const CROSS_SITE = 'This form must be sent from the dashboard itself.';
