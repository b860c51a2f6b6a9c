// `login`: checks that the server answers with these credentials, then keeps them for the daemon.
import type { Command } from 'commander';
import { print } from './print';
import { saveCredentials, credentialsPath } from '../client/credentials';
import { connectIngestClient } from '../client/ingest-client';
import { readWatcherEnv } from '../env';
import { WATCHER_VERSION } from '../version';

export function registerLoginCommand(program: Command): void {
  program
    .command('login')
    .description('Keep the server address and a bearer token from `svc token create` (readable by you alone)')
    .requiredOption('--server <url>', 'the memory service, e.g. https://memory.example.com')
    .option('--token <token>', 'a bearer token from `svc token create`')
    .action(async (opts: { server: string; token?: string }) => {
      const env = readWatcherEnv();
      if (!opts.token) throw new Error('login without --token (OAuth in the browser) is not available yet: pass --token');
      // A wrong token or address is found now, not at the first transcript hours later.
      const client = await connectIngestClient({ server: opts.server, token: opts.token, fetch, version: WATCHER_VERSION });
      await client.close();
      await saveCredentials(env.configDir, { server: opts.server, token: opts.token });
      print(`Logged in to ${opts.server}; credentials kept in ${credentialsPath(env.configDir)}`);
    });
}
