// Waits at start-up for a database server that is not reachable yet, backing off, instead of giving up at once.
import { ServiceError } from '@svc/errors';
import { sqlStateOf } from '../errors';
import { unreachableCause } from '../unavailable';

export interface WaitAttempt {
  /** 1 for the first failed attempt. */
  attempt: number;
  /** How long until the next attempt. */
  nextDelayMs: number;
  /** Why this attempt failed: an errno, a SQLSTATE or the driver's words; never the URL. */
  reason: string;
}

export interface WaitOptions {
  /** Give up after this long; undefined waits as long as it takes. */
  maxWaitMs?: number;
  /** Called after each failed attempt, before sleeping (the apps log `database_waiting`). */
  onWait(attempt: WaitAttempt): void;
  /** First delay, doubled each attempt up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The driver's own words, under wrappers such as drizzle's (whose message repeats the query). */
function innermostMessage(thrown: unknown): string {
  let current = thrown;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

/** A server that answered but refuses us (wrong password, no such database) will not change by waiting. */
function refusal(thrown: unknown): ServiceError {
  const sqlstate = sqlStateOf(thrown);
  const said = innermostMessage(thrown);
  const message =
    sqlstate === undefined
      ? `The database could not be opened: ${said}`
      : `The database refused the connection: ${said} (SQLSTATE ${sqlstate}); check DATABASE_URL`;
  return new ServiceError('internal', message, {
    details: { reason: 'database_refused', ...(sqlstate === undefined ? {} : { sqlstate }) },
    cause: thrown,
  });
}

/**
 * Resolves once `ping` succeeds. Only connection failures are waited on (0.5 s doubling to 30 s by
 * default); any other failure, or the wait running past `maxWaitMs`, throws with a clear message.
 */
export async function waitUntilReachable(ping: () => Promise<void>, opts: WaitOptions): Promise<void> {
  const started = Date.now();
  const maxDelay = opts.maxDelayMs ?? 30_000;
  let delay = opts.initialDelayMs ?? 500;
  for (let attempt = 1; ; attempt++) {
    try {
      await ping();
      return;
    } catch (thrown) {
      const cause = unreachableCause(thrown);
      if (cause === undefined) throw refusal(thrown);
      const left = opts.maxWaitMs === undefined ? delay : opts.maxWaitMs - (Date.now() - started);
      if (left <= 0) {
        const seconds = Number(((opts.maxWaitMs ?? 0) / 1000).toFixed(1));
        throw new ServiceError('internal', `The database was still unreachable after ${seconds} s (${cause.code}); giving up`, {
          details: { reason: 'database_wait_exceeded', attempts: attempt },
          cause: thrown,
        });
      }
      const nextDelayMs = Math.min(delay, left);
      opts.onWait({ attempt, nextDelayMs, reason: cause.code });
      await sleep(nextDelayMs);
      delay = Math.min(delay * 2, maxDelay);
    }
  }
}
