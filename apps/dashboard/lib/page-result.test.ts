import { describe, expect, it } from 'vitest';
import { failureText, waitText } from './page-result';

describe('failure text', () => {
  it("says a 429's real wait, from Retry-After", () => {
    expect(failureText({ ok: false, status: 429, code: 'rate_limited', message: 'x', retryAfterSeconds: 900 })).toBe(
      'Too many attempts. Try again in 15 minutes.',
    );
    expect(failureText({ ok: false, status: 429, code: 'rate_limited', message: 'x', retryAfterSeconds: 20 })).toBe(
      'Too many attempts. Try again in a minute.',
    );
    expect(failureText({ ok: false, status: 429, code: 'rate_limited', message: 'x' })).toBe(
      'Too many attempts. Try again in a minute.',
    );
  });

  it('rounds waits up to whole minutes', () => {
    expect([waitText(1), waitText(60), waitText(61), waitText(899), waitText(900)]).toEqual([
      'a minute',
      'a minute',
      '2 minutes',
      '15 minutes',
      '15 minutes',
    ]);
  });
});
