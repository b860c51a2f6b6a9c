// Raw JSON-RPC over POST /mcp, so a test controls each request's headers (its X-Request-Id) exactly.
export interface JsonRpcAnswer {
  id?: number;
  result?: { isError?: boolean; content?: { type: string; text?: string }[]; structuredContent?: unknown };
  error?: { code: number; message: string };
}

/** The JSON-RPC answer in a body that is plain JSON or a server-sent event stream (the last event). */
function answerOf(text: string, contentType: string): JsonRpcAnswer | undefined {
  if (!contentType.includes('text/event-stream')) return text ? (JSON.parse(text) as JsonRpcAnswer) : undefined;
  const events = text.split('\n').filter((line) => line.startsWith('data: '));
  const last = events[events.length - 1];
  return last ? (JSON.parse(last.slice('data: '.length)) as JsonRpcAnswer) : undefined;
}

export interface McpPost {
  res: Response;
  /** The raw body, for error bodies of the HTTP layer. */
  text: string;
  answer: JsonRpcAnswer | undefined;
}

export async function postMcp(url: string, token: string, body: unknown, headers: Record<string, string> = {}): Promise<McpPost> {
  const res = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { res, text, answer: res.ok ? answerOf(text, res.headers.get('content-type') ?? '') : undefined };
}

export function toolCall(name: string, args: Record<string, unknown>, id = 1): unknown {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } };
}
