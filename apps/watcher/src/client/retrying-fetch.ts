// A fetch that waits out a busy or absent server: 429, 503 and a 5xx with Retry-After honour it; refusals to connect back off.
import type { Logger } from '../log';

export interface RetryOptions {
  /** Attempts per request before the error reaches the pass, which then stops and resumes later. */
  attempts: number;
  firstDelayMs: number;
  maxDelayMs: number;
  sleep?: (ms: number) => Promise<void>;
  log: Logger;
}

const RETRY_STATUSES = new Set([429, 503]);
/** A server asking for more than this is treated as asking for this much; the next pass tries again. */
const RETRY_AFTER_CAP_MS = 300_000;

/** Retry-After as seconds or as an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, RETRY_AFTER_CAP_MS);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.min(Math.max(date - now, 0), RETRY_AFTER_CAP_MS);
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function retryingFetch(options: RetryOptions, inner: typeof fetch = fetch): typeof fetch {
  const sleep = options.sleep ?? defaultSleep;
  const backoff = (attempt: number) => {
    const base = Math.min(options.firstDelayMs * 2 ** attempt, options.maxDelayMs);
    return base / 2 + Math.random() * (base / 2); // jitter, so many laptops do not return in step
  };
  return async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      const last = attempt + 1 >= options.attempts;
      let response: Response;
      try {
        response = await inner(input, init);
      } catch (err) {
        if (last || init?.signal?.aborted) throw err;
        const delay = backoff(attempt);
        options.log.warn('server_unreachable', {
          attempt: attempt + 1,
          retry_in_ms: Math.round(delay),
          reason: String((err as Error).cause ?? err),
        });
        await sleep(delay);
        continue;
      }
      const asked = retryAfterMs(response.headers.get('retry-after'));
      // Any other 5xx is retried only when the server says when (a database outage answers 500 so).
      const retry =
        RETRY_STATUSES.has(response.status) || (response.status >= 500 && asked !== undefined);
      if (!retry || last) return response;
      const delay = asked ?? backoff(attempt);
      options.log.warn('server_busy', {
        status: response.status,
        attempt: attempt + 1,
        retry_in_ms: Math.round(delay),
      });
      await response.body?.cancel();
      await sleep(delay);
    }
  };
}
