// Whether the dashboard can reach the MCP server: its /healthz must answer 200 within the timeout.
export interface UpstreamHealth {
  reachable: boolean;
  status?: number;
  version?: string;
}

export async function checkUpstream(baseUrl: string, timeoutMs: number): Promise<UpstreamHealth> {
  try {
    const res = await fetch(new URL('/healthz', baseUrl), { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) return { reachable: false, status: res.status };
    const body = (await res.json()) as { version?: string };
    return { reachable: true, status: res.status, version: body.version };
  } catch {
    return { reachable: false };
  }
}
