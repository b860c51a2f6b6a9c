// `svc serve`: listen on HOST:PORT and shut down gracefully on SIGINT/SIGTERM.
import type { Server } from 'node:http';
import { SERVER_TIMEOUT_MS } from '@svc/contract';
import { createApp } from './app';
import type { Env } from './env';
import { createHttpServer } from './http/server';
import { startLocalChannel, type LocalChannel } from './local/channel-server';
import { isSharableDataDir } from './local/socket-path';
import { openTakingOver } from './local/take-over';
import { announceFirstAccount } from './first-account';
import { closeRuntime, openRuntime } from './runtime';

export async function serve(env: Env): Promise<Server> {
  const deps = await openTakingOver(env, () => openRuntime(env));
  const app = createApp(deps);
  const server = createHttpServer(app).listen(env.PORT, env.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  // The `svc` commands and stdio sessions of this machine reach the embedded data through this process.
  const channel: LocalChannel | null =
    !env.DATABASE_URL && isSharableDataDir(env.DATA_DIR)
      ? await startLocalChannel({ dataDir: env.DATA_DIR, deps, role: 'serve' })
      : null;
  await announceFirstAccount(deps);
  // Last, so that whoever waits for this record finds everything above in place.
  deps.logger.info('listening', { host: env.HOST, port, version: deps.build.version });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    deps.logger.info('shutting_down', { signal });
    server.close(() => {
      // Background jobs stop (a backup under way is cut short and leaves nothing), queued usage
      // events are written, then the database goes away.
      void Promise.race([channel?.close(), new Promise((resolve) => setTimeout(resolve, 2_000))])
        .then(() => closeRuntime(deps))
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    // In-flight requests get the contract's request budget, then the process ends regardless.
    setTimeout(() => process.exit(1), SERVER_TIMEOUT_MS).unref();
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  return server;
}
