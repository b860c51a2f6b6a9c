// When a browser's cookies pass 8 KB, clears the identity provider's session cookies and sends it back to the same URL.
import type { RequestHandler } from 'express';
import { COOKIES_MAX_BYTES } from '@svc/contract';

/** The names of the cookies in a Cookie header. */
export function cookieNames(header: string): string[] {
  return header
    .split(';')
    .map((part) => part.slice(0, part.includes('=') ? part.indexOf('=') : undefined).trim())
    .filter((name) => name.length > 0);
}

/** A top-level page load: only there can a redirect recover the browser; an API call just gets its answer. */
function isBrowserNavigation(method: string, accept: string | undefined): boolean {
  return (method === 'GET' || method === 'HEAD') && (accept ?? '').includes('text/html');
}

export function sessionCookieGuard(prefix: string, maxBytes = COOKIES_MAX_BYTES): RequestHandler {
  return (req, res, next) => {
    const header = req.headers.cookie ?? '';
    if (header.length <= maxBytes || !isBrowserNavigation(req.method, req.get('accept'))) {
      next();
      return;
    }
    const stale = [...new Set(cookieNames(header).filter((name) => name.startsWith(prefix)))];
    // Without a session cookie to clear, a redirect would only loop; the header limit answers instead.
    if (stale.length === 0) {
      next();
      return;
    }
    for (const name of stale) res.clearCookie(name, { path: '/' });
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, req.originalUrl);
  };
}
