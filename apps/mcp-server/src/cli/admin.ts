// Administrative subcommands that open the database, do one thing, print the outcome and exit.
import type { Command } from 'commander';
import {
  createApiToken,
  createUser,
  findUserByEmail,
  openDatabase,
  runMigrations,
  type Database,
} from '@svc/db';
import { fail } from '@svc/errors';
import { parseEnv } from '../env';

async function withDatabase<T>(fn: (db: Database) => Promise<T>, migrate = true): Promise<T> {
  const env = parseEnv();
  const database = await openDatabase({
    ...(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR }),
    migrate,
  });
  try {
    return await fn(database);
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
    .action((email: string, opts: { name?: string }) =>
      withDatabase(async (db) => {
        const { user: created } = await createUser(db.db, email, opts.name);
        console.log(`user ${created.email} created (${created.id})`);
      }),
    );

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
        const { token: plaintext } = await createApiToken(db.db, found.id, { name: opts.name });
        console.log(plaintext);
      }),
    );
}
