// RFC 9728 protected-resource metadata for `/mcp`: where an MCP client learns which authorization server to use.
import { Router } from 'express';
import { mcpResource } from './access-token';
import { SCOPES_SUPPORTED } from './names';

export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';

/** The address `/mcp` announces in its 401 challenge. */
export function resourceMetadataUrl(publicUrl: string): string {
  return `${publicUrl}${PROTECTED_RESOURCE_PATH}/mcp`;
}

export function protectedResourceMetadata(publicUrl: string) {
  return {
    resource: mcpResource(publicUrl),
    authorization_servers: [publicUrl],
    scopes_supported: SCOPES_SUPPORTED,
    bearer_methods_supported: ['header'],
    resource_name: 'Memory service',
  };
}

/**
 * Served at the path-inserted address of the resource (`…/oauth-protected-resource/mcp`, and with
 * PUBLIC_URL's own path inserted too) and at the bare one, which clients try when the first fails.
 */
export function metadataRoutes(publicUrl: () => string): Router {
  const router = Router();
  router.get(/^\/\.well-known\/oauth-protected-resource(\/.*)?$/, (req, res, next) => {
    const base = new URL(publicUrl()).pathname.replace(/\/+$/, '');
    const accepted = [
      PROTECTED_RESOURCE_PATH,
      `${PROTECTED_RESOURCE_PATH}/mcp`,
      `${PROTECTED_RESOURCE_PATH}${base}/mcp`,
    ];
    if (!accepted.includes(req.path)) return next();
    // Browser-based clients (the MCP Inspector) read it cross-origin.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(protectedResourceMetadata(publicUrl()));
  });
  return router;
}
