// Configures oidc-provider as the service's OAuth 2.1 authorization server (issuer = PUBLIC_URL).
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '@svc/db';
import type { Logger } from '@svc/observability';
import type { AuthSettings } from '../settings';
import { createOAuthAdapter } from './adapter';
import type { OAuthKeys } from './keys';
import {
  clientBasedCORS,
  extraTokenClaimsFor,
  interactionPolicyFor,
  refreshTokenTtl,
  resourceServerInfo,
} from './policy';
import { OAUTH_ROUTES, SCOPES_SUPPORTED } from './names';
import { checkRegistration } from './registration-guard';
import { tokenAudit } from './token-audit';
import { mcpResource } from './access-token';
import { installOutageAnswer } from './outage';

export interface ProviderParts {
  publicUrl: string;
  settings: AuthSettings;
  /** Prefix of the provider's cookie names, so the 8 KB cookie guard clears them with the others. */
  cookiePrefix: string;
  keys: OAuthKeys;
  database: Database;
  /** Server errors are logged here; a database outage as `database_unavailable`. */
  logger: Logger;
}


/** A metadata name no client sends: declaring it makes oidc-provider run the validator on every registration. */
const GUARD_PROPERTY = 'svc_registration_guard';

/** The registration bounds, run inside oidc-provider's own client-metadata validation. */
function registrationValidator(
  ctx: KoaContextWithOIDC | undefined,
  key: string,
  _value: unknown,
  metadata: Record<string, unknown>,
) {
  // Stored clients are rebuilt without a request: they were checked when they registered.
  if (key !== GUARD_PROPERTY || ctx?.oidc?.route !== 'registration') return;
  const verdict = checkRegistration(ctx.oidc.body);
  if (!verdict.ok) {
    if (verdict.error === 'invalid_client_metadata') throw new errors.InvalidClientMetadata(verdict.description);
    // InvalidRedirectUri takes no description and would say the address "did not match any
    // registered redirect_uris", which misleads at registration: name the broken rule instead.
    const error = new errors.InvalidRedirectUri();
    error.error_description = verdict.description;
    throw error;
  }
  if (verdict.applicationType) metadata.application_type = verdict.applicationType;
  // The MCP Inspector registers `scope: ""` before it has read the resource's scopes: an empty
  // list, not an invalid one, so it registers as if it had sent none.
  if (typeof metadata.scope === 'string' && metadata.scope.trim() === '') delete metadata.scope;
}

export function buildProvider(parts: ProviderParts): Provider {
  const { publicUrl, settings, keys } = parts;
  const prefix = parts.cookiePrefix;
  const cookie = { httpOnly: true, sameSite: 'lax' as const, signed: true };
  const configuration: Configuration = {
    adapter: createOAuthAdapter(parts.database),
    jwks: keys.signing as Configuration['jwks'],
    cookies: {
      keys: keys.cookies,
      names: {
        session: `${prefix}-oauth`,
        interaction: `${prefix}-oauth-interaction`,
        resume: `${prefix}-oauth-resume`,
      },
      long: cookie,
      short: cookie,
    },
    routes: OAUTH_ROUTES,
    // `memory` is listed here too: registration checks a client's `scope` against this list, and
    // MCP clients register with the resource's scopes_supported.
    scopes: ['openid', ...SCOPES_SUPPORTED],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      id_token_signed_response_alg: 'ES256',
      token_endpoint_auth_method: 'client_secret_basic',
    },
    extraClientMetadata: { properties: [GUARD_PROPERTY], validator: registrationValidator },
    clientBasedCORS,
    pkce: { required: () => true },
    // Advertised is what works and is tested (test/oauth-advertised.test.ts): the code flow only,
    // so no implicit grant and no `id_token` response types; client authentication without JWTs.
    responseTypes: ['code'],
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true, issueRegistrationAccessToken: false },
      revocation: {
        enabled: true,
        // Only the client a token was issued to may revoke it; another client's attempt is ignored
        // (RFC 7009 answers 200 either way, so nothing is learnt about the token).
        allowedPolicy: (_ctx, client, token) => Promise.resolve(token.clientId === client.clientId),
      },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      // Tokens are plain bearer tokens: `/mcp` checks no DPoP proof.
      dPoP: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => mcpResource(publicUrl),
        // A refresh without `resource` keeps the granted one (the MCP SDK sends it, others may not).
        useGrantedResource: () => true,
        getResourceServerInfo: resourceServerInfo(publicUrl, settings),
      },
    },
    interactions: {
      policy: interactionPolicyFor(),
      url: (_ctx, interaction) =>
        `${settings.dashboardUrl}/oauth/consent?id=${encodeURIComponent(interaction.uid)}`,
    },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
    extraTokenClaims: extraTokenClaimsFor(parts.database),
    // Agent sessions, not the provider's browser session, decide how long tokens act.
    expiresWithSession: () => false,
    issueRefreshToken: (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
    rotateRefreshToken: () => true,
    ttl: {
      AccessToken: settings.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: settings.accessTokenTtlSeconds,
      Interaction: 30 * 60,
      // The provider's browser session only carries one authorization to its end (see mount.ts).
      Session: 10 * 60,
      Grant: settings.refreshTokenTtlDays * 86_400,
      RefreshToken: refreshTokenTtl(settings),
    },
    renderError: (ctx, out) => {
      ctx.type = 'application/json';
      ctx.body = {
        error: out.error,
        error_description: out.error_description ?? 'The request failed',
      };
    },
  };
  const provider = new Provider(publicUrl, configuration);
  // Host and scheme come from the forwarding headers mount.ts sets from PUBLIC_URL, never from a client.
  provider.proxy = true;
  // First, so it is outermost: it also sees the 500 the audit middleware answers.
  installOutageAnswer(provider, parts.logger);
  provider.use(tokenAudit(parts.database));
  provider.use(async (ctx, next) => {
    await next();
    // The contract's GET /oauth/authorize answer is a 302 to the dashboard (oidc-provider says 303).
    if (ctx.oidc?.route === 'authorization' && ctx.status === 303) ctx.status = 302;
  });
  return provider;
}
