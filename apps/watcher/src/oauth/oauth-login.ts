// `login --server URL` without a token: the SDK's OAuth flow (discovery, dynamic registration, PKCE) with a loopback redirect.
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { mcpEndpoint } from '../client/credentials';
import { FileOAuthProvider } from './provider';
import { openLoopback } from './loopback';

/** Long enough to sign in and pass a second factor; short enough that a forgotten login does not linger. */
const BROWSER_WAIT_MS = 5 * 60_000;

export async function oauthLogin(
  configDir: string,
  server: string,
  show: (url: URL) => void,
): Promise<FileOAuthProvider> {
  const loopback = await openLoopback();
  try {
    const provider = await FileOAuthProvider.open(configDir, show, loopback.redirectUrl);
    const serverUrl = mcpEndpoint(server);
    if ((await auth(provider, { serverUrl })) === 'REDIRECT') {
      const code = await loopback.code((state) => provider.checkState(state), BROWSER_WAIT_MS);
      await auth(provider, { serverUrl, authorizationCode: code });
    }
    return provider;
  } finally {
    loopback.close();
  }
}

/** For the daemon: tokens are refreshed by the SDK; a sign-in that can no longer be refreshed needs the person. */
export function daemonOAuthProvider(configDir: string): Promise<FileOAuthProvider> {
  return FileOAuthProvider.open(configDir, () => {
    throw new Error(
      'the OAuth sign-in can no longer be refreshed: run `svc-watcher login --server URL` again',
    );
  });
}
