// Where the browser goes back after the external provider: kept in a short cookie across the round trip.
export const RETURN_COOKIE = 'svc-login-next';

/** Only the sign-in handlers read it, and a sign-in that takes more than ten minutes starts over. */
export function returnCookieAttributes(secure: boolean) {
  return { httpOnly: true, sameSite: 'lax' as const, secure, path: '/login/oidc', maxAge: 600 };
}

/** The provider sends the browser to this address; the server checks the answer it carries. */
export function oidcRedirectUri(dashboardOrigin: string): string {
  return `${dashboardOrigin}/login/oidc/callback`;
}
