// Reads the complete lines of a file from a byte offset, parsed into turns with the byte where each ends.
import { open } from 'node:fs/promises';
import { parseClaudeCodeLine } from './claude-code';
import { parseCodexLine } from './codex';
import { parseGenericJsonLine, parseProseLine } from './generic';
import { asRecord, type ParsedLine, type SessionMeta, type SourceKind, type Turn } from './turn';

/** Bounded memory on a huge first read: the rest is read by the next round of the same pass. */
export const READ_WINDOW_BYTES = 4 * 1024 * 1024;

export interface TurnAt extends Turn {
  /** Byte offset just past the line this turn came from. */
  end: number;
}

export interface ReadResult {
  turns: TurnAt[];
  meta: SessionMeta;
  /** Byte offset just past the last complete line read; a partial last line waits for its newline. */
  end: number;
}

function parseLine(kind: SourceKind, jsonl: boolean, text: string): ParsedLine | undefined {
  if (!jsonl) return parseProseLine(text);
  let value: Record<string, unknown> | undefined;
  try {
    value = asRecord(JSON.parse(text));
  } catch {
    return undefined; // a damaged line is skipped rather than stopping the session for good
  }
  if (!value) return undefined;
  if (kind === 'claude-code') return parseClaudeCodeLine(value);
  if (kind === 'codex') return parseCodexLine(value);
  return parseGenericJsonLine(value);
}

export async function readLines(
  path: string,
  kind: SourceKind,
  from: number,
  upTo: number,
): Promise<ReadResult> {
  const length = Math.min(upTo - from, READ_WINDOW_BYTES);
  const buffer = Buffer.alloc(Math.max(length, 0));
  const handle = await open(path, 'r');
  try {
    if (length > 0) await handle.read(buffer, 0, length, from);
  } finally {
    await handle.close();
  }
  const jsonl = path.endsWith('.jsonl');
  const result: ReadResult = { turns: [], meta: {}, end: from };
  let lineStart = 0;
  for (let nl = buffer.indexOf(10); nl !== -1; nl = buffer.indexOf(10, lineStart)) {
    const text = buffer.toString('utf8', lineStart, nl).replace(/\r$/, '');
    lineStart = nl + 1;
    result.end = from + lineStart;
    if (text.trim() === '' && jsonl) continue;
    const parsed = parseLine(kind, jsonl, text);
    if (parsed?.meta)
      result.meta = { ...stripUndefined(parsed.meta), ...stripUndefined(result.meta) };
    if (parsed?.turn) result.turns.push({ ...parsed.turn, end: result.end });
  }
  return result;
}

/** The first value seen wins: a session's id and place do not change halfway through. */
function stripUndefined(meta: SessionMeta): SessionMeta {
  return Object.fromEntries(Object.entries(meta).filter(([, v]) => v !== undefined)) as SessionMeta;
}
