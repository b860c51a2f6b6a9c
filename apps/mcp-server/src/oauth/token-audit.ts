// Writes `token_issued` to the audit trail when the token endpoint hands out tokens for an authorization code.
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '@svc/db';
import { recordAudit } from '../usage/audit-log';

/**
 * Runs around oidc-provider's routes, inside the HTTP request's context, so the row carries the
 * token response's request id. Only the code grant is recorded: it is where a person's consent
 * turns into tokens, while refreshes rotate them every hour and would drown the trail.
 */
export function tokenAudit(database: Database) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<unknown>): Promise<void> => {
    await next();
    if (ctx.oidc?.route !== 'token' || ctx.status !== 200) return;
    if (ctx.oidc.params?.grant_type !== 'authorization_code') return;
    const token = ctx.oidc.entities.AccessToken;
    const clientId = token?.clientId ?? ctx.oidc.client?.clientId;
    if (!token || !clientId) return;
    try {
      await recordAudit(database.db, {
        action: 'token_issued',
        target: { type: 'oauth_client', id: clientId },
        userId: token.accountId ?? null,
        details: {
          grant_type: 'authorization_code',
          grant_id: token.grantId,
          scope: token.scope,
          refresh_token: ctx.oidc.entities.RefreshToken !== undefined,
        },
      });
    } catch (err) {
      // No tokens without their trail row: the client is told to start over.
      ctx.oidc.provider.emit('server_error', ctx, err);
      ctx.status = 500;
      ctx.body = {
        error: 'server_error',
        error_description: 'The tokens could not be issued; try again',
      };
    }
  };
}
