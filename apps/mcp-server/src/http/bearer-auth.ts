// Authenticates `Authorization: Bearer` on the MCP endpoint; anything else is `unauthorized` with a challenge.
import type { RequestHandler } from 'express';
import type { Database } from '@svc/db';
import { fail } from '@svc/errors';
import { annotateRequestContext } from '@svc/observability';
import type { Caller } from '../auth/caller';
import { verifyBearer } from '../auth/verify-bearer';

export function bearerAuth(deps: { database: Database; publicUrl: string }): RequestHandler {
  const challenge = `Bearer realm="memory-service"`;
  return async (req, res, next) => {
    try {
      const header = req.get('authorization') ?? '';
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      const caller = match?.[1] ? await verifyBearer(deps.database, match[1]) : null;
      if (!caller) {
        res.setHeader('WWW-Authenticate', challenge);
        throw fail.unauthorized(match ? 'The bearer token is not valid' : 'A bearer token is required');
      }
      res.locals.caller = caller satisfies Caller;
      annotateRequestContext({ userId: caller.userId });
      next();
    } catch (err) {
      next(err);
    }
  };
}
