// Unbiased random base62 strings from the platform CSPRNG, shared by request ids and thread tokens.

export const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Largest multiple of 62 below 256; bytes at or above it are redrawn so no character is favoured. */
const UNBIASED_LIMIT = 248;
/** getRandomValues refuses to fill more than 64 KiB at once. */
const MAX_DRAW_BYTES = 65_536;

export function randomBase62(length: number): string {
  if (!Number.isInteger(length) || length < 1)
    throw new RangeError('length must be a positive integer');
  let out = '';
  const bytes = new Uint8Array(Math.min(length * 2, MAX_DRAW_BYTES));
  while (out.length < length) {
    globalThis.crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte >= UNBIASED_LIMIT) continue;
      out += BASE62_ALPHABET.charAt(byte % 62);
      if (out.length === length) break;
    }
  }
  return out;
}
