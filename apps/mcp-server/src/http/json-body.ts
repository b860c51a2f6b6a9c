// The MCP endpoint's body: JSON in UTF-8 only, checked after authentication and parsed only then.
import express, { type RequestHandler } from 'express';
import { fail } from '@svc/errors';

/** Generous for a 200000-character transcript chunk in JSON-RPC framing, bounded against abuse. */
export const JSON_BODY_LIMIT = '4mb';

/** `charset=utf-8` in any case or quoting; no charset at all means UTF-8 for JSON (RFC 8259 §8.1). */
function charsetOf(contentType: string): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType);
  return match?.[1]?.toLowerCase();
}

/**
 * Refuses, as the caller's mistake (`validation_failed`, 400), a body that is not `application/json`
 * or names a charset other than UTF-8, before the JSON parser or the MCP transport sees it: the
 * parser would throw an unclassified 415 for `charset=latin1`, and the transport answers a foreign
 * media type in its own envelope rather than the error body.
 */
export function jsonContentOnly(): RequestHandler {
  return (req, _res, next) => {
    const contentType = req.get('content-type') ?? '';
    const mediaType = contentType.split(';')[0]?.trim().toLowerCase();
    if (mediaType !== 'application/json') {
      next(fail.validation('Request body must be application/json', { content_type: mediaType ? mediaType.slice(0, 100) : null }));
      return;
    }
    const charset = charsetOf(contentType);
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      next(fail.validation('Request body must be JSON in UTF-8', { charset: charset.slice(0, 40) }));
      return;
    }
    next();
  };
}

export function parseJsonBody(): RequestHandler {
  return express.json({ limit: JSON_BODY_LIMIT });
}
