// Public API of observability: logging, request context, counters and timing of slow paths.
export { createLogger, type Logger, type LoggerOptions } from './logger';
export { createMetrics, type Metrics } from './metrics';
export {
  annotateRequestContext,
  currentRequestContext,
  currentRequestId,
  ensureRequestContext,
  outsideRequestContext,
  runWithRequestContext,
  type RequestContext,
} from './request-context';
export { timed } from './timing';
