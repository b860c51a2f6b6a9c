// Adopts a well-formed incoming X-Request-Id (else mints one), echoes it, and scopes the request to it.
import type { RequestHandler } from 'express';
import { isRequestId, mintRequestId } from '@svc/contract';
import { runWithRequestContext } from '@svc/observability';

export const REQUEST_ID_HEADER = 'X-Request-Id';

export function requestId(): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get(REQUEST_ID_HEADER);
    // A malformed id is replaced silently: it is the caller's correlation aid, not an input to refuse.
    const id = incoming !== undefined && isRequestId(incoming) ? incoming : mintRequestId();
    res.locals.requestId = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    runWithRequestContext({ requestId: id }, () => next());
  };
}
