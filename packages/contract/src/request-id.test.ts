// Request ids: minted ones always pass, malformed ones never do, and bad incoming ids are replaced.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  REQUEST_ID_MAX_CHARS,
  adoptOrMintRequestId,
  isRequestId,
  mintRequestId,
  parseRequestId,
  requestIdSchema,
} from './request-id';

const NOW = 1_763_809_200_000;
const base62 = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz');
const timestamp = fc.integer({ min: 1e12, max: 1e13 - 1 });

describe('request id', () => {
  it('mints ids that pass its own schema, at any 13-digit time', () => {
    fc.assert(
      fc.property(timestamp, (now) => {
        const id = mintRequestId(now);
        return (
          isRequestId(id) &&
          parseRequestId(id)?.timestamp === now &&
          id.length <= REQUEST_ID_MAX_CHARS
        );
      }),
    );
  });

  it('mints from the clock by default and never repeats', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => mintRequestId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(isRequestId(id)).toBe(true);
  });

  it('accepts any 16..64 base62 random part', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: base62, minLength: 16, maxLength: 64 }),
        timestamp,
        (random, ts) => isRequestId(`req_${random}.${ts}`),
      ),
    );
  });

  it.each([
    ['short random part', `req_${'a'.repeat(15)}.${NOW}`],
    ['long random part', `req_${'a'.repeat(65)}.${NOW}`],
    ['base64url characters', `req_abcdefghijklmn-_.${NOW}`],
    ['12-digit timestamp', `req_${'a'.repeat(22)}.${String(NOW).slice(1)}`],
    ['14-digit timestamp', `req_${'a'.repeat(22)}.${NOW}0`],
    ['leading zero', `req_${'a'.repeat(22)}.0${String(NOW).slice(1)}`],
    ['seconds with a fraction', `req_${'a'.repeat(22)}.1763809200.5`],
    ['wrong prefix', `rq_${'a'.repeat(22)}.${NOW}`],
    ['upper-case prefix', `REQ_${'a'.repeat(22)}.${NOW}`],
    ['trailing newline', `req_${'a'.repeat(22)}.${NOW}\n`],
    ['log injection', `req_${'a'.repeat(22)}.${NOW} level=error`],
    ['empty', ''],
  ])('refuses %s', (_, value) => {
    expect(isRequestId(value)).toBe(false);
  });

  it('refuses a valid id with any foreign character put anywhere, and non-strings', () => {
    const foreign = fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !/[0-9A-Za-z]/.test(c));
    fc.assert(
      fc.property(timestamp, foreign, fc.nat(), (now, c, at) => {
        const id = mintRequestId(now);
        const i = at % (id.length + 1);
        return !requestIdSchema.safeParse(id.slice(0, i) + c + id.slice(i)).success;
      }),
    );
    for (const value of [undefined, null, 42, {}, ['req_x']])
      expect(isRequestId(value)).toBe(false);
  });

  it('refuses to mint from a clock outside 13 digits', () => {
    for (const bad of [0, 1e12 - 1, 1e13, Number.NaN, 1.5e12 + 0.5])
      expect(() => mintRequestId(bad)).toThrow(RangeError);
  });

  it('adopts a valid incoming id and silently replaces anything else', () => {
    const incoming = mintRequestId(NOW);
    expect(adoptOrMintRequestId(incoming)).toBe(incoming);
    const replaced = adoptOrMintRequestId('hello; drop table', NOW);
    expect(isRequestId(replaced)).toBe(true);
    expect(replaced).not.toBe('hello; drop table');
    expect(isRequestId(adoptOrMintRequestId(undefined))).toBe(true);
  });
});
