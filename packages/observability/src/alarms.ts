// The one way to raise an alarm: an error-level `alarm` record, a counter, and a webhook POST when configured.
import type { Counter } from 'prom-client';
import type { Logger } from './logger';

export interface AlarmDetails {
  /** The request or job run the alarm is about, so the record leads to its other records. */
  runId?: string;
  requestId?: string;
  /** One human sentence: what went wrong. */
  message: string;
  [key: string]: unknown;
}

export interface Alarms {
  raise(alarm: string, details: AlarmDetails): void;
  /** Resolves when every webhook delivery started so far has succeeded or given up (tests, shutdown). */
  settled(): Promise<void>;
}

export interface AlarmOptions {
  logger: Logger;
  counter: Counter<'alarm'>;
  webhookUrl?: string;
  /** Delivery attempts and the first backoff; later waits double. */
  attempts?: number;
  backoffMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

export function createAlarms(opts: AlarmOptions): Alarms {
  const attempts = opts.attempts ?? 5;
  const backoffMs = opts.backoffMs ?? 1_000;
  const inFlight = new Set<Promise<void>>();

  async function deliver(url: string, body: Record<string, unknown>): Promise<void> {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        });
        if (res.ok) return;
        // A 4xx other than throttling will not get better by asking again.
        if (res.status < 500 && res.status !== 429)
          throw new Error(`webhook answered ${res.status}`, { cause: 'final' });
        throw new Error(`webhook answered ${res.status}`);
      } catch (err) {
        const final = err instanceof Error && err.cause === 'final';
        if (final || attempt === attempts) {
          opts.logger.warn('alarm_webhook_failed', {
            alarm: body.alarm,
            attempts: attempt,
            error: err instanceof Error ? err.message : String(err),
          });
          return;
        }
        await sleep(backoffMs * 2 ** (attempt - 1));
      }
    }
  }

  return {
    raise(alarm, details) {
      // The record's own message is `alarm`, so the alarm's sentence travels as `detail`.
      const { message, ...rest } = details;
      opts.logger.error('alarm', { alarm, ...rest, detail: message });
      opts.counter.inc({ alarm });
      if (!opts.webhookUrl) return;
      // `text` is what Slack-compatible hooks show; the rest is for generic receivers.
      const body = {
        text: `[${alarm}] ${details.message}`,
        alarm,
        at: new Date().toISOString(),
        ...details,
      };
      const delivery = deliver(opts.webhookUrl, body).finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    },
    async settled() {
      await Promise.all([...inFlight]);
    },
  };
}
