// Decides once per request which address the client has: the edge's own header, or the socket's.
import { isIP } from 'node:net';
import type { RequestHandler, Response } from 'express';

/**
 * With a trusted header configured, its value is the address (the edge overwrites any client-sent
 * copy); a request without a usable value falls back to the socket, which is then the edge itself,
 * so it can never pick another client's bucket. `X-Forwarded-For` is never read.
 */
export function clientAddress(trustedHeader: string | null): RequestHandler {
  return (req, res, next) => {
    const sent = trustedHeader ? req.headers[trustedHeader] : undefined;
    const value = typeof sent === 'string' ? sent.trim() : undefined;
    res.locals.clientAddress =
      value && isIP(value) ? value : (req.socket.remoteAddress ?? 'unknown');
    next();
  };
}

/** The address `clientAddress` settled on for this request. */
export function clientAddressOf(res: Response): string {
  return (res.locals.clientAddress as string | undefined) ?? 'unknown';
}
