// Times a known-slow path and logs its duration_ms; the request id comes from the context.
import type { Logger } from './logger';

export async function timed<T>(
  logger: Logger,
  operation: string,
  fn: () => Promise<T>,
  meta: Record<string, unknown> = {},
): Promise<T> {
  const started = performance.now();
  let ok = false;
  try {
    const result = await fn();
    ok = true;
    return result;
  } finally {
    const duration_ms = Math.round((performance.now() - started) * 100) / 100;
    logger.info('slow_path', { operation, duration_ms, ok, ...meta });
  }
}
