// `login`: signs in (a bearer token, or OAuth in the browser), checks the server answers, then keeps the credentials.
import type { Command } from 'commander';
import { saveCredentials, credentialsPath } from '../client/credentials';
import { connectIngestClient } from '../client/ingest-client';
import { readWatcherEnv } from '../env';
import { oauthLogin } from '../oauth/oauth-login';
import { openBrowser } from '../oauth/open-browser';
import { WATCHER_VERSION } from '../version';
import { print } from './print';

export function registerLoginCommand(program: Command): void {
  program
    .command('login')
    .description(
      'Sign in to the memory service: with --token, a bearer token from `svc token create`; without, OAuth in your browser',
    )
    .requiredOption('--server <url>', 'the memory service, e.g. https://memory.example.com')
    .option('--token <token>', 'a bearer token from `svc token create`')
    .option('--no-browser', 'print the sign-in address without opening a browser')
    .action(async (opts: { server: string; token?: string; browser: boolean }) => {
      const env = readWatcherEnv();
      const authProvider = opts.token
        ? undefined
        : await oauthLogin(env.configDir, opts.server, (url) => {
            print(`Open this address in your browser to sign in:\n${url.href}`);
            if (opts.browser) openBrowser(url);
          });
      // A wrong token or address is found now, not at the first transcript hours later.
      const client = await connectIngestClient({
        server: opts.server,
        token: opts.token,
        authProvider,
        fetch,
        version: WATCHER_VERSION,
      });
      await client.close();
      await saveCredentials(env.configDir, {
        server: opts.server,
        ...(opts.token ? { token: opts.token } : {}),
      });
      print(`Logged in to ${opts.server}; credentials kept in ${credentialsPath(env.configDir)}`);
    });
}
