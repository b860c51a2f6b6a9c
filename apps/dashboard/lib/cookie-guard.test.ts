import { describe, expect, it } from 'vitest';
import { cookieNames, cookiesToClear } from './cookie-guard';

describe('cookie guard', () => {
  const big = 'x'.repeat(8200);

  it('names the cookies of a header', () => {
    expect(cookieNames('a=1; svc-session=2;b')).toEqual(['a', 'svc-session', 'b']);
  });

  it('clears nothing at or under 8 KB', () => {
    expect(cookiesToClear('svc-session=abc', 'svc-session')).toEqual([]);
    expect(cookiesToClear(null, 'svc-session')).toEqual([]);
  });

  it('clears every session cookie once past 8 KB, and only those', () => {
    const header = `svc-session=abc; other=${big}; svc-session.1=def; svc-session=dup`;
    expect(cookiesToClear(header, 'svc-session')).toEqual(['svc-session', 'svc-session.1']);
  });

  it('clears nothing when no session cookie is there, so no redirect loop starts', () => {
    expect(cookiesToClear(`other=${big}`, 'svc-session')).toEqual([]);
  });
});
