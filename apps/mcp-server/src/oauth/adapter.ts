// oidc-provider's storage adapter over the `oauth_store` table, so clients, grants and tokens outlive a restart.
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import { oauthStore, type Database } from '@svc/db';

/** Expired rows are swept now and then on write; reads already ignore them. */
const SWEEP_EVERY_WRITES = 200;

function expiresAtFrom(expiresIn: number | undefined): Date | null {
  return typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null;
}

export function createOAuthAdapter(database: Database): AdapterFactory {
  const { db } = database;
  let writes = 0;

  const live = () => or(isNull(oauthStore.expiresAt), gt(oauthStore.expiresAt, new Date()));

  const sweep = async () => {
    writes += 1;
    if (writes % SWEEP_EVERY_WRITES !== 0) return;
    await db.delete(oauthStore).where(lt(oauthStore.expiresAt, new Date()));
  };

  return (model: string): Adapter => {
    const findWhere = async (
      column: typeof oauthStore.id | typeof oauthStore.uid | typeof oauthStore.userCode,
      value: string,
    ) => {
      const [row] = await db
        .select({ payload: oauthStore.payload, consumedAt: oauthStore.consumedAt })
        .from(oauthStore)
        .where(and(eq(oauthStore.model, model), eq(column, value), live()))
        .limit(1);
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      // oidc-provider reads `consumed` to refuse a second use of a code or a rotated refresh token.
      return row.consumedAt
        ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
        : payload;
    };

    return {
      async upsert(id, payload, expiresIn) {
        const values = {
          payload: payload as Record<string, unknown>,
          grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
          userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
          uid: typeof payload.uid === 'string' ? payload.uid : null,
          expiresAt: expiresAtFrom(expiresIn),
        };
        await db
          .insert(oauthStore)
          .values({ model, id, ...values })
          .onConflictDoUpdate({ target: [oauthStore.model, oauthStore.id], set: values });
        await sweep();
      },
      find: (id) => findWhere(oauthStore.id, id),
      findByUid: (uid) => findWhere(oauthStore.uid, uid),
      findByUserCode: (userCode) => findWhere(oauthStore.userCode, userCode),
      async consume(id) {
        await db
          .update(oauthStore)
          .set({ consumedAt: sql`now()` })
          .where(and(eq(oauthStore.model, model), eq(oauthStore.id, id)));
      },
      async destroy(id) {
        await db.delete(oauthStore).where(and(eq(oauthStore.model, model), eq(oauthStore.id, id)));
      },
      async revokeByGrantId(grantId) {
        await db
          .delete(oauthStore)
          .where(and(eq(oauthStore.model, model), eq(oauthStore.grantId, grantId)));
      },
    };
  };
}
