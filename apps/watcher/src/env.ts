// The only reader of process.env in the watcher: where state, configuration and home are, parsed once.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

const EnvSchema = z.object({
  HOME: z.string().min(1).optional(),
  XDG_STATE_HOME: z.string().min(1).optional(),
  XDG_CONFIG_HOME: z.string().min(1).optional(),
  /** Overrides for tests and for people who keep their dot-directories elsewhere. */
  SVC_WATCHER_STATE_DIR: z.string().min(1).optional(),
  SVC_WATCHER_CONFIG_DIR: z.string().min(1).optional(),
  SVC_WATCHER_LOG_LEVEL: z.enum(['error', 'warn', 'info', 'debug']).default('info'),
  /** Tries per request while the server is down or busy, before the pass stops and waits for the next. */
  SVC_WATCHER_RETRY_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
});

export interface WatcherEnv {
  home: string;
  platform: NodeJS.Platform;
  /** Offsets and pass records: lost means resent (harmless), so it is state, not configuration. */
  stateDir: string;
  /** Credentials and the source list. */
  configDir: string;
  logLevel: 'error' | 'warn' | 'info' | 'debug';
  retryAttempts: number;
  /** Where a systemd user unit goes on Linux. */
  systemdUserDir: string;
}

export function readWatcherEnv(
  source: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): WatcherEnv {
  const env = EnvSchema.parse(source);
  const home = env.HOME ?? homedir();
  // macOS keeps both under Application Support; elsewhere the XDG base directories.
  const mac = join(home, 'Library', 'Application Support', 'svc-watcher');
  const stateDir =
    env.SVC_WATCHER_STATE_DIR ??
    (platform === 'darwin'
      ? mac
      : join(env.XDG_STATE_HOME ?? join(home, '.local', 'state'), 'svc-watcher'));
  const configDir =
    env.SVC_WATCHER_CONFIG_DIR ??
    (platform === 'darwin'
      ? mac
      : join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'svc-watcher'));
  const systemdUserDir = join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'systemd', 'user');
  return {
    home,
    platform,
    stateDir,
    configDir,
    logLevel: env.SVC_WATCHER_LOG_LEVEL,
    retryAttempts: env.SVC_WATCHER_RETRY_ATTEMPTS,
    systemdUserDir,
  };
}
