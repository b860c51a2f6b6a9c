// Which database the configuration names: the server at DATABASE_URL, else the embedded one in DATA_DIR.
import type { OpenDatabaseOptions, WaitOptions } from '@svc/db';
import { createLogger, type Logger } from '@svc/observability';
import type { Env } from './env';

/** Where the server is, for the log: never the URL itself, whose password must not be written anywhere. */
function serverOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * A start-up that finds the server away waits for it, saying so on each attempt. Without a logger
 * (the CLI's commands, whose stdout is their answer) the records go to stderr.
 */
function waitFor(env: Env, url: string, logger?: Logger): WaitOptions | undefined {
  if (env.DATABASE_WAIT_SECONDS === 0) return undefined;
  const log = logger ?? createLogger({ level: env.LOG_LEVEL, stderr: true });
  const server = serverOf(url);
  return {
    maxWaitMs: env.DATABASE_WAIT_SECONDS * 1000,
    onWait: ({ attempt, nextDelayMs, reason }) =>
      log.warn('database_waiting', { attempt, next_delay_ms: nextDelayMs, reason, server, max_wait_seconds: env.DATABASE_WAIT_SECONDS }),
  };
}

export function databaseOptions(env: Env, logger?: Logger): OpenDatabaseOptions {
  if (!env.DATABASE_URL) return { dataDir: env.DATA_DIR, workerThread: env.DATABASE_WORKER_THREAD };
  const wait = waitFor(env, env.DATABASE_URL, logger);
  return {
    url: env.DATABASE_URL,
    ...(env.DATABASE_POOL_MAX === undefined ? {} : { poolMax: env.DATABASE_POOL_MAX }),
    ...(wait === undefined ? {} : { wait }),
  };
}
