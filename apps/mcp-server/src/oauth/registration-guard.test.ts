import { describe, expect, it } from 'vitest';
import { checkRegistration, redirectKind } from './registration-guard';

describe('redirectKind', () => {
  it('tells loopback (localhost, 127.0.0.0/8, [::1]), private-use schemes and https apart', () => {
    expect(redirectKind('http://localhost:3000/cb')).toBe('loopback');
    expect(redirectKind('http://127.8.9.10/cb')).toBe('loopback');
    expect(redirectKind('http://[::1]:1/cb')).toBe('loopback');
    expect(redirectKind('vscode://auth/cb')).toBe('private_use');
    expect(redirectKind('https://app.example.com/cb')).toBe('https');
    expect(redirectKind('http://app.example.com/cb')).toBe('other');
  });
});

describe('checkRegistration', () => {
  it('makes loopback and private-use registrations without application_type native', () => {
    expect(checkRegistration({ redirect_uris: ['http://127.0.0.1/cb', 'cursor://cb'] })).toEqual({
      ok: true,
      applicationType: 'native',
    });
    expect(
      checkRegistration({ redirect_uris: ['http://127.0.0.1/cb'], application_type: 'web' }),
    ).toEqual({ ok: true });
    expect(checkRegistration({ redirect_uris: ['https://app.example.com/cb'] })).toEqual({
      ok: true,
    });
  });

  it('refuses https mixed with loopback as invalid_redirect_uri', () => {
    const verdict = checkRegistration({
      redirect_uris: ['https://app.example.com/cb', 'http://localhost/cb'],
    });
    expect(verdict).toMatchObject({ ok: false, error: 'invalid_redirect_uri' });
  });
});
