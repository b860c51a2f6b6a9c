// `svc connect <client>`: prints what to paste into an MCP client to reach this service over HTTP or stdio.
import { Option, type Command } from 'commander';
import { parseEnv } from '../env';
import { CLIENT_IDS, findClient } from './connect/clients';
import { renderJson, renderText } from './connect/render';
import { buildTarget } from './connect/target';

interface ConnectFlags {
  url?: string;
  name: string;
  token?: string;
  transport?: 'http' | 'stdio';
  json?: boolean;
}

export function registerConnectCommand(program: Command): void {
  program
    .command('connect <client>')
    .description(`Print what to paste into an MCP client (${CLIENT_IDS.join(', ')}), over HTTP and over stdio`)
    .option('--url <url>', "the server's public URL (default: PUBLIC_URL)")
    .option('--name <name>', 'the name the client lists the server under', 'memory')
    .option('--token <token>', 'a token from `svc token create`, written into the bearer and stdio set-ups')
    .addOption(new Option('--transport <transport>', 'print only one transport').choices(['http', 'stdio']))
    .option('--json', 'print the snippets as JSON, for scripts')
    .action((client: string, flags: ConnectFlags) => {
      const format = findClient(client);
      // Reads the configuration only: no database is opened, so it runs beside a running server.
      const target = buildTarget(parseEnv(), flags, { execPath: process.execPath, cwd: process.cwd() });
      const snippets = format.snippets(target).filter((s) => !flags.transport || s.transport === flags.transport);
      process.stdout.write(flags.json ? renderJson(client, snippets) : renderText(format.label, snippets));
    });
}
