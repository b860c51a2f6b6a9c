// `svc project …`: projects and their members, through the running server's local channel when it holds the data.
import type { Command } from 'commander';
import { parseEnv } from '../env';
import { runAction } from './run-action';

export function registerProjectCommands(program: Command): void {
  const project = program.command('project').description('Projects and their members (owner, writer, reader)');
  project
    .command('list')
    .description('List every project with its members, memories and owners; with --user, that person\'s projects and roles')
    .option('--user <email>', 'only the projects this person belongs to')
    .action(async (opts: { user?: string }) => {
      console.log(await runAction(parseEnv(), 'project.list', { user: opts.user }));
    });
  project
    .command('members <project>')
    .description('List the members of a project (by id, slug or name) with their roles')
    .action(async (ref: string) => {
      console.log(await runAction(parseEnv(), 'project.members', { project: ref }));
    });
  project
    .command('add-member <project> <email>')
    .description('Add an account to a project, or change its role when it is a member already')
    .option('--role <role>', 'owner, writer or reader', 'writer')
    .action(async (ref: string, email: string, opts: { role: string }) => {
      console.log(await runAction(parseEnv(), 'project.add-member', { project: ref, email, role: opts.role as 'writer' }));
    });
  project
    .command('remove-member <project> <email>')
    .description('Remove an account from a project (a project keeps at least one owner)')
    .action(async (ref: string, email: string) => {
      console.log(await runAction(parseEnv(), 'project.remove-member', { project: ref, email }));
    });
}
