// Runs a tool's handler for a prompt, as the caller, through the tool's own input schema (defaults and checks).
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { TOOLS, type ToolInput, type ToolName, type ToolOutput } from '@svc/contract';
import type { ToolContext } from '../../deps';
import { classifyThrow } from '../../failure';

/**
 * A prompt is built from the caller's real data by the same handlers the tools use, so it can see
 * exactly what the caller's tools could and nothing more. A refusal (a project that matches
 * nothing) becomes the protocol's invalid-params error with the tool's own message.
 */
export async function runTool<N extends ToolName>(ctx: ToolContext, name: N, input: ToolInput<N>): Promise<ToolOutput<N>> {
  const handler = ctx.deps.tools.get(name);
  if (!handler) throw new McpError(ErrorCode.InternalError, `Tool ${name} is not served`);
  const parsed = TOOLS[name].input.safeParse(input);
  if (!parsed.success) throw new McpError(ErrorCode.InvalidParams, parsed.error.issues.map((i) => i.message).join('; '));
  try {
    return (await handler.run(parsed.data as never, ctx)) as ToolOutput<N>;
  } catch (thrown) {
    const err = classifyThrow(thrown);
    if (err.code === 'internal') throw thrown;
    throw new McpError(ErrorCode.InvalidParams, err.message, { code: err.code, details: err.details });
  }
}

/** One user message: what prompts/get answers with. */
export function userMessage(text: string, description: string) {
  return { description, messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }] };
}

/** A memory as one line for a prompt: its id (to act on) and its preview. */
export function memoryLine(memory: { id: string; content: string }): string {
  return `- [${memory.id}] ${memory.content.replace(/\s+/g, ' ')}`;
}
