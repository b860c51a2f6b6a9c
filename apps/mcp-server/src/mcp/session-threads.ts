// The thread a transport session last received, used for its calls that omit `thread`.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { TOOLS, isToolName, type ToolName } from '@svc/contract';
import { z } from 'zod';

/**
 * Why: an agent that passes `scope` on every call but never echoes `thread` would otherwise mint
 * a thread, and insert an `mcp_sessions` row, on every call. The transport knows the session, so
 * it supplies the thread it last handed out; a `thread` the caller passes always wins.
 *
 * In this process's memory only (the plaintext is written nowhere), keyed by the caller's user id
 * and the transport session, so a thread never crosses users or sessions. Bounded like the logging
 * levels: the least recently used session forgets its thread first, and then merely mints a new one.
 */
const MAX_SESSIONS = 10_000;

/** One table per app (keyed by its dependencies object), so two apps in one process never share. */
const tables = new WeakMap<object, Map<string, string>>();

export interface SessionThread {
  /** The arguments with the session's thread filled in, when the tool takes one and the call gave none. */
  fill(name: string, args: unknown): unknown;
  /** Keeps the thread a result hands back, if it carries one. */
  note(result: CallToolResult): void;
  /** Forgets the session's thread (its transport closed). */
  forget(): void;
}

const takesThread = new Map<ToolName, boolean>();

/** Read from the tool's published input schema, so card and board actions count as well. */
function acceptsThread(name: ToolName): boolean {
  let known = takesThread.get(name);
  if (known === undefined) {
    const schema = z.toJSONSchema(TOOLS[name].input, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, unknown>;
    };
    known = schema.properties !== undefined && 'thread' in schema.properties;
    takesThread.set(name, known);
  }
  return known;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function sessionThread(app: object, key: string): SessionThread {
  let table = tables.get(app);
  if (!table) tables.set(app, (table = new Map()));
  const threads = table;
  return {
    fill(name, args) {
      const thread = threads.get(key);
      if (!thread || !isToolName(name) || !acceptsThread(name)) return args;
      if (args === undefined) return { thread };
      // Anything the caller put under `thread`, valid or not, is theirs to have checked.
      if (!isPlainObject(args) || 'thread' in args) return args;
      return { ...args, thread };
    },
    note(result) {
      const session = isPlainObject(result.structuredContent) ? result.structuredContent.session : undefined;
      const thread = isPlainObject(session) ? session.thread : undefined;
      if (typeof thread !== 'string') return;
      threads.delete(key);
      threads.set(key, thread);
      if (threads.size > MAX_SESSIONS) threads.delete(threads.keys().next().value as string);
    },
    forget() {
      threads.delete(key);
    },
  };
}
