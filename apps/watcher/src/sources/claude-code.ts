// Claude Code session lines (~/.claude/projects/<project>/<session>.jsonl) as turns.
import { asRecord, asString, summariseToolCall, type ParsedLine } from './turn';

/** Text blocks are kept, tool calls summarised, tool results and thinking left out. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const block of content) {
    const b = asRecord(block);
    if (b?.type === 'text' && typeof b.text === 'string') parts.push(b.text);
    else if (b?.type === 'tool_use')
      parts.push(summariseToolCall(asString(b.name) ?? 'tool', b.input));
  }
  return parts.join('\n');
}

export function parseClaudeCodeLine(line: Record<string, unknown>): ParsedLine | undefined {
  if (line.type !== 'user' && line.type !== 'assistant') return undefined;
  const message = asRecord(line.message);
  if (!message) return undefined;
  const meta = { sessionId: asString(line.sessionId), cwd: asString(line.cwd) };
  const text = contentText(message.content).trim();
  // A user line holding only tool results is the tool's output, not something a person said.
  if (text === '') return { meta };
  return { meta, turn: { speaker: line.type, time: asString(line.timestamp), text } };
}
