// The dashboard session cookie: its name and the attributes it is always written with.
import { appEnv } from './env';

/** Also the prefix the 8 KB guard clears, the same as the server's SESSION_COOKIE_PREFIX default. */
export const SESSION_COOKIE = 'svc-session';

export interface CookieAttributes {
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean;
  path: '/';
  expires?: Date;
}

/** HttpOnly so page scripts never see the token; Lax so a link from another site still arrives signed in. */
export function sessionCookieAttributes(expiresAt?: string, dashboardUrl = appEnv().DASHBOARD_URL): CookieAttributes {
  const expires = expiresAt ? new Date(expiresAt) : undefined;
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: new URL(dashboardUrl).protocol === 'https:',
    path: '/',
    ...(expires && !Number.isNaN(expires.getTime()) ? { expires } : {}),
  };
}
