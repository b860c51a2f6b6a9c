// MCP logging for one session: the level its client set, and notifications/message at or above it.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SetLevelRequestSchema, type LoggingLevel, type ServerNotification } from '@modelcontextprotocol/sdk/types.js';

/** RFC 5424 severities in the order MCP uses, least severe first. */
const SEVERITY: readonly LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** Until a client asks otherwise it hears `info` and up; `debug` is for people reading server logs. */
const DEFAULT_LEVEL: LoggingLevel = 'info';

/** Bounded so a stream of one-off credentials cannot grow the table without end; the oldest go first. */
const MAX_SESSIONS = 10_000;

/** One table per app (keyed by its dependencies object), so two apps in one process never share levels. */
const tables = new WeakMap<object, Map<string, LoggingLevel>>();

/** What a tool or a watcher calls; `data` names an event and its ids, never a payload. */
export type Notify = (level: LoggingLevel, data: Record<string, unknown>) => void;

export interface SessionLog {
  /** A notifier that sends on `send`: the request's own stream over HTTP, the session's over stdio. */
  notifier(send: (notification: ServerNotification) => Promise<void>): Notify;
}

/**
 * Replaces the SDK's own setLevel handler, which keeps the level per transport session id: the
 * HTTP transport is stateless (a new server per request, no session id), so the level is kept by
 * the caller's session key here instead and outlives the request that set it.
 */
export function registerLogging(server: Server, app: object, sessionKey: string): SessionLog {
  let table = tables.get(app);
  if (!table) tables.set(app, (table = new Map()));
  const levels = table;
  server.setRequestHandler(SetLevelRequestSchema, (request) => {
    levels.delete(sessionKey);
    levels.set(sessionKey, request.params.level);
    if (levels.size > MAX_SESSIONS) levels.delete(levels.keys().next().value as string);
    return {};
  });
  const enabled = (level: LoggingLevel) =>
    SEVERITY.indexOf(level) >= SEVERITY.indexOf(levels.get(sessionKey) ?? DEFAULT_LEVEL);
  return {
    notifier: (send) => (level, data) => {
      if (!enabled(level)) return;
      // A client that went away misses the message; the tool's own answer still carries the facts.
      send({ method: 'notifications/message', params: { level, logger: 'memory-service', data } }).catch(() => {});
    },
  };
}
