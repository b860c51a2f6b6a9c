// Administrative subcommands that open the database, do one thing, print the outcome and exit.
import type { Command } from 'commander';
import {
  createApiToken,
  createUser,
  findUserByEmail,
  openDatabase,
  runMigrations,
  setPasswordHash,
  type Database,
} from '@svc/db';
import { fail } from '@svc/errors';
import { ensureRequestContext } from '@svc/observability';
import { databaseOptions } from '../database-options';
import { parseEnv } from '../env';
import { recordAudit } from '../usage/audit-log';
import { passwordHashFromStdin, registerPasswordCommand } from './passwords';

async function withDatabase<T>(fn: (db: Database) => Promise<T>, migrate = true): Promise<T> {
  const env = parseEnv();
  const database = await openDatabase({
    ...databaseOptions(env),
    migrate,
  });
  try {
    // Each CLI action is one request of its own, so what it writes to the audit log is traceable.
    return await ensureRequestContext(() => fn(database));
  } finally {
    await database.close();
  }
}

export function registerAdminCommands(program: Command): void {
  program
    .command('migrate')
    .description('Apply pending database migrations')
    .action(() =>
      withDatabase(async (db) => {
        await runMigrations(db);
        console.log('migrations applied');
      }, false),
    );

  const user = program.command('user').description('Manage users');
  user
    .command('add <email>')
    .description('Create a user with a personal scope')
    .option('--name <name>', 'display name')
    .option('--password-stdin', 'read a password for dashboard sign-in from stdin')
    .action(async (email: string, opts: { name?: string; passwordStdin?: boolean }) => {
      const passwordHash = opts.passwordStdin ? await passwordHashFromStdin() : null;
      await withDatabase(async (db) => {
        const { user: created } = await db.system(async (tx) => {
          const made = await createUser(tx, email, opts.name);
          if (passwordHash !== null) await setPasswordHash(tx, made.user.id, passwordHash);
          await recordAudit(tx, {
            action: 'user_created',
            target: { type: 'user', id: made.user.id },
            userId: made.user.id,
            details: { via: 'cli' },
          });
          return made;
        });
        console.log(`user ${created.email} created (${created.id})`);
      });
    });
  registerPasswordCommand(user, withDatabase);

  const token = program.command('token').description('Manage bearer tokens');
  token
    .command('create')
    .description('Create a bearer token for a user; it is shown once and stored only as a hash')
    .requiredOption('--user <email>', 'the user the token acts as')
    .option('--name <name>', 'a label to recognise the token by')
    .action((opts: { user: string; name?: string }) =>
      withDatabase(async (db) => {
        const found = await findUserByEmail(db.db, opts.user);
        if (!found) throw fail.notFound(`No user with email ${opts.user}`);
        // The token and its audit row commit together: no token is ever issued unrecorded.
        const { token: plaintext } = await db.system(async (tx) => {
          const issued = await createApiToken(tx, found.id, { name: opts.name });
          await recordAudit(tx, {
            action: 'token_issued',
            target: { type: 'api_token', id: issued.record.id },
            userId: found.id,
            details: { via: 'cli', name: issued.record.name },
          });
          return issued;
        });
        console.log(plaintext);
      }),
    );
}
