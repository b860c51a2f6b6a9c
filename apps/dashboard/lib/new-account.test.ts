import { describe, expect, it } from 'vitest';
import { newAccountError, readNewAccount } from './new-account';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

describe('the new-account form', () => {
  it('passes the fields on, dropping an empty name', () => {
    expect(readNewAccount(form({ email: ' ada@example.com ', display_name: '', password: 'p'.repeat(12), password_again: 'p'.repeat(12) }))).toEqual({
      ok: true,
      data: { email: 'ada@example.com', password: 'p'.repeat(12) },
    });
  });

  it('refuses two different passwords and keeps what was typed but the passwords', () => {
    const read = readNewAccount(form({ email: 'ada@example.com', display_name: 'Ada', password: 'one password', password_again: 'another one' }));
    expect(read).toEqual({
      ok: false,
      state: { error: 'The two passwords differ. Type the same password twice.', email: 'ada@example.com', displayName: 'Ada' },
    });
  });

  it("shows the server's own sentence for a refused password or a taken address, a generic one otherwise", () => {
    const rule = { ok: false as const, status: 400, code: 'validation_failed', message: 'The password is not acceptable: the password needs at least 10 characters' };
    expect(newAccountError(rule)).toBe(rule.message);
    expect(newAccountError({ ok: false, status: 503, code: 'unreachable', message: 'x' })).toMatch(/cannot be reached/);
  });
});
