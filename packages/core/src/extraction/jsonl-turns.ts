// Claude Code and Codex CLI session lines (JSONL) as turns: text kept, tool calls and their output dropped.
import type { Turn } from './types';

type Json = Record<string, unknown>;
const record = (v: unknown): Json | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : undefined);

/** Codex injects its own context as user messages; they are not the conversation. */
const INJECTED = /^<(environment_context|user_instructions|permissions instructions)/;
const TEXT_BLOCKS = new Set(['text', 'input_text', 'output_text']);

function blocksText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map(record)
    .filter((b) => b && TEXT_BLOCKS.has(String(b.type)) && typeof b.text === 'string')
    .map((b) => String(b!.text))
    .join('\n');
}

function timeOf(line: Json): Date | undefined {
  const at = typeof line.timestamp === 'string' ? new Date(line.timestamp) : undefined;
  return at && !Number.isNaN(at.getTime()) ? at : undefined;
}

/** A turn, `null` for a line that is valid but says nothing (tool output, metadata), `undefined` for no JSONL. */
export function jsonlTurn(raw: string): Turn | null | undefined {
  let line: Json | undefined;
  try {
    line = record(JSON.parse(raw));
  } catch {
    return undefined;
  }
  if (!line) return undefined;
  // Claude Code: {type: "user"|"assistant", message: {content}}; tool results arrive as user lines.
  if ((line.type === 'user' || line.type === 'assistant') && record(line.message) && line.isMeta !== true) {
    const text = blocksText(record(line.message)!.content).trim();
    return text ? { speaker: line.type, saidAt: timeOf(line), text } : null;
  }
  // Codex: {type: "response_item", payload: {type: "message", role, content}}.
  const payload = record(line.payload);
  if (line.type === 'response_item' && payload?.type === 'message' && (payload.role === 'user' || payload.role === 'assistant')) {
    const text = blocksText(payload.content).trim();
    return text && !INJECTED.test(text) ? { speaker: payload.role, saidAt: timeOf(line), text } : null;
  }
  return null;
}
