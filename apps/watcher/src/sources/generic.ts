// Lines of a plain transcript directory: any JSON line with a speaker and text, or a line of prose.
import { parseClaudeCodeLine } from './claude-code';
import { parseCodexLine } from './codex';
import { asRecord, asString, type ParsedLine } from './turn';

/** A .jsonl from an unknown tool: Claude Code and Codex shapes first, then {role, content}. */
export function parseGenericJsonLine(line: Record<string, unknown>): ParsedLine | undefined {
  const known = parseClaudeCodeLine(line) ?? parseCodexLine(line);
  if (known) return known;
  const text =
    asString(line.content) ?? asString(line.text) ?? asString(asRecord(line.message)?.content);
  if (!text) return undefined;
  const speaker = asString(line.role) ?? asString(line.speaker) ?? asString(line.type) ?? 'unknown';
  return { turn: { speaker, time: asString(line.timestamp) ?? asString(line.time), text } };
}

/** A line of .md or .txt is a turn of its own, so chunks are cut only between lines. */
export function parseProseLine(line: string): ParsedLine {
  return { turn: { speaker: '', text: line } };
}
