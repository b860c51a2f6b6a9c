// MCP over Streamable HTTP at /mcp, stateless per request so any instance can serve any client.
import { Router, type Request, type Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Caller } from '../auth/caller';
import type { ServerDeps } from '../deps';
import { bearerAuth } from '../http/bearer-auth';
import { buildMcpServer } from './build-server';

export function mcpRoutes(deps: ServerDeps): Router {
  const router = Router();
  const auth = bearerAuth({ database: deps.database, publicUrl: deps.publicUrl });

  const handle = async (req: Request, res: Response) => {
    const caller = res.locals.caller as Caller;
    const server = buildMcpServer({ caller, deps, transport: 'http' });
    // No session id: state that must outlive a request lives in the database, not in this process.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  };

  router.post('/mcp', auth, (req, res, next) => handle(req, res).catch(next));
  // Stateless mode has no standalone stream to resume and no session to delete.
  router.all('/mcp', auth, (_req, res) => {
    res.setHeader('Allow', 'POST');
    res.status(405).json({
      error: { code: 'validation_failed', message: 'Use POST for MCP requests on this endpoint' },
    });
  });
  return router;
}
