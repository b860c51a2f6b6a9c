// A logger that keeps the benchmark's stdout for figures; warnings and errors still reach stderr.
import { createLogger, type Logger } from '@svc/observability';

export function quietLogger(): Logger {
  return createLogger({ level: 'warn', stderr: true });
}
