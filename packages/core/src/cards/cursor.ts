// Opaque page cursors: base64url JSON the caller passes back untouched, checked on the way in.
import { fail } from '@svc/errors';
import type { z } from 'zod';

export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A cursor this tool did not issue (or one edited by hand) is the caller's mistake. */
export function decodeCursor<T>(cursor: string, schema: z.ZodType<T>): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const checked = schema.safeParse(parsed);
  if (!checked.success)
    throw fail.validation('cursor is not one this tool returned; pass next_cursor unchanged');
  return checked.data;
}
