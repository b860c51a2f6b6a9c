// The new-account form (first-run setup, sign-up): fields read and checked alike; the server holds the rules.
import { z } from 'zod';
import type { ApiFailure } from './api/client';
import { failureText } from './page-result';

/**
 * The password rule the server applies (the CLI's: 10 to 256 characters), shown beside the field;
 * the server's own check is the one that counts, and its message is shown as it is.
 */
export const PASSWORD_HINT = 'At least 10 characters.';
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 256;

export interface NewAccountState {
  error?: string;
  email?: string;
  displayName?: string;
}

const Form = z.object({
  email: z.string().trim().min(3).max(320),
  display_name: z.string().trim().max(200).optional(),
  password: z.string().min(1).max(1024),
  password_again: z.string().max(1024),
});

export type NewAccountForm = { email: string; display_name?: string; password: string };

/** The fields, or what to say about them; the two password fields must match. */
export function readNewAccount(form: FormData): { ok: true; data: NewAccountForm } | { ok: false; state: NewAccountState } {
  const email = String(form.get('email') ?? '');
  const displayName = String(form.get('display_name') ?? '');
  const parsed = Form.safeParse({
    email,
    display_name: displayName || undefined,
    password: form.get('password') ?? '',
    password_again: form.get('password_again') ?? '',
  });
  if (!parsed.success) return { ok: false, state: { error: 'Enter your email address and a password.', email, displayName } };
  if (parsed.data.password !== parsed.data.password_again) {
    return { ok: false, state: { error: 'The two passwords differ. Type the same password twice.', email, displayName } };
  }
  const { password, display_name } = parsed.data;
  return { ok: true, data: { email: parsed.data.email, password, ...(display_name ? { display_name } : {}) } };
}

/** The server's refusal in words: its validation and conflict messages are written for people. */
export function newAccountError(failure: ApiFailure): string {
  if (failure.status === 400 || failure.status === 409 || failure.status === 403) return failure.message;
  return failureText(failure);
}
