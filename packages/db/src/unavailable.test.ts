// Unit tests of the outage classification, on error objects shaped like node-postgres's (no database).
import { ServiceError } from '@svc/errors';
import { describe, expect, it } from 'vitest';
import { fromPgError } from './errors';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailable, isDatabaseUnavailable, unreachableCause } from './unavailable';

function pgError(code: string, message = 'refused') {
  return Object.assign(new Error(message), { code, severity: 'FATAL' });
}
function socketError(code: string) {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -111, syscall: 'connect' });
}
/** drizzle's DrizzleQueryError: its message repeats the query and its parameters. */
function wrapped(cause: Error) {
  return Object.assign(new Error('Failed query: insert into memories ... params: a secret'), { cause });
}

const OUTAGE_DETAILS = { reason: 'database_unavailable', retryable: true, retry_after_seconds: DATABASE_RETRY_AFTER_SECONDS };

describe('a database that cannot be reached', () => {
  it.each([
    ['connection refused', socketError('ECONNREFUSED')],
    ['connection reset', socketError('ECONNRESET')],
    ['a host that does not resolve (yet)', socketError('ENOTFOUND')],
    ['admin shutdown', pgError('57P01', 'terminating connection due to administrator command')],
    ['crash shutdown', pgError('57P02')],
    ['a server starting up', pgError('57P03', 'the database system is starting up')],
    ['a connection exception', pgError('08006')],
    ['too many connections', pgError('53300', 'sorry, too many clients already')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['the pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['the client connect timeout', new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') })],
  ])('is the retryable outage failure on %s, wrapped or not', (_name, cause) => {
    for (const thrown of [cause, wrapped(cause)]) {
      const err = fromPgError(thrown) as ServiceError;
      expect(err).toBeInstanceOf(ServiceError);
      expect(err).toMatchObject({ code: 'internal', status: 500, details: OUTAGE_DETAILS });
      expect(err.message).toMatch(/database is unavailable/);
      expect(isDatabaseUnavailable(err)).toBe(true);
      // What gets logged is the driver's error, never the wrapper that carries the parameters.
      expect(unreachableCause(err)?.error).toBe(cause);
    }
  });

  it('leaves a server that answered with a refusal alone, whatever wraps it', () => {
    for (const refusal of [pgError('28P01', 'password authentication failed'), pgError('3D000'), pgError('42601')]) {
      expect(databaseUnavailable(wrapped(refusal))).toBeUndefined();
      expect(unreachableCause(refusal)).toBeUndefined();
    }
    expect(databaseUnavailable(new TypeError('a bug'))).toBeUndefined();
    expect(databaseUnavailable(new ServiceError('conflict', 'taken'))).toBeUndefined();
  });

  it('names the reason as a short token for logs', () => {
    expect(unreachableCause(wrapped(socketError('ECONNREFUSED')))?.code).toBe('ECONNREFUSED');
    expect(unreachableCause(pgError('57P01'))?.code).toBe('57P01');
    expect(unreachableCause(new Error('Connection terminated unexpectedly'))?.code).toBe('Connection terminated unexpectedly');
  });
});
