// The same first sign-in through an external identity provider, many times at once (a double-submitted
// callback, several tabs): one account, linked once, and every attempt signs in to it.
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '@svc/db';
import { ensureRequestContext } from '@svc/observability';
import { openTestDatabase } from '@svc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveExternalAccount } from '../src/account/external-oidc/link';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase({ poolMax: 10 });
});
afterAll(() => database.close());

describe('first sign-in with an external identity, ten at once', () => {
  it('makes one account and one link, and every attempt gets that account', async () => {
    const identity = { issuer: 'https://idp.example.com', subject: 'sub-42', email: 'grace@example.com', emailVerified: true, name: 'Grace' };
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => ensureRequestContext(() => resolveExternalAccount(database, identity))));
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(Array(10).fill('ok'));
    const ids = new Set(results.map((r) => (r.status === 'fulfilled' ? r.value.id : '')));
    expect(ids.size).toBe(1);
    const counts = rowsOf<{ users: number; links: number }>(
      await database.db.execute(sql`select
        (select count(*)::int from users where lower(email) = 'grace@example.com') as users,
        (select count(*)::int from external_identities where subject = 'sub-42') as links`),
    );
    expect(counts[0]).toEqual({ users: 1, links: 1 });
  });
});
