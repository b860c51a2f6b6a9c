import { describe, expect, it } from 'vitest';
import type { ApiResult } from './api/client';
import type { SessionAnswer } from './api/schemas';
import { isPublicPath, looksLikeCredential, verdictFor } from './session-gate';

const session = (mfa_required: boolean): ApiResult<SessionAnswer> => ({
  ok: true,
  status: 200,
  data: {
    user: { id: 'u', email: 'ada@example.com' },
    aal: mfa_required ? 'aal1' : 'aal2',
    amr: ['password'],
    mfa_enrolled: true,
    mfa_required,
    expires_at: '2030-01-01T00:00:00Z',
  },
});
const failure = (status: number): ApiResult<SessionAnswer> => ({ ok: false, status, code: 'x', message: 'x' });

describe('session gate', () => {
  it('leaves sign-in, health, sign-out and the disabled upload open', () => {
    for (const p of ['/login', '/login/oidc/callback', '/healthz', '/upload', '/logout', '/setup', '/signup', '/icon.svg', '/favicon.ico', '/icons/icon-192.png']) expect(isPublicPath(p)).toBe(true);
    for (const p of ['/loginx', '/memories', '/mfa/verify', '/oauth/consent', '/', '/setupx', '/signup/x']) expect(isPublicPath(p)).toBe(false);
  });

  it('sends a request without a cookie to sign in', () => {
    expect(verdictFor('/memories', null)).toEqual({ kind: 'sign-in', clear: false });
  });

  it('drops a damaged cookie instead of refusing it as an agent credential', () => {
    expect(looksLikeCredential(`svs_${'a'.repeat(43)}`)).toBe(true);
    expect(looksLikeCredential(`svc_${'b'.repeat(43)}`)).toBe(true);
    expect(looksLikeCredential('eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln')).toBe(true);
    for (const junk of ['', 'svs_short', 'hello world', `svs_${'a'.repeat(42)}`]) expect(looksLikeCredential(junk)).toBe(false);
    expect(verdictFor('/memories', null, 'svs_short')).toEqual({ kind: 'sign-in', clear: true });
  });

  it('treats a session the server no longer knows like none, and drops the cookie', () => {
    expect(verdictFor('/memories', failure(401))).toEqual({ kind: 'sign-in', clear: true });
  });

  it('refuses an agent session', () => {
    expect(verdictFor('/memories', failure(403))).toEqual({ kind: 'forbidden' });
  });

  it('says the server is unavailable rather than signing the person out', () => {
    expect(verdictFor('/memories', failure(503))).toEqual({ kind: 'unavailable' });
    expect(verdictFor('/memories', failure(502))).toEqual({ kind: 'unavailable' });
    expect(verdictFor('/memories', failure(429))).toEqual({ kind: 'busy' });
  });

  it('asks an aal1 session of an enrolled account for the factor everywhere but /mfa/verify', () => {
    expect(verdictFor('/memories', session(true))).toEqual({ kind: 'second-factor' });
    expect(verdictFor('/oauth/consent', session(true))).toEqual({ kind: 'second-factor' });
    expect(verdictFor('/mfa/verify', session(true))).toEqual({ kind: 'pass' });
  });

  it('lets a complete session through', () => {
    expect(verdictFor('/memories', session(false))).toEqual({ kind: 'pass' });
  });
});
