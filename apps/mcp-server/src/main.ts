// `svc serve`: listen on HOST:PORT and shut down gracefully on SIGINT/SIGTERM.
import type { Server } from 'node:http';
import { createApp } from './app';
import type { Env } from './env';
import { openRuntime } from './runtime';

/** The contract's server timeout: a request is cut after 60 seconds, as the edge does. */
const REQUEST_TIMEOUT_MS = 60_000;

export async function serve(env: Env): Promise<Server> {
  const deps = await openRuntime(env);
  const app = createApp(deps);
  const server = app.listen(env.PORT, env.HOST);
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  deps.logger.info('listening', { host: env.HOST, port, version: deps.build.version });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    deps.logger.info('shutting_down', { signal });
    server.close(() => {
      void deps.database.close().finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    // In-flight requests get the contract's request budget, then the process ends regardless.
    setTimeout(() => process.exit(1), REQUEST_TIMEOUT_MS).unref();
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  return server;
}
