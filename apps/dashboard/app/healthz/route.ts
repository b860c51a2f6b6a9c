// Dashboard health: 503 when the MCP server cannot be reached, since nothing here works without it.
import { dashboardEnv } from '../../lib/env';
import { checkUpstream } from '../../lib/upstream-health';

export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  const env = dashboardEnv();
  const upstream = await checkUpstream(env.MCP_SERVER_URL, env.HEALTH_TIMEOUT_MS);
  if (!upstream.reachable) {
    return Response.json(
      {
        error: {
          code: 'internal',
          message: 'The MCP server cannot be reached',
          details: { upstream: 'unreachable' },
        },
      },
      { status: 503 },
    );
  }
  return Response.json({ status: 'ok', upstream: { version: upstream.version } });
}
