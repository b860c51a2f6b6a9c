// Making an account from the dashboard (first-run setup, an invitation, open sign-up): one shape, one place.
import { createUser, setPasswordHash, type Tx, type User } from '@svc/db';
import { fail } from '@svc/errors';
import { z } from 'zod';
import { recordAudit } from '../../usage/audit-log';
import { hashPassword, newPasswordSchema } from '../password';

/** The CLI's rules (newPasswordSchema) for the password; the address as `svc user add` takes it. */
export const newAccountBody = z.object({
  email: z.string().trim().min(3).max(320),
  password: z.string(),
  display_name: z.string().trim().min(1).max(200).optional(),
});
export type NewAccountBody = z.infer<typeof newAccountBody>;

export type AccountVia = 'setup' | 'invitation' | 'signup';

/** Checks the body and hashes the password before any transaction opens (argon2id takes a while). */
export async function prepareAccount(
  body: unknown,
): Promise<NewAccountBody & { passwordHash: string }> {
  const parsed = newAccountBody.safeParse(body);
  if (!parsed.success) throw fail.validation('Give an email address and a password');
  const password = newPasswordSchema.safeParse(parsed.data.password);
  if (!password.success) {
    throw fail.validation(
      `The password is not acceptable: ${password.error.issues[0]?.message ?? 'see the rules'}`,
      {
        field: 'password',
      },
    );
  }
  return { ...parsed.data, passwordHash: await hashPassword(password.data) };
}

/** Inside the caller's transaction, so the account, its password and its audit row commit together. */
export async function makeAccount(
  tx: Tx,
  input: NewAccountBody & { passwordHash: string },
  via: AccountVia,
  details: Record<string, unknown> = {},
): Promise<User> {
  const { user } = await createUser(tx, input.email, input.display_name);
  await setPasswordHash(tx, user.id, input.passwordHash);
  await recordAudit(tx, {
    action: 'user_created',
    target: { type: 'user', id: user.id },
    userId: user.id,
    details: { via, ...details },
  });
  return user;
}
