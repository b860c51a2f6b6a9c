// `svc stdio`: MCP over stdin/stdout for one local caller; stdout carries protocol frames only.
import type { Env } from './env';
import { connectLocalChannel, pipeStdio } from './local/channel-client';
import { startLocalChannel } from './local/channel-server';
import { isSharableDataDir } from './local/socket-path';
import { openStdioSession } from './local/stdio-session';
import { openRuntime } from './runtime';

export async function serveStdio(env: Env): Promise<void> {
  // Beside a running server on the same embedded data, the session is served by that process.
  if (!env.DATABASE_URL && isSharableDataDir(env.DATA_DIR)) {
    const channel = await connectLocalChannel(env.DATA_DIR);
    if (channel) {
      await pipeStdio(channel, env.SVC_TOKEN);
      // The session ended (either side hung up): nothing else is left for this process to do.
      process.exit(0);
    }
  }
  const deps = await openRuntime(env, { forceStderr: true });
  // While this process holds the embedded data, other local commands and sessions come in through it.
  const channel = !env.DATABASE_URL && isSharableDataDir(env.DATA_DIR)
    ? await startLocalChannel({ dataDir: env.DATA_DIR, deps, role: 'stdio' })
    : null;
  await openStdioSession({
    deps,
    token: env.SVC_TOKEN,
    onClose: () =>
      void (async () => {
        await channel?.close();
        await deps.usage.flush();
        await deps.database.close();
      })(),
  });
}
