// Opaque page cursors: a position plus a fingerprint of the listing, so a cursor continues only its own.
import { createHash } from 'node:crypto';
import { fail } from '@svc/errors';

/** Same arguments (less the cursor and the page size), same fingerprint. */
export function fingerprint(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 16);
}

export function encodeCursor(position: unknown, print: string): string {
  return Buffer.from(JSON.stringify({ p: position, f: print })).toString('base64url');
}

/**
 * The position of a cursor made for the same listing, or undefined without a cursor. A cursor of
 * another listing, or one that was tampered with, is the caller's mistake: validation_failed.
 */
export function decodeCursor<P>(cursor: string | undefined, print: string, isPosition: (p: unknown) => p is P): P | undefined {
  if (cursor === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const { p, f } = (parsed ?? {}) as { p?: unknown; f?: unknown };
  if (f !== print || !isPosition(p)) {
    throw fail.validation('cursor does not belong to this listing; pass the next_cursor of the same call', { cursor });
  }
  return p;
}

export const isOffset = (p: unknown): p is number => Number.isInteger(p) && (p as number) >= 0;
