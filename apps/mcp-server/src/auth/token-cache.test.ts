import { describe, expect, it } from 'vitest';
import type { Caller } from './caller';
import { createTokenCache } from './token-cache';

const caller = (userId: string): Caller => ({ userId, email: `${userId}@example.com`, aal: 'aal2', via: 'api_token' });
const TOKEN = `svc_${'a'.repeat(43)}`;
const OTHER = `svc_${'b'.repeat(43)}`;

describe('the verified token cache', () => {
  it('answers within its TTL and not after', () => {
    const cache = createTokenCache(10_000);
    cache.put(TOKEN, { caller: caller('u1'), tokenId: 't1', expiresAt: null }, cache.generation, 1_000);
    expect(cache.get(TOKEN, 10_999)).toEqual(caller('u1'));
    expect(cache.get(TOKEN, 11_000)).toBeNull();
    expect(cache.get(OTHER, 1_000)).toBeNull();
  });

  it('never answers past the token\'s own expiry', () => {
    const cache = createTokenCache(10_000);
    cache.put(TOKEN, { caller: caller('u1'), tokenId: 't1', expiresAt: new Date(3_000) }, cache.generation, 1_000);
    expect(cache.get(TOKEN, 2_999)).not.toBeNull();
    expect(cache.get(TOKEN, 3_000)).toBeNull();
  });

  it('forgets a revoked token and a deleted account\'s tokens at once, and nobody else\'s', () => {
    const cache = createTokenCache(10_000);
    cache.put(TOKEN, { caller: caller('u1'), tokenId: 't1', expiresAt: null }, cache.generation, 0);
    cache.put(OTHER, { caller: caller('u2'), tokenId: 't2', expiresAt: null }, cache.generation, 0);
    cache.forgetToken('t1');
    expect(cache.get(TOKEN, 1)).toBeNull();
    expect(cache.get(OTHER, 1)).not.toBeNull();
    cache.forgetUser('u2');
    expect(cache.get(OTHER, 1)).toBeNull();
  });

  it('does not keep a lookup that was under way when something was forgotten', () => {
    const cache = createTokenCache(10_000);
    const lookedUpAt = cache.generation;
    // The revocation commits and is forgotten while the lookup (which read the live row) is in flight.
    cache.forgetToken('t1');
    cache.put(TOKEN, { caller: caller('u1'), tokenId: 't1', expiresAt: null }, lookedUpAt, 0);
    expect(cache.get(TOKEN, 1)).toBeNull();
  });
});
