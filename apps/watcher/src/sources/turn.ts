// What every source format becomes: turns of speaker, time and text, plus what the file says about itself.

export interface Turn {
  speaker: string;
  /** ISO time as the tool wrote it, when it wrote one. */
  time?: string;
  text: string;
}

/** Learned from the lines themselves: the session's id, where it ran and its repository. */
export interface SessionMeta {
  sessionId?: string;
  cwd?: string;
  remote?: string;
}

export interface ParsedLine {
  turn?: Turn;
  meta?: SessionMeta;
}

export type SourceKind = 'claude-code' | 'codex' | 'plain';

/** One line per tool call, so a reader sees what was done without the tool's output. */
export function summariseToolCall(name: string, input: unknown): string {
  const args = typeof input === 'string' ? input : JSON.stringify(input ?? {});
  const flat = args.replace(/\s+/g, ' ').trim();
  return `[tool ${name}] ${flat.length > 160 ? `${flat.slice(0, 157)}...` : flat}`;
}

/** Speaker and time on a heading line, then the text: readable, and cut only between turns. */
export function renderTurn(turn: Turn): string {
  if (turn.speaker === '') return `${turn.text}\n`;
  const when = turn.time ? ` (${turn.time})` : '';
  return `${turn.speaker}${when}:\n${turn.text.trimEnd()}\n\n`;
}

export const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

export const asString = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
