// Where request-started runs are handed over: the job queue runs them (see @svc/jobs-runtime), not this package.
import type { RunRow } from './run-store';

export type RunHandler = (run: RunRow, signal: AbortSignal) => Promise<Record<string, unknown>>;

export interface RunQueue {
  /** Hands a just-recorded run to the queue; answers at once, the run finishes in the background. */
  enqueue(run: RunRow): void;
  /** Hands over runs recorded but never queued (left by the in-process queue of earlier versions). */
  resume(): Promise<void>;
  /** Resolves when every run handed over here has finished (tests and shutdown wait on it). */
  idle(): Promise<void>;
}
