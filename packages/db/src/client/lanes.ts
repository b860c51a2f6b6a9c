// Two lanes into the embedded database's one connection, so a quick call never queues behind a backlog of searches.
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * `interactive` (the default): whatever a person or agent waits on and that needs no model, such
 * as cards and boards. `bulk`: searches and writes that wait on the embedding model, and
 * background work; under load they form the backlog. `background`: work nobody waits on that every
 * write leaves behind (the saved-memory checks), which goes only when nothing else waits (in the
 * database thread, after 10 ms with no call, or once it waited a second: pglite-thread.mjs).
 */
export type DatabaseLane = 'interactive' | 'bulk' | 'background';

const lane = new AsyncLocalStorage<DatabaseLane>();

/** Transactions opened inside `fn` (however deep) queue in `which`. */
export function inDatabaseLane<T>(which: DatabaseLane, fn: () => T): T {
  return lane.run(which, fn);
}

export function currentDatabaseLane(): DatabaseLane {
  return lane.getStore() ?? 'interactive';
}

/**
 * `fn` in the bulk lane unless a caller already chose one: for work that nobody waits on when it
 * runs by itself (pg-boss's polling and bookkeeping, the usage ledger's writes), but that keeps the
 * lane of a tool call that awaits it (a card create enqueuing a job stays interactive).
 */
export function inBackgroundLane<T>(fn: () => T): T {
  return lane.getStore() === undefined ? lane.run('bulk', fn) : fn();
}

/**
 * PGlite runs one transaction at a time, in arrival order: under 50 sessions a card create waited
 * behind every recall queued before it. The gate admits one transaction at a time too, but takes a
 * waiting interactive one before any waiting bulk one; within a lane, arrival order. A bulk
 * transaction already running is never interrupted, so a quick call waits at most for that one.
 */
export class LaneGate {
  private readonly waiting: Record<DatabaseLane, (() => void)[]> = { interactive: [], bulk: [], background: [] };
  private busy = false;

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.busy) {
      await new Promise<void>((resolve) => this.waiting[currentDatabaseLane()].push(resolve));
    }
    this.busy = true;
    try {
      return await fn();
    } finally {
      const next = this.waiting.interactive.shift() ?? this.waiting.bulk.shift() ?? this.waiting.background.shift();
      // Handed over while still busy: nobody arriving meanwhile can slip in ahead of the queue.
      if (next) next();
      else this.busy = false;
    }
  }

  /** Transactions waiting, by lane (for tests and diagnostics). */
  get queued(): Record<DatabaseLane, number> {
    return { interactive: this.waiting.interactive.length, bulk: this.waiting.bulk.length, background: this.waiting.background.length };
  }
}
