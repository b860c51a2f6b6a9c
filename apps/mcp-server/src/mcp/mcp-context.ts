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
  /**
   * Which transport session a call belongs to, for the thread its calls omit (session-threads):
   * over HTTP the caller's user id with the request's Mcp-Session-Id, absent without one; over
   * stdio absent, and the server makes one of its own for the connection.
   */
  threadKey?: string;
}
