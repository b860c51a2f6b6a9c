// Carries a person's decision into oidc-provider: a grant and an agent session on allow, access_denied on deny.
import type Provider from 'oidc-provider';
import type { Database } from '@svc/db';
import { recordAudit } from '../usage/audit-log';
import {
  markAnswered,
  recordConsent,
  releaseDecision,
  type AuthorizationRow,
} from './consent-state';
import { acceptedResources, MEMORY_SCOPE } from './names';
import type { OAuthRuntime } from './runtime';

export type Interaction = InstanceType<Provider['Interaction']>;

/** Scopes oidc-provider checks on the grant itself (its `scopes` list), besides the resource's. */
const GRANT_SCOPES = new Set(['openid', 'offline_access', MEMORY_SCOPE]);

export class AgentSessionFailed extends Error {}

export interface DecisionContext {
  provider: Provider;
  database: Database;
  oauth: OAuthRuntime;
  publicUrl: string;
  refreshTokenTtlDays: number;
}

function secondsLeft(interaction: Interaction): number {
  return Math.max(1, interaction.exp - Math.floor(Date.now() / 1000));
}

async function allow(
  ctx: DecisionContext,
  interaction: Interaction,
  row: AuthorizationRow,
  userId: string,
): Promise<void> {
  const scopes = row.scope.split(' ').filter(Boolean);
  const grant = new ctx.provider.Grant({ accountId: userId, clientId: row.clientId });
  const oidcScopes = scopes.filter((s) => GRANT_SCOPES.has(s));
  if (oidcScopes.length > 0) grant.addOIDCScope(oidcScopes.join(' '));
  // Both spellings of the one resource, so the code and its refreshes keep whichever the client used.
  for (const resource of acceptedResources(ctx.publicUrl))
    grant.addResourceScope(resource, MEMORY_SCOPE);
  const grantId = await grant.save();
  try {
    await ctx.oauth.openAgentSession({
      userId,
      clientId: row.clientId,
      grantId,
      // The session ends with the grant and its last refresh token (absolute, from consent).
      ttlMs: ctx.refreshTokenTtlDays * 86_400_000,
    });
  } catch (cause) {
    await grant.destroy();
    throw new AgentSessionFailed('opening the agent session failed', { cause });
  }
  interaction.result = { login: { accountId: userId, remember: false }, consent: { grantId } };
  await interaction.save(secondsLeft(interaction));
  await recordConsent(
    ctx.database,
    { userId, clientId: row.clientId, redirectUri: row.redirectUri },
    row.scope,
  );
}

/**
 * Applies a decision the caller has claimed (state `deciding`) and answers the request. Returns the
 * provider's resume address; on failure the request goes back to pending. `screenless`: answered
 * from a standing consent, without a screen.
 */
export async function applyDecision(
  ctx: DecisionContext,
  interaction: Interaction,
  row: AuthorizationRow,
  userId: string,
  decision: 'allow' | 'deny',
  screenless = false,
): Promise<string> {
  try {
    if (decision === 'allow') {
      await allow(ctx, interaction, row, userId);
    } else {
      interaction.result = {
        error: 'access_denied',
        error_description: 'The person denied the request',
      };
      await interaction.save(secondsLeft(interaction));
    }
  } catch (err) {
    await releaseDecision(ctx.database, row.uid);
    throw err;
  }
  await markAnswered(ctx.database, row.uid, decision);
  const grantId = interaction.result?.consent?.grantId;
  await recordAudit(ctx.database.db, {
    action: 'consent',
    target: { type: 'oauth_client', id: row.clientId },
    userId,
    details: {
      decision,
      redirect_uri: row.redirectUri,
      scope: row.scope,
      screenless,
      ...(typeof grantId === 'string' ? { grant_id: grantId } : {}),
    },
  });
  return interaction.returnTo;
}
