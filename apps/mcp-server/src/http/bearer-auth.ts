// Authenticates `Authorization: Bearer` on the MCP endpoint; anything else is `unauthorized` with a challenge naming the metadata.
import type { RequestHandler } from 'express';
import { fail } from '@svc/errors';
import { annotateRequestContext } from '@svc/observability';
import type { Caller } from '../auth/caller';
import { verifyBearer } from '../auth/verify-bearer';
import type { ServerDeps } from '../deps';
import { resourceMetadataUrl } from '../oauth/metadata-routes';

/** Read on every request: the public address may be settled after the app is built (tests listen first). */
export function bearerAuth(
  deps: Pick<ServerDeps, 'database' | 'publicUrl' | 'oauth'>,
): RequestHandler {
  return async (req, res, next) => {
    try {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
      const oauth = { publicUrl: deps.publicUrl, keys: deps.oauth.keys };
      const caller = match?.[1] ? await verifyBearer(deps.database, match[1], oauth) : null;
      if (!caller) {
        // RFC 9728 §5.1: the challenge tells an MCP client where to start OAuth discovery.
        const metadata = `resource_metadata="${resourceMetadataUrl(deps.publicUrl)}"`;
        res.setHeader(
          'WWW-Authenticate',
          match ? `Bearer ${metadata}, error="invalid_token"` : `Bearer ${metadata}`,
        );
        throw fail.unauthorized(
          match ? 'The bearer token is not valid' : 'A bearer token is required',
        );
      }
      res.locals.caller = caller satisfies Caller;
      annotateRequestContext({ userId: caller.userId });
      next();
    } catch (err) {
      next(err);
    }
  };
}
