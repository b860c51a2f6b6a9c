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

interface ClientInfo {
  name: string | null;
  redirectHosts: string[];
  registeredAt: string | null;
}

/**
 * Where a redirect URI sends the code: host and port for http(s), the scheme for an app's own
 * (cursor://…). Several agents register the same name ("MCP CLI Proxy"); this tells them apart.
 */
export function redirectHost(uri: string): string | null {
  try {
    const url = new URL(uri);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host : `${url.protocol}//`;
  } catch {
    return null;
  }
}

/** The registered metadata the agents list shows, by client id; a client that is gone is absent. */
async function clientInfo(db: Db, clientIds: string[]): Promise<Map<string, ClientInfo>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .select({ id: oauthStore.id, payload: oauthStore.payload })
    .from(oauthStore)
    .where(and(eq(oauthStore.model, 'Client'), inArray(oauthStore.id, clientIds)));
  return new Map(
    rows.map((r) => {
      const { client_name: name, redirect_uris: uris, client_id_issued_at: issued } = r.payload;
      const hosts = Array.isArray(uris)
        ? uris.flatMap((u) => (typeof u === 'string' ? [redirectHost(u)] : []))
        : [];
      return [
        r.id,
        {
          name: typeof name === 'string' ? name : null,
          redirectHosts: [...new Set(hosts.filter((h): h is string => h !== null))],
          // Dynamic registration records seconds since the epoch (RFC 7591).
          registeredAt: typeof issued === 'number' ? new Date(issued * 1000).toISOString() : null,
        },
      ] as const;
    }),
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
    const clients = await clientInfo(db, [
      ...new Set(sessions.flatMap((s) => (s.clientId ? [s.clientId] : []))),
    ]);
    res.json({
      agents: sessions.map((s) => {
        const client = s.clientId ? clients.get(s.clientId) : undefined;
        return {
          session_id: s.id,
          client_id: s.clientId,
          client_name: client?.name ?? null,
          redirect_hosts: client?.redirectHosts ?? [],
          registered_at: client?.registeredAt ?? null,
          created_at: s.createdAt.toISOString(),
          last_used_at: s.lastSeenAt.toISOString(),
          expires_at: s.expiresAt.toISOString(),
        };
      }),
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
          .where(
            or(
              eq(oauthStore.grantId, own.grantId),
              and(eq(oauthStore.model, 'Grant'), eq(oauthStore.id, own.grantId)),
            ),
          );
      }
    });
    res.status(204).end();
  });
  return router;
}
