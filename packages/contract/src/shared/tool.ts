// The shape every tool definition takes, so the registry and the server treat all tools alike.
import type { z } from 'zod';

/** MCP tool annotations; every tool talks to the memory store only, so openWorldHint is false. */
export interface ToolAnnotations {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: false;
}

/** MCP requires object schemas at the top level of both input and output. */
export type ObjectSchema = z.ZodObject<z.ZodRawShape>;

export interface ToolDefinition<
  N extends string = string,
  I extends ObjectSchema = ObjectSchema,
  O extends ObjectSchema = ObjectSchema,
> {
  readonly name: N;
  readonly title: string;
  /** At most TOOL_DESCRIPTION_MAX_BYTES in UTF-8; a test enforces it. */
  readonly description: string;
  readonly input: I;
  readonly output: O;
  readonly annotations: ToolAnnotations;
}

/** Keeps each tool's literal name and exact schema types while checking the common shape. */
export function defineTool<const N extends string, I extends ObjectSchema, O extends ObjectSchema>(
  tool: ToolDefinition<N, I, O>,
): ToolDefinition<N, I, O> {
  return Object.freeze({ ...tool, annotations: Object.freeze({ ...tool.annotations }) });
}

/** Descriptions are written as paragraphs; joined with blank lines for the client to show. */
export function describe(...paragraphs: string[]): string {
  return paragraphs.join('\n\n');
}
