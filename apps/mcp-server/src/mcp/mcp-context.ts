// What one MCP server is built for: the caller, the dependencies, the transport and its instructions.
import type { Caller } from '../auth/caller';
import type { ServerDeps } from '../deps';

export interface McpContext {
  caller: Caller;
  deps: ServerDeps;
  transport: 'http' | 'stdio';
  /** Composed at initialize only (see connect-instructions); other requests need none. */
  instructions?: string;
}
