// The verified API tokens of the last few seconds, so a busy agent's every call is not a database lookup.
import { hashToken, type Database } from '@svc/db';
import type { Caller } from './caller';

/**
 * Short on purpose: a token revoked or an account deleted in this process is forgotten at once
 * (`forgetToken`, `forgetUser`), but one revoked by another process sharing the database (a second
 * instance on PostgreSQL) is still accepted here for at most this long.
 */
export const TOKEN_CACHE_TTL_MS = 10_000;
/** Past it the oldest entry goes: a flood of distinct valid tokens cannot grow memory unbounded. */
const MAX_ENTRIES = 10_000;

interface Entry {
  caller: Caller;
  tokenId: string;
  /** Wall-clock ms after which the entry is not used: the TTL or the token's own expiry, the sooner. */
  until: number;
}

export interface TokenCache {
  get(token: string, now?: number): Caller | null;
  /**
   * Read before a lookup and handed to `put`: a lookup that was under way when something was
   * forgotten may have read the row before the revocation committed, so its answer is not kept.
   */
  readonly generation: number;
  put(
    token: string,
    entry: { caller: Caller; tokenId: string; expiresAt: Date | null },
    lookedUpAt: number,
    now?: number,
  ): void;
  /** A revoked token is refused on its next use, not after the TTL. */
  forgetToken(tokenId: string): void;
  /** A deleted account's tokens likewise. */
  forgetUser(userId: string): void;
  readonly size: number;
}

/**
 * Call the forget methods after the revoking transaction committed, so that no lookup starting
 * afterwards can still see the live row. Keyed by the token's SHA-256, as the database keeps it: the plaintext is not held here either. */
export function createTokenCache(ttlMs = TOKEN_CACHE_TTL_MS): TokenCache {
  const entries = new Map<string, Entry>();
  let generation = 0;
  const forgetWhere = (match: (e: Entry) => boolean) => {
    generation += 1;
    for (const [key, e] of entries) if (match(e)) entries.delete(key);
  };
  return {
    get(token, now = Date.now()) {
      const key = hashToken(token);
      const e = entries.get(key);
      if (!e) return null;
      if (now >= e.until) {
        entries.delete(key);
        return null;
      }
      return e.caller;
    },
    get generation() {
      return generation;
    },
    put(token, { caller, tokenId, expiresAt }, lookedUpAt, now = Date.now()) {
      if (lookedUpAt !== generation) return;
      const until = Math.min(now + ttlMs, expiresAt?.getTime() ?? Infinity);
      if (until <= now) return;
      const key = hashToken(token);
      entries.delete(key);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { caller, tokenId, until });
    },
    forgetToken(tokenId) {
      forgetWhere((e) => e.tokenId === tokenId);
    },
    forgetUser(userId) {
      forgetWhere((e) => e.caller.userId === userId);
    },
    get size() {
      return entries.size;
    },
  };
}

const perDatabase = new WeakMap<Database, TokenCache>();

/**
 * One cache per open database: the bearer check fills it, and the routes that revoke a token or
 * delete an account empty it, wherever in the process they run.
 */
export function tokenCacheOf(database: Database): TokenCache {
  let cache = perDatabase.get(database);
  if (!cache) {
    cache = createTokenCache();
    perDatabase.set(database, cache);
  }
  return cache;
}
