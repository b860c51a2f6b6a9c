// Second-factor check: a TOTP or recovery code raises the session to aal2, then the browser goes on.
'use server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { accountApi } from '../../../lib/api/account';
import type { ApiFailure } from '../../../lib/api/client';
import { failureText } from '../../../lib/page-result';
import { safeNext, withNext } from '../../../lib/safe-next';
import { CROSS_SITE, fromDashboard, sessionToken } from '../../../lib/session';

export interface VerifyState {
  error?: string;
}

const VerifyForm = z.object({
  // Six digits, or a recovery code (xxxxx-xxxxx); spaces people type are dropped.
  code: z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().min(6).max(32)),
  next: z.string().max(2048).optional(),
});

/** A spent code and a wrong one call for different things: waiting for the next code, or checking the app. */
function codeRefusal(failure: ApiFailure): string {
  if (failure.details?.reason === 'code_reused') {
    return 'That code was already used. Wait for your app to show the next one (a new code every 30 seconds).';
  }
  return 'That code did not work. Enter the code your app shows now, or a recovery code.';
}

export async function verifyCode(_previous: VerifyState, form: FormData): Promise<VerifyState> {
  if (!(await fromDashboard())) return { error: CROSS_SITE };
  const parsed = VerifyForm.safeParse({ code: form.get('code') ?? '', next: form.get('next') ?? undefined });
  if (!parsed.success) return { error: 'Enter the 6-digit code from your app, or a recovery code.' };
  const next = safeNext(parsed.data.next);
  const token = await sessionToken();
  if (!token) redirect(withNext('/login', next));
  const result = await accountApi(token).mfaVerify(parsed.data.code);
  if (!result.ok) {
    if (result.status === 401) redirect(withNext('/login', next));
    return { error: result.status === 400 ? codeRefusal(result) : failureText(result) };
  }
  redirect(next);
}
