// The server's account API called directly, for what a test prepares or checks outside the browser.
import { generate } from 'otplib';

async function call<T>(serverUrl: string, method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${serverUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface SessionInfo {
  user: { id: string; email: string };
  aal: string;
  amr: string[];
}

/** A dashboard session opened with the password, as `/login` does; returns its token and person. */
export async function passwordSession(serverUrl: string, email: string, password: string): Promise<{ token: string; userId: string }> {
  const answer = await call<{ session_token: string; user: { id: string } }>(serverUrl, 'POST', '/account/login', undefined, {
    email,
    password,
  });
  return { token: answer.session_token, userId: answer.user.id };
}

export function sessionInfo(serverUrl: string, token: string): Promise<SessionInfo> {
  return call<SessionInfo>(serverUrl, 'GET', '/account/session', token);
}

/** A TOTP code `stepsAhead` 30-second steps from now (RFC 6238, SHA-1, 6 digits). */
export function totpCode(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, algorithm: 'sha1', digits: 6, period: 30, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });
}

/**
 * Gives the account a verified TOTP factor through the API the settings page uses; returns its secret.
 * The step used to confirm is spent: the next sign-in should give `totpCode(secret, 1)`.
 */
export async function enrolTotp(serverUrl: string, email: string, password: string): Promise<string> {
  const { token } = await passwordSession(serverUrl, email, password);
  const pending = await call<{ factor_id: string; secret: string }>(serverUrl, 'POST', '/account/mfa/enroll', token);
  await call(serverUrl, 'POST', '/account/mfa/enroll/confirm', token, {
    factor_id: pending.factor_id,
    code: await totpCode(pending.secret),
  });
  await call(serverUrl, 'POST', '/account/logout', token);
  return pending.secret;
}
