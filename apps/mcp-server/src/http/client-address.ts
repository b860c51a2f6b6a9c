// Decides once per request which address the client has: the edge's own header, or the socket's.
import { isIP } from 'node:net';
import type { RequestHandler, Response } from 'express';
import { cameThroughEdge } from './edge-guard';

/**
 * With a trusted header configured, its value is the address, on requests that came through the
 * edge (`edgeCheck`: the edge overwrites any client-sent copy). Otherwise, or without a usable value,
 * the socket's address: a direct caller cannot name an address of its choosing, and behind the
 * edge the socket is the edge itself, never another client's bucket. `X-Forwarded-For` is never read.
 */
export function clientAddress(trustedHeader: string | null): RequestHandler {
  return (req, res, next) => {
    const sent = trustedHeader && cameThroughEdge(res) ? req.headers[trustedHeader] : undefined;
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
