// The chat-completions wire format: the request body asked for, and the parts of the answer read back.
import { z } from 'zod';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Strict structured output: the endpoint is asked to answer with exactly this JSON Schema. */
export function chatRequestBody(model: string, messages: ChatMessage[], name: string, schema: z.ZodType) {
  return {
    model,
    messages,
    temperature: 0,
    response_format: {
      type: 'json_schema',
      json_schema: { name, schema: z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }), strict: true },
    },
  };
}

export const chatResponse = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullable().optional() }) }))
    .min(1),
  usage: z
    .object({ prompt_tokens: z.number().int().nonnegative(), completion_tokens: z.number().int().nonnegative() })
    .partial()
    .optional(),
});

export type ChatResponse = z.infer<typeof chatResponse>;

/** A Retry-After header in seconds or as an HTTP date, in milliseconds from `now`. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
