// The Node HTTP server around the app: the contract's 60-second budget and a header ceiling above 10 KB.
import { createServer, type RequestListener, type Server } from 'node:http';
import { SERVER_TIMEOUT_MS } from '@svc/contract';

/**
 * Node refuses headers past 16 KB on its own with a bare 431. The contract's limit is about 10 KB
 * answered with 413 and the error body, so Node's ceiling sits well above it and the header-limit
 * middleware decides; only a request past this ceiling still meets Node's 431.
 */
export const NODE_MAX_HEADER_BYTES = 32 * 1024;

/**
 * Above the idle timeouts of the edge's upstream pool (nginx keeps upstream connections 60 s) and of
 * load balancers: a proxy must never reuse a connection this server is closing (it would answer 502).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function createHttpServer(app: RequestListener): Server {
  const server = createServer({ maxHeaderSize: NODE_MAX_HEADER_BYTES }, app);
  // The edge cuts a request at 60 s; the server does the same, so a slow client cannot hold a socket longer.
  server.requestTimeout = SERVER_TIMEOUT_MS;
  // Counted per request from its first byte (not from the idle keep-alive), so it can sit below keep-alive;
  // Node refuses a value above requestTimeout (docs/contract/decisions-operations.md).
  server.headersTimeout = SERVER_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  return server;
}
