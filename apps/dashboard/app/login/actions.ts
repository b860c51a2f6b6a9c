// Password sign-in: the server checks the password, the dashboard keeps the session token in its cookie.
'use server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { signInApi } from '../../lib/api/account';
import { failureText } from '../../lib/page-result';
import { safeNext, withNext } from '../../lib/safe-next';
import { CROSS_SITE, fromDashboard, keepSession } from '../../lib/session';

export interface SignInState {
  error?: string;
  email?: string;
}

const SignInForm = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
  next: z.string().max(2048).optional(),
});

export async function signIn(_previous: SignInState, form: FormData): Promise<SignInState> {
  if (!(await fromDashboard())) return { error: CROSS_SITE };
  const parsed = SignInForm.safeParse({
    email: form.get('email'),
    password: form.get('password'),
    next: form.get('next') ?? undefined,
  });
  if (!parsed.success) return { error: 'Enter your email and password.', email: String(form.get('email') ?? '') };
  const { email, password, next } = parsed.data;
  const result = await signInApi().login(email, password);
  if (!result.ok) {
    return { error: result.status === 401 ? 'Wrong email or password.' : failureText(result), email };
  }
  await keepSession(result.data);
  const target = safeNext(next);
  redirect(result.data.mfa_required ? withNext('/mfa/verify', target) : target);
}
