// Lets browser-based clients register cross-origin: oidc-provider answers CORS on its token and metadata routes, not here.
import type { RequestHandler } from 'express';
import { OAUTH_ROUTES } from './names';

/**
 * Registration is open and reads no cookie or credential, so any origin may call it: a web page
 * gains nothing a script outside a browser does not already have. The MCP Inspector registers
 * from the browser in its direct mode. Ahead of the rate limit, so a preflight costs no point.
 */
export function registrationCors(): RequestHandler {
  return (req, res, next) => {
    if (req.path !== OAUTH_ROUTES.registration) return next();
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method !== 'OPTIONS') return next();
    res.setHeader('Access-Control-Allow-Methods', 'POST');
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
  };
}
