// Tells a database that cannot be reached from one that refused a statement, whichever driver path threw.
import { ServiceError, unavailable } from '@svc/errors';

/** `details.reason` of the outage failure; clients and the apps branch on it, never on the message. */
export const DATABASE_UNAVAILABLE = 'database_unavailable';

/** About one connect timeout of the pool (5 s): retrying sooner mostly meets the same outage. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket failures on the way to the server (`syscall` connect, read, write or a name lookup). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  // A database host whose name does not resolve yet (a container still starting) or at all.
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** admin_shutdown, crash_shutdown, cannot_connect_now (starting up, in recovery), too_many_connections. */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres reports these without a code; pg-pool's own connect timeouts among them. */
const DRIVER_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'Client has encountered a connection error and is not queryable',
];

export interface Unreachable {
  /** A short token for logs: an errno (`ECONNREFUSED`), a SQLSTATE (`57P01`) or the driver's words. */
  code: string;
  /** The driver's own error: its message and stack carry no query text or parameters. */
  error: Error;
}

function classifyOne(node: { code?: unknown; severity?: unknown; message?: unknown }): string | 'refused' | undefined {
  const code = typeof node.code === 'string' ? node.code : undefined;
  if (code !== undefined && typeof node.severity === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
    // A server that answered: only shutdown, start-up and connection classes mean it is away.
    return code.startsWith('08') || SQLSTATES.has(code) ? code : 'refused';
  }
  if (code !== undefined && SOCKET_CODES.has(code)) return code;
  if (typeof node.message === 'string' && DRIVER_MESSAGES.includes(node.message)) return node.message;
  return undefined;
}

/**
 * Why the database could not be reached, looking through wrappers (drizzle's DrizzleQueryError,
 * pg-pool's timeout, a ServiceError's cause); undefined when the throw is anything else, including
 * a server that answered with a refusal such as a wrong password (28P01) or a missing database (3D000).
 */
export function unreachableCause(thrown: unknown): Unreachable | undefined {
  let current: unknown = thrown;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth++) {
    const verdict = classifyOne(current as { code?: unknown; severity?: unknown; message?: unknown });
    if (verdict === 'refused') return undefined;
    if (verdict !== undefined && current instanceof Error) return { code: verdict, error: current };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isDatabaseUnavailable(thrown: unknown): boolean {
  return thrown instanceof ServiceError && thrown.details?.reason === DATABASE_UNAVAILABLE;
}

/**
 * The outage as the service reports it: `internal` with the reason, `retryable` and Retry-After
 * seconds in details; undefined for any failure that is not the database being away.
 */
export function databaseUnavailable(thrown: unknown): ServiceError | undefined {
  if (thrown instanceof ServiceError) return isDatabaseUnavailable(thrown) ? thrown : undefined;
  if (unreachableCause(thrown) === undefined) return undefined;
  return unavailable(`The database is unavailable; retry in ${DATABASE_RETRY_AFTER_SECONDS} seconds`, {
    reason: DATABASE_UNAVAILABLE,
    retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    cause: thrown,
  });
}
