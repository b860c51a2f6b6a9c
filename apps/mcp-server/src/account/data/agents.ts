// GET /account/agents and DELETE /account/agents/:sessionId: the person's connected agents, and cutting one off.
import { Router, type RequestHandler } from 'express';
import { and, eq, inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import { listAgentSessions, oauthStore, revokeSession, type Db } from '@svc/db';
import { fail } from '@svc/errors';
import type { ServerDeps } from '../../deps';
import { recordAudit } from '../../usage/audit-log';
import { parseInput, personOf } from './person';

const sessionParams = z.object({ sessionId: z.uuid() });

/** Registered client names by client id; a client that registered none (or is gone) is absent. */
async function clientNames(db: Db, clientIds: string[]): Promise<Map<string, string>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .select({ id: oauthStore.id, payload: oauthStore.payload })
    .from(oauthStore)
    .where(and(eq(oauthStore.model, 'Client'), inArray(oauthStore.id, clientIds)));
  return new Map(
    rows.flatMap((r) => (typeof r.payload.client_name === 'string' ? [[r.id, r.payload.client_name] as const] : [])),
  );
}

/**
 * Sessions and the authorization server's store are service-only tables (no row is readable as a
 * user), so these routes use the privileged handle and always filter by the signed-in person.
 */
export function agentRoutes(deps: ServerDeps, guard: RequestHandler): Router {
  const router = Router();
  const { db } = deps.database;

  router.get('/account/agents', guard, async (_req, res) => {
    const sessions = await listAgentSessions(db, personOf(res).userId);
    const names = await clientNames(db, [...new Set(sessions.flatMap((s) => (s.clientId ? [s.clientId] : [])))]);
    res.json({
      agents: sessions.map((s) => ({
        session_id: s.id,
        client_id: s.clientId,
        client_name: (s.clientId && names.get(s.clientId)) ?? null,
        created_at: s.createdAt.toISOString(),
        last_used_at: s.lastSeenAt.toISOString(),
        expires_at: s.expiresAt.toISOString(),
      })),
    });
  });

  router.delete('/account/agents/:sessionId', guard, async (req, res) => {
    const { sessionId } = parseInput(sessionParams, req.params);
    const own = (await listAgentSessions(db, personOf(res).userId)).find((s) => s.id === sessionId);
    // Another person's session is as unknown as one that never existed.
    if (!own) throw fail.notFound('No such connected agent', { session_id: sessionId });
    await deps.database.system(async (tx) => {
      await revokeSession(tx, own.id);
      await recordAudit(tx, {
        action: 'agent_revoked',
        target: own.clientId ? { type: 'oauth_client', id: own.clientId } : undefined,
        userId: own.userId,
        details: { session_id: own.id, grant_id: own.grantId },
      });
      // The grant's stored tokens go too, so a refresh token cannot mint new access tokens.
      if (own.grantId) {
        await tx
          .delete(oauthStore)
          .where(or(eq(oauthStore.grantId, own.grantId), and(eq(oauthStore.model, 'Grant'), eq(oauthStore.id, own.grantId))));
      }
    });
    res.status(204).end();
  });
  return router;
}
