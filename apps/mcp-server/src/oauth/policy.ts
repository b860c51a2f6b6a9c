// The authorization server's decisions that oidc-provider leaves to the deployment: prompts, the one resource, token claims, CORS.
import { findAgentSessionByGrant, type Database } from '@svc/db';
import {
  errors,
  interactionPolicy,
  type Client,
  type KoaContextWithOIDC,
  type ResourceServer,
} from 'oidc-provider';
import type { AuthSettings } from '../settings';
import { GRANT_CLAIM, mcpResource } from './access-token';
import { acceptedResources, MEMORY_SCOPE } from './names';


/**
 * The base prompts plus one consent check that asks whenever no consent result came back with the
 * request: the dashboard, not a provider session the browser still holds, decides about a screen.
 */
export function interactionPolicyFor(): interactionPolicy.DefaultPolicy {
  const policy = interactionPolicy.base();
  const consent = policy.get('consent');
  if (!consent) throw new Error('oidc-provider base policy has no consent prompt');
  consent.checks.add(
    new interactionPolicy.Check(
      'dashboard_decides',
      'the person decides on the dashboard',
      (ctx) => !ctx.oidc.result?.consent,
    ),
    0,
  );
  return policy;
}


/** `/mcp` is the only resource: its tokens are ES256 JWTs with its canonical URL as the audience. */
export function resourceServerInfo(publicUrl: string, settings: AuthSettings) {
  return (_ctx: KoaContextWithOIDC, indicator: string): ResourceServer => {
    if (!acceptedResources(publicUrl).includes(indicator))
      throw new errors.InvalidTarget(`unknown resource ${indicator}`);
    return {
      scope: MEMORY_SCOPE,
      audience: mcpResource(publicUrl),
      accessTokenTTL: settings.accessTokenTtlSeconds,
      accessTokenFormat: 'jwt',
      jwt: { sign: { alg: 'ES256' } },
    };
  };
}

/**
 * Names the grant in every access token so `/mcp` finds the agent session; refuses to mint one
 * (a refresh included) once that session was revoked.
 */
export function extraTokenClaimsFor(database: Database) {
  return async (_ctx: KoaContextWithOIDC, token: { grantId?: string | undefined } | object) => {
    if (!('grantId' in token) || typeof token.grantId !== 'string') return undefined;
    const live = await findAgentSessionByGrant(database.db, token.grantId);
    if (!live) throw new errors.InvalidGrant('the agent session of this grant has ended');
    return { [GRANT_CLAIM]: token.grantId };
  };
}

interface RotatedToken {
  remainingTTL: number;
}

/** Refresh tokens end with the grant: rotation hands on the remaining lifetime, never a fresh one. */
export function refreshTokenTtl(settings: AuthSettings) {
  return (ctx: KoaContextWithOIDC | undefined): number => {
    const rotated = ctx?.oidc.entities.RotatedRefreshToken as RotatedToken | undefined;
    return rotated ? Math.max(1, rotated.remainingTTL) : settings.refreshTokenTtlDays * 86_400;
  };
}

/**
 * Browser-based public clients (the MCP Inspector) call the token endpoint cross-origin: allowed
 * from the origin of one of their own redirect URIs, as oidc-provider's default does, stated here.
 */
export function clientBasedCORS(_ctx: KoaContextWithOIDC, origin: string, client: Client): boolean {
  if (origin === 'null' || client.clientAuthMethod !== 'none') return false;
  return client.redirectUris?.some((uri) => URL.parse(uri)?.origin === origin) ?? false;
}
