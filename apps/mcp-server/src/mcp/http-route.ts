// MCP over Streamable HTTP at /mcp, stateless per request so any instance can serve any client.
import { createHash, randomUUID } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Caller } from '../auth/caller';
import type { ServerDeps } from '../deps';
import { bearerAuth } from '../http/bearer-auth';
import { jsonContentOnly, parseJsonBody } from '../http/json-body';
import { originGuard } from '../http/origin-guard';
import { createToolPlaneLimiter, rateLimitCaller } from '../http/rate-limit';
import { buildMcpServer } from './build-server';
import { connectInstructions } from './connect-instructions';

interface JsonRpcLike {
  method?: unknown;
  params?: { clientInfo?: { name?: unknown } };
}

/** The initialize message of a request body (single or batch), if it carries one. */
function initializeOf(body: unknown): JsonRpcLike | undefined {
  const messages = (Array.isArray(body) ? body : [body]) as JsonRpcLike[];
  return messages.find((m) => m && typeof m === 'object' && m.method === 'initialize');
}

/** The caller's credential stands in for the session id stateless HTTP does not have; hashed, never kept raw. */
function credentialKey(authorization: string | undefined): string {
  return `http:${createHash('sha256').update(authorization ?? '').digest('base64url')}`;
}

/** Visible ASCII, as the specification asks of a session id; anything else is no session id. */
const SESSION_ID = /^[\x21-\x7e]{1,128}$/;

/**
 * The transport session a request belongs to. The transport stays stateless (any instance serves
 * any request), yet initialize still hands out an Mcp-Session-Id, which clients send back on each
 * later request: it only names the session whose thread a call omitting `thread` reuses (see
 * session-threads). Keyed with the caller's user id, so an id presented by another user finds nothing.
 */
function transportSession(req: Request, res: Response, caller: Caller, initializing: boolean): string | undefined {
  let id: string | undefined;
  if (initializing) {
    id = randomUUID();
    res.setHeader('mcp-session-id', id);
  } else {
    const sent = req.headers['mcp-session-id'];
    id = typeof sent === 'string' && SESSION_ID.test(sent) ? sent : undefined;
  }
  return id === undefined ? undefined : `http:${caller.userId}:${id}`;
}

export function mcpRoutes(deps: ServerDeps): Router {
  const router = Router();
  // Before authentication and before any MCP handling: a foreign page learns nothing, not even 401.
  router.use('/mcp', originGuard(deps));
  const auth = bearerAuth(deps);
  // Per caller; in server mode counted in the database, so the budget is the same behind any number of instances.
  const limit = rateLimitCaller(createToolPlaneLimiter(deps, deps.settings.rateLimit));

  const handle = async (req: Request, res: Response) => {
    const caller = res.locals.caller as Caller;
    const init = initializeOf(req.body);
    const clientName = typeof init?.params?.clientInfo?.name === 'string' ? init.params.clientInfo.name : undefined;
    const instructions = init ? (await connectInstructions(deps, caller, clientName)).text : undefined;
    const sessionKey = credentialKey(req.headers.authorization);
    const threadKey = transportSession(req, res, caller, init !== undefined);
    const server = buildMcpServer({ caller, deps, transport: 'http', instructions, sessionKey, threadKey });
    // No session state in the transport: what must outlive a request lives in the database (the
    // thread of a session, kept here too, only saves minting another).
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  };

  // Authentication first: what the body is (or claims to be) is only looked at for a known caller.
  router.post('/mcp', auth, jsonContentOnly(), parseJsonBody(), limit, (req, res, next) => handle(req, res).catch(next));
  // Stateless mode has no standalone stream to resume and no session to delete.
  router.all('/mcp', auth, (_req, res) => {
    res.setHeader('Allow', 'POST');
    res.status(405).json({
      error: { code: 'validation_failed', message: 'Use POST for MCP requests on this endpoint' },
    });
  });
  return router;
}
