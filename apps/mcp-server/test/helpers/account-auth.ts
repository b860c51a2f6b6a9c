// Helpers for the sign-in tests: a person with a password, JSON calls as the dashboard makes them, TOTP codes.
import { generate } from 'otplib';
import { createUser, setPasswordHash, type Database, type User } from '@svc/db';
import { hashPassword } from '../../src/account/password';
import type { Harness } from './harness';

export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** One HTTP call to the server as the dashboard makes it: an optional bearer token and JSON. */
export async function api<T = Record<string, unknown>>(
  h: Harness,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${h.url}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}

export async function personWithPassword(database: Database, email: string, password: string): Promise<User> {
  const { user } = await createUser(database.db, email);
  await setPasswordHash(database.db, user.id, await hashPassword(password));
  return user;
}

export interface LoginBody {
  session_token: string;
  expires_at: string;
  user: { id: string; email: string; display_name: string | null };
  aal: string;
  mfa_required: boolean;
}

export async function signIn(h: Harness, email: string, password: string): Promise<LoginBody> {
  const reply = await api<LoginBody>(h, 'POST', '/account/login', { body: { email, password } });
  if (reply.status !== 200) throw new Error(`sign-in failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** The code of the 30-second step `steps` away from now. */
export function totpCode(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/** Enrols a factor on the session's account and returns its secret and recovery codes. */
export async function enrolTotp(h: Harness, token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const enrol = await api<{ factor_id: string; secret: string }>(h, 'POST', '/account/mfa/enroll', { token });
  if (enrol.status !== 200) throw new Error(`enrol failed: ${enrol.status} ${JSON.stringify(enrol.body)}`);
  const confirm = await api<{ recovery_codes: string[] }>(h, 'POST', '/account/mfa/enroll/confirm', {
    token,
    body: { factor_id: enrol.body.factor_id, code: await totpCode(enrol.body.secret) },
  });
  if (confirm.status !== 200) throw new Error(`confirm failed: ${confirm.status} ${JSON.stringify(confirm.body)}`);
  return { secret: enrol.body.secret, recoveryCodes: confirm.body.recovery_codes };
}
