// What every command needs: the environment, the log, the sources, and a way to reach the server.
import { loadCredentials } from '../client/credentials';
import { connectIngestClient, type IngestClient } from '../client/ingest-client';
import { retryingFetch } from '../client/retrying-fetch';
import { resolveSources } from '../config';
import { daemonOAuthProvider } from '../oauth/oauth-login';
import { readWatcherEnv, type WatcherEnv } from '../env';
import { createLogger, type Logger } from '../log';
import type { Source } from '../sources/discover';
import { WATCHER_VERSION } from '../version';

export interface CommandContext {
  env: WatcherEnv;
  log: Logger;
  sources: Source[];
  connect: () => Promise<IngestClient>;
}

export async function commandContext(sourceFlags: readonly string[] = []): Promise<CommandContext> {
  const env = readWatcherEnv();
  const log = createLogger(env.logLevel);
  const sources = await resolveSources(sourceFlags, env.configDir, env.home);
  const connect = async () => {
    const credentials = await loadCredentials(env.configDir);
    if (!credentials)
      throw new Error('not logged in: run `svc-watcher login --server URL --token TOKEN` first');
    const fetch = retryingFetch({
      attempts: env.retryAttempts,
      firstDelayMs: 500,
      maxDelayMs: 30_000,
      log,
    });
    const authProvider = credentials.token ? undefined : await daemonOAuthProvider(env.configDir);
    return connectIngestClient({
      server: credentials.server,
      token: credentials.token,
      authProvider,
      fetch,
      version: WATCHER_VERSION,
    });
  };
  return { env, log, sources, connect };
}
