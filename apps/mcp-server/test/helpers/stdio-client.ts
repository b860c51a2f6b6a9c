// An MCP SDK client that starts `svc stdio` as its server, the way a desktop agent does.
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const APP_DIR = fileURLToPath(new URL('../..', import.meta.url));

export async function connectStdio(env: Record<string, string>, clientName = 'stdio-test'): Promise<Client> {
  const client = new Client({ name: clientName, version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', 'src/cli.ts', 'stdio'],
    cwd: APP_DIR,
    env,
    stderr: 'pipe',
  });
  await client.connect(transport);
  return client;
}
