// /account/tokens: the person's API tokens (made here or by `svc token create`), a new one shown once, revoking one.
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { createApiToken, listApiTokens, revokeApiToken, type ApiToken } from '@svc/db';
import { fail } from '@svc/errors';
import type { ServerDeps } from '../../deps';
import { tokenCacheOf } from '../../auth/token-cache';
import { recordAudit } from '../../usage/audit-log';
import { idParam, parseInput, personOf } from './person';

const createBody = z.object({
  name: z.string().trim().min(1).max(200),
  /** Absent: the token lasts until revoked, as the CLI's do. */
  expires_in_days: z.coerce.number().int().min(1).max(365).optional(),
});

function tokenBody(t: ApiToken, now: Date) {
  return {
    id: t.id,
    name: t.name,
    created_at: t.createdAt.toISOString(),
    last_used_at: t.lastUsedAt?.toISOString() ?? null,
    expires_at: t.expiresAt?.toISOString() ?? null,
    revoked_at: t.revokedAt?.toISOString() ?? null,
    state: t.revokedAt ? 'revoked' : t.expiresAt && t.expiresAt <= now ? 'expired' : 'live',
  };
}

/** api_tokens is readable as the person (RLS), but the writes keep their audit row in one privileged transaction. */
export function tokenRoutes(deps: ServerDeps, guard: RequestHandler): Router {
  const router = Router();
  const { database } = deps;

  router.get('/account/tokens', guard, async (_req, res) => {
    const now = new Date();
    const tokens = await listApiTokens(database.db, personOf(res).userId);
    // Live ones first, newest first within each state; revoked and expired stay listed for the record.
    const listed = tokens
      .map((t) => tokenBody(t, now))
      .sort((a, b) => {
        if ((a.state === 'live') !== (b.state === 'live')) return a.state === 'live' ? -1 : 1;
        return b.created_at.localeCompare(a.created_at);
      });
    res.json({ tokens: listed });
  });

  router.post('/account/tokens', guard, async (req, res) => {
    const input = parseInput(createBody, req.body ?? {});
    const userId = personOf(res).userId;
    const issued = await database.system(async (tx) => {
      const made = await createApiToken(tx, userId, {
        name: input.name,
        expiresAt: input.expires_in_days
          ? new Date(Date.now() + input.expires_in_days * 86_400_000)
          : undefined,
      });
      await recordAudit(tx, {
        action: 'token_issued',
        target: { type: 'api_token', id: made.record.id },
        userId,
        details: { via: 'dashboard', name: made.record.name },
      });
      return made;
    });
    res.status(201).json({ token: issued.token, record: tokenBody(issued.record, new Date()) });
  });

  router.delete('/account/tokens/:id', guard, async (req, res) => {
    const { id } = parseInput(idParam, req.params);
    const userId = personOf(res).userId;
    const revoked = await database.system(async (tx) => {
      const done = await revokeApiToken(tx, userId, id);
      if (done)
        await recordAudit(tx, {
          action: 'token_revoked',
          target: { type: 'api_token', id },
          userId,
        });
      return done;
    });
    // After the commit: the bearer check's cache must not answer for this token any more.
    if (revoked) tokenCacheOf(database).forgetToken(id);
    // Another person's token is as unknown as one that never existed.
    if (!revoked) throw fail.notFound('No such live token', { token_id: id });
    res.status(204).end();
  });
  return router;
}
