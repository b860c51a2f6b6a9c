// Speaks to the server as an MCP client over Streamable HTTP and ships chunks with ingest_conversation.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { mcpEndpoint } from './credentials';

export interface ChunkToSend {
  transcript_chunk: string;
  run_id: string;
  session_key: string;
  sequence: number;
  project_hint?: string;
}

export type SendOutcome =
  { kind: 'stored' } | { kind: 'duplicate' } | { kind: 'refused'; code: string; reason: string };

export interface IngestClient {
  send(chunk: ChunkToSend): Promise<SendOutcome>;
  close(): Promise<void>;
}

export class ServerError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

export interface ConnectOptions {
  server: string;
  token?: string;
  authProvider?: OAuthClientProvider;
  fetch: typeof fetch;
  version: string;
}

/** Only a chunk the server judged invalid is given up on; anything else stops the pass to be tried again. */
const GIVE_UP_CODES = new Set(['validation_failed']);

function outcomeOf(result: CallToolResult): SendOutcome {
  const first = result.content[0];
  const text = first?.type === 'text' ? first.text : '';
  if (result.isError) {
    let error: { code?: string; message?: string } = {};
    try {
      error = (JSON.parse(text) as { error?: typeof error }).error ?? {};
    } catch {
      error = { message: text };
    }
    const code = error.code ?? 'internal';
    if (GIVE_UP_CODES.has(code)) return { kind: 'refused', code, reason: error.message ?? text };
    throw new ServerError(code, error.message ?? text);
  }
  const accepted = (result.structuredContent as { accepted?: boolean } | undefined)?.accepted;
  return accepted === false ? { kind: 'duplicate' } : { kind: 'stored' };
}

export async function connectIngestClient(options: ConnectOptions): Promise<IngestClient> {
  const client = new Client({ name: 'svc-watcher', version: options.version });
  const transport = new StreamableHTTPClientTransport(mcpEndpoint(options.server), {
    fetch: options.fetch,
    authProvider: options.authProvider,
    requestInit: options.token
      ? { headers: { authorization: `Bearer ${options.token}` } }
      : undefined,
  });
  await client.connect(transport);
  return {
    send: async (chunk) =>
      outcomeOf(
        (await client.callTool({
          name: 'ingest_conversation',
          arguments: { ...chunk },
        })) as CallToolResult,
      ),
    close: () => client.close(),
  };
}
