// What one MCP server is built for: the caller, the dependencies, the transport and its instructions.
import type { Caller } from '../auth/caller';
import type { ServerDeps } from '../deps';

export interface McpContext {
  caller: Caller;
  deps: ServerDeps;
  transport: 'http' | 'stdio';
  /** Composed at initialize only (see connect-instructions); other requests need none. */
  instructions?: string;
  /**
   * Whose logging level applies: over HTTP the caller's credential (there is no MCP session id),
   * over stdio a key of the connection's own; absent, the server makes one up.
   */
  sessionKey?: string;
}
