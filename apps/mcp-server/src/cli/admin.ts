// Administrative subcommands: each does one thing on the configured database, prints the outcome and exits.
import type { Command } from 'commander';
import { parseEnv } from '../env';
import { passwordHashFor, registerPasswordCommand } from './passwords';
import { runAction } from './run-action';

export function registerAdminCommands(program: Command): void {
  program
    .command('migrate')
    .description('Apply pending database migrations (through the running server when one holds the data)')
    .action(async () => {
      console.log(await runAction(parseEnv(), 'migrate', {}));
    });

  const user = program.command('user').description('Manage users');
  user
    .command('add <email>')
    .description('Create a user with a personal scope; on a terminal, asks for a dashboard password')
    .option('--name <name>', 'display name')
    .option('--password-stdin', 'read the dashboard password from stdin (for scripts)')
    .option('--no-password', 'create the user without a dashboard password (tokens only)')
    .action(async (email: string, opts: { name?: string; passwordStdin?: boolean; password: boolean }) => {
      const passwordHash = opts.password ? await passwordHashFor({ stdin: opts.passwordStdin ?? false, optional: true }) : null;
      console.log(await runAction(parseEnv(), 'user.add', { email, name: opts.name, passwordHash }));
    });
  registerPasswordCommand(user);

  const token = program.command('token').description('Manage bearer tokens');
  token
    .command('create')
    .description('Create a bearer token for a user; it is shown once and stored only as a hash')
    .requiredOption('--user <email>', 'the user the token acts as')
    .option('--name <name>', 'a label to recognise the token by')
    .action(async (opts: { user: string; name?: string }) => {
      console.log(await runAction(parseEnv(), 'token.create', { user: opts.user, name: opts.name }));
    });
}
