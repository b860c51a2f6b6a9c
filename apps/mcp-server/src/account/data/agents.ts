// GET /account/agents (one entry per client) and DELETE /account/agents/…: the person's connected agents, and cutting them off.
import { Router, type RequestHandler } from 'express';
import { and, eq, inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import { listAgentSessions, oauthStore, revokeSession, sessionUsed, type AuthSession, type Db, type Executor } from '@svc/db';
import { fail } from '@svc/errors';
import type { ServerDeps } from '../../deps';
import { recordAudit } from '../../usage/audit-log';
import { parseInput, personOf } from './person';

const sessionParams = z.object({ sessionId: z.uuid() });
const clientParams = z.object({ clientId: z.string().min(1).max(200) });

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
 * Every consent opens a new agent session, so one client allowed five times has five sessions; a
 * person thinks of it as one connected application (as GitHub and Google list authorized apps), so
 * the list has one entry per client: how many sessions, the latest use, and revoking ends them all.
 */
function groupByClient(sessions: AuthSession[], clients: Map<string, ClientInfo>) {
  const groups = new Map<string, AuthSession[]>();
  // A session without a client (none is made so today) stands alone rather than merging with others.
  for (const s of sessions) {
    const key = s.clientId ?? `session:${s.id}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  return [...groups.values()].map((group) => {
    const first = group[0]!;
    const client = first.clientId ? clients.get(first.clientId) : undefined;
    const used = group.filter(sessionUsed).map((s) => s.lastSeenAt.getTime());
    const latest = (dates: Date[]) => new Date(Math.max(...dates.map((d) => d.getTime()))).toISOString();
    return {
      client_id: first.clientId,
      client_name: client?.name ?? null,
      redirect_hosts: client?.redirectHosts ?? [],
      registered_at: client?.registeredAt ?? null,
      sessions: group.length,
      session_ids: group.map((s) => s.id),
      first_connected_at: first.createdAt.toISOString(),
      last_connected_at: latest(group.map((s) => s.createdAt)),
      // Null until one of its access tokens is accepted: a fresh connection is not a use.
      last_used_at: used.length > 0 ? new Date(Math.max(...used)).toISOString() : null,
      expires_at: latest(group.map((s) => s.expiresAt)),
    };
  });
}

/** Ends one agent session, records it, and deletes its grant's stored tokens so a refresh token cannot mint new ones. */
async function revokeAgentSession(tx: Executor, own: AuthSession): Promise<void> {
  await revokeSession(tx, own.id);
  await recordAudit(tx, {
    action: 'agent_revoked',
    target: own.clientId ? { type: 'oauth_client', id: own.clientId } : undefined,
    userId: own.userId,
    details: { session_id: own.id, grant_id: own.grantId },
  });
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
    res.json({ agents: groupByClient(sessions, clients) });
  });

  // Every live session of one client: what the dashboard's Revoke does.
  router.delete('/account/agents/clients/:clientId', guard, async (req, res) => {
    const { clientId } = parseInput(clientParams, req.params);
    const own = (await listAgentSessions(db, personOf(res).userId)).filter((s) => s.clientId === clientId);
    // A client the person never allowed is as unknown as one that does not exist.
    if (own.length === 0) throw fail.notFound('No such connected agent', { client_id: clientId });
    await deps.database.system(async (tx) => {
      for (const session of own) await revokeAgentSession(tx, session);
    });
    res.status(204).end();
  });

  router.delete('/account/agents/:sessionId', guard, async (req, res) => {
    const { sessionId } = parseInput(sessionParams, req.params);
    const own = (await listAgentSessions(db, personOf(res).userId)).find((s) => s.id === sessionId);
    // Another person's session is as unknown as one that never existed.
    if (!own) throw fail.notFound('No such connected agent', { session_id: sessionId });
    await deps.database.system((tx) => revokeAgentSession(tx, own));
    res.status(204).end();
  });
  return router;
}
