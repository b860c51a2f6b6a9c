// Administrative actions on accounts: create a user, set a password.
import { createUser, findUserByEmail, revokeUserSessions, setPasswordHash, type Database } from '@svc/db';
import { fail } from '@svc/errors';
import { z } from 'zod';
import { recordAudit } from '../usage/audit-log';

export const userAddArgs = z.object({
  email: z.string().min(3).max(320),
  name: z.string().min(1).max(200).optional(),
  /** argon2id hash made by the command's own process: the password itself never travels. */
  passwordHash: z.string().startsWith('$argon2id$').nullable(),
});

export async function userAdd(db: Database, args: z.infer<typeof userAddArgs>): Promise<string> {
  const { user: created } = await db.system(async (tx) => {
    const made = await createUser(tx, args.email, args.name);
    if (args.passwordHash !== null) await setPasswordHash(tx, made.user.id, args.passwordHash);
    await recordAudit(tx, {
      action: 'user_created',
      target: { type: 'user', id: made.user.id },
      userId: made.user.id,
      details: { via: 'cli' },
    });
    return made;
  });
  return `user ${created.email} created (${created.id})`;
}

export const userPasswordArgs = z.object({
  email: z.string().min(3).max(320),
  passwordHash: z.string().startsWith('$argon2id$'),
});

export async function userPassword(db: Database, args: z.infer<typeof userPasswordArgs>): Promise<string> {
  const found = await findUserByEmail(db.db, args.email);
  if (!found) throw fail.notFound(`No user with email ${args.email}`);
  // Whoever signed in with the old password is signed out; agents keep their own sessions.
  const ended = await db.system(async (tx) => {
    await setPasswordHash(tx, found.id, args.passwordHash);
    return revokeUserSessions(tx, found.id, { kind: 'dashboard' });
  });
  return `password set for ${found.email} (${ended} dashboard session(s) ended)`;
}
