// Refuses a request whose headers pass about 10 KB with 413 and the error body, as the edge does.
import type { RequestHandler } from 'express';
import { REQUEST_HEADERS_MAX_BYTES } from '@svc/contract';
import { errorBody, fail } from '@svc/errors';

/** Bytes of the header block as sent: `name: value\r\n` per field (Node keeps them as latin1, one char a byte). */
export function headerBytes(rawHeaders: readonly string[]): number {
  let total = 0;
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    total += (rawHeaders[i]?.length ?? 0) + 2 + (rawHeaders[i + 1]?.length ?? 0) + 2;
  }
  return total;
}

export function headerLimit(maxBytes = REQUEST_HEADERS_MAX_BYTES): RequestHandler {
  return (req, res, next) => {
    const size = headerBytes(req.rawHeaders);
    if (size <= maxBytes) {
      next();
      return;
    }
    // The code is validation_failed (the caller must send less); the status is the contract's 413,
    // which the code-to-status table would make 400, so this answer is written here directly.
    const failure = fail.validation('Request headers are too large', { limit_bytes: maxBytes, received_bytes: size });
    res.setHeader('Connection', 'close');
    res.status(413).json(errorBody(failure));
  };
}
