// Passwords from the CLI: read from stdin, never from an argument that shell history and `ps` would keep.
import type { Command } from 'commander';
import { findUserByEmail, revokeUserSessions, setPasswordHash, type Database } from '@svc/db';
import { fail } from '@svc/errors';
import { hashPassword, newPasswordSchema } from '../account/password';

type WithDatabase = <T>(fn: (db: Database) => Promise<T>) => Promise<T>;

/** The whole of stdin, less one trailing newline (what `echo` or a here-string adds). */
export async function readPasswordFromStdin(stdin: NodeJS.ReadStream = process.stdin): Promise<string> {
  if (stdin.isTTY) throw fail.validation('Pipe the password on stdin, e.g. printf %s "$PASSWORD" | svc …');
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  const parsed = newPasswordSchema.safeParse(Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, ''));
  if (!parsed.success) throw fail.validation(parsed.error.issues[0]?.message ?? 'the password is not acceptable');
  return parsed.data;
}

/** The argon2id hash of a password read from stdin, made before any database is opened. */
export async function passwordHashFromStdin(): Promise<string> {
  return hashPassword(await readPasswordFromStdin());
}

export function registerPasswordCommand(user: Command, withDatabase: WithDatabase): void {
  user
    .command('password <email>')
    .description("Set a user's password, read from stdin (10 to 256 characters); ends their dashboard sessions")
    .action(async (email: string) => {
      const passwordHash = await passwordHashFromStdin();
      await withDatabase(async (db) => {
        const found = await findUserByEmail(db.db, email);
        if (!found) throw fail.notFound(`No user with email ${email}`);
        // Whoever signed in with the old password is signed out; agents keep their own sessions.
        const ended = await db.system(async (tx) => {
          await setPasswordHash(tx, found.id, passwordHash);
          return revokeUserSessions(tx, found.id, { kind: 'dashboard' });
        });
        console.log(`password set for ${found.email} (${ended} dashboard session(s) ended)`);
      });
    });
}
