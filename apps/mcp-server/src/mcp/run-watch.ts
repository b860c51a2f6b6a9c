// Tells a long-lived session when a background run it started or joined finishes or fails.
import type { RunView } from '@svc/contract';
import type { HandlerTable, ToolContext } from '../deps';
import type { Notify } from './session-log';

const POLL_MS = 2_000;
/** A run is cut at 15 minutes; a little beyond that the watch gives up rather than poll forever. */
const GIVE_UP_MS = 16 * 60_000;

export const RUN_TOOLS = new Set(['scan_hygiene', 'benchmark_memory']);

const isDone = (run: RunView) => run.status === 'succeeded' || run.status === 'failed';

/**
 * Reads the run back through the tool's own read path (`run_id`), the one the agent would poll,
 * so the watch sees exactly what the agent would and needs no storage access of its own. The
 * timer is unref'd and stops with `signal`, so a closed session leaves nothing running.
 */
export function watchRun(
  tools: HandlerTable,
  tool: string,
  run: RunView,
  ctx: ToolContext,
  notify: Notify,
  signal: AbortSignal,
): void {
  const handler = tools.get(tool);
  if (!handler || !RUN_TOOLS.has(tool) || isDone(run)) return;
  const until = Date.now() + GIVE_UP_MS;
  const tick = async () => {
    if (signal.aborted || Date.now() > until) return;
    let current: RunView | undefined;
    try {
      const output = (await handler.run({ run_id: run.id } as never, ctx)) as { run?: RunView };
      current = output.run;
    } catch {
      current = undefined; // A failed read (database away) is retried on the next tick.
    }
    if (current && isDone(current)) {
      const failed = current.status === 'failed';
      notify(failed ? 'error' : 'notice', {
        event: failed ? 'run_failed' : 'run_finished',
        tool,
        run_id: current.id,
        status: current.status,
        ...(failed && { error: current.error }),
        next: `Call ${tool} with run_id to read ${failed ? 'it' : 'the result'}.`,
      });
      return;
    }
    if (!signal.aborted) setTimeout(() => void tick(), POLL_MS).unref();
  };
  setTimeout(() => void tick(), POLL_MS).unref();
}
