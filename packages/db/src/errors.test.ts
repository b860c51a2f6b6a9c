// Unit tests of the SQLSTATE classification, on error objects shaped like the drivers' (no database).
import { ServiceError } from '@svc/errors';
import { describe, expect, it } from 'vitest';
import { fromPgError, sqlStateOf } from './errors';

/** The shape pg and PGlite both throw. */
function pgError(code: string, message = 'refused', extra: Record<string, unknown> = {}) {
  return Object.assign(new Error(message), { code, severity: 'ERROR', ...extra });
}

/** drizzle 0.44+ wraps driver errors; the SQLSTATE sits on `cause`. */
function wrapped(cause: Error) {
  return Object.assign(new Error('Failed query: ...'), { cause });
}

describe('fromPgError', () => {
  it.each([
    ['42501', 'forbidden'],
    ['23505', 'conflict'],
    ['40001', 'conflict'],
    ['40P01', 'conflict'],
    ['22P02', 'validation_failed'],
    ['22001', 'validation_failed'],
    ['22023', 'validation_failed'],
    ['23514', 'validation_failed'],
    ['23502', 'validation_failed'],
  ])('maps SQLSTATE %s to %s and keeps it in details', (sqlstate, code) => {
    const cause = pgError(sqlstate);
    const err = fromPgError(wrapped(cause));
    expect(err).toBeInstanceOf(ServiceError);
    expect(err).toMatchObject({ code, details: { sqlstate } });
    expect((err as ServiceError).cause).toBeInstanceOf(Error);
  });

  it('treats a missing reference as not_found and a still-referenced row as conflict', () => {
    const insert = pgError('23503', 'insert or update on table "memories" violates foreign key constraint "x"', {
      constraint: 'x',
      table: 'memories',
    });
    expect(fromPgError(insert)).toMatchObject({ code: 'not_found', details: { sqlstate: '23503', constraint: 'x', table: 'memories' } });
    const del = pgError('23503', 'update or delete on table "users" violates foreign key constraint "y"');
    expect(fromPgError(del)).toMatchObject({ code: 'conflict' });
  });

  it('leaves unclassified and non-database errors unchanged', () => {
    const syntax = pgError('42601');
    expect(fromPgError(syntax)).toBe(syntax);
    // A socket error on the way to the database is the outage (unavailable.test.ts); a file's is not ours.
    const other = Object.assign(new Error('open'), { code: 'ENOENT', syscall: 'open' });
    expect(fromPgError(other)).toBe(other);
    expect(sqlStateOf(other)).toBeUndefined();
    const classified = new ServiceError('not_found', 'gone');
    expect(fromPgError(classified)).toBe(classified);
    expect(fromPgError('text')).toBe('text');
  });
});
