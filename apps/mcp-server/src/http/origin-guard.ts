// Refuses /mcp requests sent by a web page of another site (Origin) or reached by a rebound name (Host).
import type { RequestHandler } from 'express';
import { errorBody, fail } from '@svc/errors';
import type { ServerDeps } from '../deps';
import { isLoopbackHost } from '../settings';

/** `null` for anything that is not a tuple origin (opaque origins, junk), so it matches nothing. */
function originOf(value: string): string {
  return URL.canParse(value) ? new URL(value).origin : 'null';
}

function hostnameOf(hostHeader: string): string | undefined {
  return URL.canParse(`http://${hostHeader}`) ? new URL(`http://${hostHeader}`).hostname : undefined;
}

/**
 * The SDK's own checks (the transport's `allowedOrigins`, `hostHeaderValidation`) answer with a
 * JSON-RPC body; the contract wants the service's error body, so the same comparison is made here.
 * The allowed set is read per request because the public URL is known only once the port is bound.
 */
export function originGuard(deps: ServerDeps): RequestHandler {
  const refuse = (res: Parameters<RequestHandler>[1], message: string, details: Record<string, string>) =>
    res.status(403).json(errorBody(fail.forbidden(message, details)));

  return (req, res, next) => {
    const { extraOrigins, loopbackBound } = deps.settings.mcpAccess;
    const publicUrl = new URL(deps.publicUrl);
    // Browsers always send Origin on a cross-site POST; clients that are not browsers send none.
    const origin = req.headers.origin;
    if (origin !== undefined) {
      const allowed = new Set([publicUrl.origin, originOf(deps.settings.auth.dashboardUrl), ...extraOrigins]);
      const seen = originOf(origin);
      if (seen === 'null' || !allowed.has(seen)) {
        refuse(res, `Origin ${origin} is not allowed to call this server; add it to ALLOWED_ORIGINS`, { origin });
        return;
      }
    }
    // Rebinding points an attacker's name at 127.0.0.1; on loopback only local names are ours.
    if (loopbackBound) {
      const host = req.headers.host ?? '';
      const hostname = hostnameOf(host);
      if (!hostname || !(isLoopbackHost(hostname) || hostname === publicUrl.hostname)) {
        refuse(res, `Host ${host || '(none)'} is not a name of this server`, { host });
        return;
      }
    }
    next();
  };
}
