// One real server and one recording proxy for a test file, and a logged-in watcher home per test.
import { afterAll, beforeAll, expect } from 'vitest';
import { startProxy, type Proxy } from './proxy';
import { startServer, type RunningServer } from './server';
import { removeWatcherHomes, runWatcher, watcherHome, type WatcherHome } from './watcher';

export interface Suite {
  server: RunningServer;
  proxy: Proxy;
  loggedIn(extraEnv?: Record<string, string>): Promise<WatcherHome>;
  /** What reached the server (through the proxy) for one Claude Code session. */
  sentFor(sessionId: string): Proxy['chunks'];
}

export function serverSuite(): Suite {
  const suite = {
    async loggedIn(extraEnv: Record<string, string> = {}) {
      const w = await watcherHome(extraEnv);
      const login = await runWatcher(
        ['login', '--server', suite.proxy.url, '--token', suite.server.token],
        w.env,
      );
      expect(login.code, login.stderr).toBe(0);
      return w;
    },
    sentFor: (sessionId: string) =>
      suite.proxy.chunks.filter((c) => c.args.session_key === `claude-code:${sessionId}`),
  } as Suite;
  beforeAll(async () => {
    suite.server = await startServer();
    suite.proxy = await startProxy(suite.server.url);
  }, 90_000);
  afterAll(async () => {
    await suite.proxy?.close();
    await suite.server?.stop();
    await removeWatcherHomes();
  });
  return suite;
}
