// The request id `req_<random>.<timestamp>`: its schema, minting, and the adopt-or-replace rule.
import { z } from 'zod';
import { randomBase62 } from './shared/random';

/** Accepted random part: 16..64 base62 characters; minted ids carry 22 (about 131 bits). */
export const REQUEST_ID_RANDOM_MIN_CHARS = 16;
export const REQUEST_ID_RANDOM_MAX_CHARS = 64;
export const REQUEST_ID_RANDOM_MINTED_CHARS = 22;
/** Epoch milliseconds in base 10: exactly 13 digits, no leading zero (years 2001 to 2286). */
export const REQUEST_ID_TIMESTAMP_DIGITS = 13;
export const REQUEST_ID_MAX_CHARS =
  'req_'.length + REQUEST_ID_RANDOM_MAX_CHARS + 1 + REQUEST_ID_TIMESTAMP_DIGITS;

const MIN_TIMESTAMP = 10 ** (REQUEST_ID_TIMESTAMP_DIGITS - 1);
const MAX_TIMESTAMP = 10 ** REQUEST_ID_TIMESTAMP_DIGITS - 1;

export const REQUEST_ID_PATTERN = /^req_([0-9A-Za-z]{16,64})\.([1-9][0-9]{12})$/;

export const requestIdSchema = z
  .string()
  .max(REQUEST_ID_MAX_CHARS)
  .regex(REQUEST_ID_PATTERN, 'expected req_<16-64 base62 chars>.<13-digit epoch milliseconds>');

export type RequestId = z.infer<typeof requestIdSchema>;

export function isRequestId(value: unknown): value is RequestId {
  return requestIdSchema.safeParse(value).success;
}

export function mintRequestId(now: number = Date.now()): RequestId {
  if (!Number.isSafeInteger(now) || now < MIN_TIMESTAMP || now > MAX_TIMESTAMP) {
    throw new RangeError('now must be epoch milliseconds with 13 digits');
  }
  return `req_${randomBase62(REQUEST_ID_RANDOM_MINTED_CHARS)}.${now}`;
}

/** The parts of a valid id; the timestamp says when it was minted, by the minter's clock. */
export function parseRequestId(value: string): { random: string; timestamp: number } | null {
  const match = REQUEST_ID_PATTERN.exec(value);
  if (!match?.[1] || !match[2]) return null;
  return { random: match[1], timestamp: Number(match[2]) };
}

/**
 * The incoming `X-Request-Id` is adopted when it passes the schema; anything else is replaced
 * silently, so a client can never inject arbitrary text into logs through the header.
 */
export function adoptOrMintRequestId(incoming: unknown, now?: number): RequestId {
  return isRequestId(incoming) ? incoming : mintRequestId(now);
}
