// Names of the authorization server shared with modules that must not load oidc-provider itself.
import { mcpResource } from './access-token';

/** The scope every tool needs; `offline_access` (an OIDC scope to oidc-provider) adds a refresh token. */
export const MEMORY_SCOPE = 'memory';
export const SCOPES_SUPPORTED = [MEMORY_SCOPE, 'offline_access'];

export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  registration: '/oauth/register',
  revocation: '/oauth/revoke',
  jwks: '/oauth/jwks',
  end_session: '/oauth/session/end',
} as const;

/**
 * The resource indicators that name `/mcp`: its canonical URL and the same with a trailing slash,
 * which routes to the same endpoint and which the MCP SDK's `checkResourceAllowed` accepts too.
 * The bare origin (or any other path) is another resource: `invalid_target` (RFC 8707).
 */
export function acceptedResources(publicUrl: string): string[] {
  const canonical = mcpResource(publicUrl);
  return [canonical, `${canonical}/`];
}
