// Passwords from the CLI: asked on a terminal with hidden input, or piped on stdin; never an argument.
import type { Command } from 'commander';
import { read } from 'read';
import { fail } from '@svc/errors';
import { hashPassword, newPasswordSchema } from '../account/password';
import { parseEnv } from '../env';
import { runAction } from './run-action';

function acceptable(password: string): string {
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) throw fail.validation(parsed.error.issues[0]?.message ?? 'the password is not acceptable');
  return parsed.data;
}

/** The whole of stdin, less one trailing newline (what `echo` or a here-string adds). */
export async function readPasswordFromStdin(stdin: NodeJS.ReadStream = process.stdin): Promise<string> {
  if (stdin.isTTY) throw fail.validation('Pipe the password on stdin, e.g. printf %s "$PASSWORD" | svc …');
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return acceptable(Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, ''));
}

/** Asked twice with echo off; prompts go to stderr so stdout keeps only the command's outcome. */
async function askPassword(optional: boolean): Promise<string | null> {
  const hint = optional ? ' (Enter for none: the user then signs in with tokens only)' : '';
  const ask = (prompt: string) => read({ prompt, silent: true, replace: '', output: process.stderr });
  try {
    const first = await ask(`Password${hint}: `);
    if (first === '' && optional) return null;
    const password = acceptable(first);
    if ((await ask('Password again: ')) !== password) throw fail.validation('The two passwords differ; nothing was changed');
    return password;
  } finally {
    // A terminal left reading would keep the command alive after it has done its work.
    process.stdin.pause();
    process.stdin.unref?.();
  }
}

/**
 * The argon2id hash, made before any database is touched: from stdin when asked to, by prompting on a
 * terminal, and without a terminal none at all for an optional password (scripts that want tokens only).
 */
export async function passwordHashFor(opts: { stdin: boolean; optional: boolean }): Promise<string | null> {
  let password: string | null;
  if (opts.stdin || (!process.stdin.isTTY && !opts.optional)) password = await readPasswordFromStdin();
  else if (process.stdin.isTTY) password = await askPassword(opts.optional);
  else password = null;
  return password === null ? null : hashPassword(password);
}

export function registerPasswordCommand(user: Command): void {
  user
    .command('password <email>')
    .description("Set a user's dashboard password (asked on a terminal, else read from stdin); ends their dashboard sessions")
    .action(async (email: string) => {
      const passwordHash = await passwordHashFor({ stdin: false, optional: false });
      if (passwordHash === null) throw fail.validation('A password is required');
      console.log(await runAction(parseEnv(), 'user.password', { email, passwordHash }));
    });
}
