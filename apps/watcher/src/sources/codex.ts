// Codex CLI rollout lines (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl) as turns.
import { asRecord, asString, summariseToolCall, type ParsedLine } from './turn';

/** Codex injects its own context as user messages; they are not the conversation. */
const INJECTED = /^<(environment_context|user_instructions|permissions instructions)/;

function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block) => asRecord(block))
    .filter((b) => b && (b.type === 'input_text' || b.type === 'output_text' || b.type === 'text'))
    .map((b) => String(b!.text ?? ''))
    .join('\n');
}

function parseArguments(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

export function parseCodexLine(line: Record<string, unknown>): ParsedLine | undefined {
  const payload = asRecord(line.payload);
  if (!payload) return undefined;
  const time = asString(line.timestamp);
  if (line.type === 'session_meta') {
    const git = asRecord(payload.git);
    return {
      meta: {
        sessionId: asString(payload.id),
        cwd: asString(payload.cwd),
        remote: asString(git?.repository_url),
      },
    };
  }
  if (line.type !== 'response_item') return undefined;
  if (payload.type === 'function_call' || payload.type === 'custom_tool_call') {
    const args = parseArguments(payload.arguments ?? payload.input);
    return {
      turn: {
        speaker: 'assistant',
        time,
        text: summariseToolCall(asString(payload.name) ?? 'tool', args),
      },
    };
  }
  if (payload.type !== 'message') return undefined;
  const role = asString(payload.role);
  if (role !== 'user' && role !== 'assistant') return undefined;
  const text = messageText(payload.content).trim();
  if (text === '' || INJECTED.test(text)) return undefined;
  return { turn: { speaker: role, time, text } };
}
