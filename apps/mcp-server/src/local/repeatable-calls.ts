// Which MCP calls may run twice: those a stdio bridge sends again when the data changed hands under them.
import { TOOLS } from '@svc/contract';
import type { Frame } from './stdio-bridge';

/** Requests that read only (the session's handshake is replayed on its own). */
const READING_METHODS = new Set([
  'ping',
  'tools/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'prompts/list',
  'prompts/get',
  'completion/complete',
]);

/** Tools that change nothing, or leave the same state however often they run (their annotations). */
const REPEATABLE_TOOLS = new Set<string>(
  Object.values(TOOLS)
    .filter((tool) => tool.annotations.readOnlyHint || tool.annotations.idempotentHint)
    .map((tool) => tool.name),
);

export function mayRepeat(frame: Frame): boolean {
  if (frame.method === 'tools/call') {
    const name = (frame.params as { name?: unknown } | undefined)?.name;
    return typeof name === 'string' && REPEATABLE_TOOLS.has(name);
  }
  return frame.method !== undefined && READING_METHODS.has(frame.method);
}
