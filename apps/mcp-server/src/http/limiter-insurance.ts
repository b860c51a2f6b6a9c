// The in-process stand-in for a shared rate limiter while its database does not answer, saying so in the log.
import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';
import type { Logger } from '@svc/observability';
import type { LimiterSpec } from './limiter-spec';

/** One warning a minute per limiter shows the outage without flooding the log with it. */
const WARN_EVERY_MS = 60_000;

type Options = Record<string, unknown>;

/**
 * rate-limiter-flexible calls its insurance limiter instead of the store when a store query fails,
 * so a database hiccup costs exactness (each instance counts alone for a while), never a 500.
 */
export class LoggedInsurance extends RateLimiterMemory {
  private lastWarned = 0;

  constructor(
    private readonly spec: LimiterSpec,
    private readonly logger: Logger,
  ) {
    super(spec);
  }

  private standIn(): void {
    const now = Date.now();
    if (now - this.lastWarned < WARN_EVERY_MS) return;
    this.lastWarned = now;
    this.logger.warn('rate_limit_store_unavailable', {
      limiter: this.spec.keyPrefix,
      detail: 'the shared count did not answer; this instance counts alone until it does',
    });
  }

  override consume(key: string | number, points?: number, options?: Options): Promise<RateLimiterRes> {
    this.standIn();
    return super.consume(key, points, options);
  }

  override penalty(key: string | number, points?: number, options?: Options): Promise<RateLimiterRes> {
    this.standIn();
    return super.penalty(key, points, options);
  }

  override get(key: string | number, options?: Options): Promise<RateLimiterRes | null> {
    this.standIn();
    return super.get(key, options);
  }

  override delete(key: string | number, options?: Options): Promise<boolean> {
    this.standIn();
    return super.delete(key, options);
  }
}
