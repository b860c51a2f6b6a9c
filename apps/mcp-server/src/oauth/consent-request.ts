// Finds the authorization request behind a consent id: oidc-provider's interaction plus its recorded consent state.
import type { Client } from 'oidc-provider';
import { mcpResource } from './access-token';
import type { DecisionContext, Interaction } from './consent-decision';
import { openAuthorization, type AuthorizationRow } from './consent-state';

export interface LoadedAuthorization {
  interaction: Interaction;
  row: AuthorizationRow;
  client: Client;
  userId: string;
}

/**
 * The request for `userId`, recorded on first sight and owned by its first signed-in reader; null
 * when the interaction is gone (expired or finished), the request answered, or someone else's.
 */
export async function loadAuthorization(
  ctx: DecisionContext,
  uid: string,
  userId: string,
): Promise<LoadedAuthorization | null> {
  const interaction = await ctx.provider.Interaction.find(uid);
  if (!interaction) return null;
  const params = interaction.params;
  const clientId = String(params.client_id);
  const client = await ctx.provider.Client.find(clientId);
  // A client with one registered redirect URI may leave it out of the request.
  const redirectUri =
    typeof params.redirect_uri === 'string' ? params.redirect_uri : client?.redirectUris?.[0];
  if (!client || !redirectUri) return null;
  const seed = {
    uid,
    clientId,
    redirectUri,
    scope: typeof params.scope === 'string' ? params.scope : '',
    resource: mcpResource(ctx.publicUrl),
    expiresAt: new Date(interaction.exp * 1000),
  };
  const row = await openAuthorization(ctx.database, seed, userId);
  return row ? { interaction, row, client, userId } : null;
}
