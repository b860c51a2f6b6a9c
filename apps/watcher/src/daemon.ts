// The long-running watcher: a pass whenever a transcript changes, and a periodic pass as a safety net.
import { existsSync } from 'node:fs';
import { watch, type FSWatcher } from 'chokidar';
import type { Logger } from './log';
import type { Source } from './sources/discover';
import { belongsTo } from './sources/discover';
import { relative } from 'node:path';

export interface DaemonOptions {
  sources: readonly Source[];
  /** One pass; resolves false when it stopped on an error and should be tried again sooner. */
  pass: () => Promise<boolean>;
  intervalMs: number;
  /** Lines often come in bursts: one pass after the burst instead of one per line. */
  debounceMs: number;
  log: Logger;
}

export interface Daemon {
  stop(): Promise<void>;
}

export async function startDaemon(options: DaemonOptions): Promise<Daemon> {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let debounce: NodeJS.Timeout | undefined;
  let failures = 0;

  const schedule = (ms: number) => {
    clearTimeout(debounce);
    if (!stopped) debounce = setTimeout(request, ms);
  };
  // Passes never overlap: a change during a pass asks for one more pass after it.
  function request(): void {
    if (running) {
      again = true;
      return;
    }
    running = options.pass().then(
      (ok) => {
        failures = ok ? 0 : failures + 1;
        running = undefined;
        if (again) {
          again = false;
          schedule(options.debounceMs);
        } else if (!ok) {
          schedule(Math.min(5_000 * 2 ** failures, options.intervalMs));
        }
      },
      (err: unknown) => {
        running = undefined;
        options.log.error('pass_crashed', { reason: String(err) });
      },
    );
  }

  const roots = options.sources.filter((s) => existsSync(s.root));
  const watcher: FSWatcher = watch(
    roots.map((s) => s.root),
    { ignoreInitial: true, persistent: true },
  );
  const onChange = (path: string) => {
    const owned = (s: Source) =>
      !relative(s.root, path).startsWith('..') && belongsTo(s.kind, relative(s.root, path));
    if (options.sources.some(owned)) schedule(options.debounceMs);
  };
  watcher
    .on('add', onChange)
    .on('change', onChange)
    .on('error', (err) => options.log.warn('watch_error', { reason: String(err) }));
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  // The safety net: catches what a watch missed (a root created later, a network file system).
  const interval = setInterval(request, options.intervalMs);
  options.log.info('watching', {
    roots: roots.map((s) => s.root),
    interval_ms: options.intervalMs,
  });
  request();

  return {
    async stop() {
      stopped = true;
      clearInterval(interval);
      clearTimeout(debounce);
      await watcher.close();
      await running;
    },
  };
}
