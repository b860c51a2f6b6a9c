// Shared parts of the runtime tests: a capturing logger, real alarms on a fresh registry, polling with a deadline.
import { Writable } from 'node:stream';
import winston from 'winston';
import type { Database } from '@svc/db';
import { createAlarms, createLogger, createMetrics } from '@svc/observability';

export function captureLogs() {
  const records: Record<string, unknown>[] = [];
  const logger = createLogger({
    level: 'debug',
    transports: [
      new winston.transports.Stream({
        stream: new Writable({
          write(chunk: Buffer, _e, done) {
            records.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
            done();
          },
        }),
      }),
    ],
  });
  const metrics = createMetrics({ defaults: false });
  const alarms = createAlarms({ logger, counter: metrics.alarms });
  return { records, logger, alarms, metrics };
}

/** A scheduled run's context for calling a handler directly, its logs captured (`records`). */
export function jobContext(database: Database, now: () => Date = () => new Date()) {
  return {
    database,
    ...captureLogs(),
    now,
    signal: new AbortController().signal,
    runId: 'test',
    data: {},
    lastAttempt: true,
  };
}

/** Polls until `check` holds; fails with `what` after the deadline instead of hanging the file. */
export async function eventually(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Fast settings for tests: short polls, a one-second supervisor, immediate retries. */
export const FAST = {
  tuning: { pollSeconds: 0.5, superviseSeconds: 1, cronSeconds: 1 },
  retryDelaySeconds: 0,
} as const;
