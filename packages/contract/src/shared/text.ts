// Bounded text schemas: trimmed, never blank, never longer than the named bound.
import { z } from 'zod';
import { REASON_MAX_CHARS } from '../bounds';

/** Surrounding whitespace is dropped before the bounds are checked, so "   " is refused as blank. */
export function boundedText(max: number) {
  return z.string().trim().min(1, 'must not be blank').max(max);
}

/** A reason the caller states in words (`no_links`, `no_branch`, `not_landed`, a link's reason). */
export const reasonText = boundedText(REASON_MAX_CHARS);

/** Counts UTF-8 bytes, the unit clients use when they cap tool descriptions. */
export function utf8Bytes(value: string): number {
  return new TextEncoder().encode(value).length;
}
