// The `svc` command: serve, stdio, migrate, and account administration on the configured database.
import { Command } from 'commander';
import { isServiceError } from '@svc/errors';
import { parseEnv } from './env';
import { registerAdminCommands } from './cli/admin';
import { registerBackupCommands } from './cli/backup';
import { registerConnectCommand } from './cli/connect';
import { registerJobsCommands } from './cli/jobs';
import { registerProjectCommands } from './cli/project';
import { serve } from './main';
import { serveStdio } from './stdio';

const program = new Command()
  .name('svc')
  .description('Persistent memory service for AI agents')
  .showHelpAfterError();

program
  .command('serve')
  .description('Run the HTTP server (MCP at /mcp, health, metrics)')
  .action(async () => {
    await serve(parseEnv());
  });

program
  .command('stdio')
  .description('Serve MCP over stdin/stdout for one local caller')
  .action(async () => {
    await serveStdio(parseEnv());
  });

registerAdminCommands(program);
registerConnectCommand(program);
registerJobsCommands(program);
registerBackupCommands(program);
registerProjectCommands(program);

program.parseAsync(process.argv).catch((err: unknown) => {
  const message = isServiceError(err) ? `${err.code}: ${err.message}` : String(err);
  console.error(`svc: ${message}`);
  process.exit(1);
});
