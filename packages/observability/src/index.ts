// Public API of observability: logging, request context, counters and timing of slow paths.
export { createAlarms, type AlarmDetails, type AlarmOptions, type Alarms } from './alarms';
export { createLogger, type Logger, type LoggerOptions } from './logger';
export { createMetrics, type Metrics } from './metrics';
export { serveMetrics } from './metrics-server';
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
