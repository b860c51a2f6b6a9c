#!/usr/bin/env node
// The `svc-watcher` command: login, run, once, status, install.
import { Command } from 'commander';
import { registerInstallCommand } from './commands/install';
import { registerLoginCommand } from './commands/login';
import { registerPassCommands } from './commands/pass-command';
import { registerStatusCommand } from './commands/status';
import { WATCHER_VERSION } from './version';

const program = new Command()
  .name('svc-watcher')
  .description(
    'Ships AI agent transcripts (Claude Code, Codex CLI, plain files) to the memory service',
  )
  .version(WATCHER_VERSION)
  .showHelpAfterError();

registerLoginCommand(program);
registerPassCommands(program);
registerStatusCommand(program);
registerInstallCommand(program);

program.parseAsync(process.argv).catch((err: unknown) => {
  console.error(`svc-watcher: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
