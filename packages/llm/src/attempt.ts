// One HTTP attempt at a structured chat completion: the answer parsed and validated, or a classified failure.
import type { z } from 'zod';
import { chatResponse, retryAfterMs, type ChatResponse } from './wire';

/** Why an attempt failed; `retryable` says whether another attempt can help, `retryAfterMs` when to make it. */
export class AttemptFailure extends Error {
  constructor(
    readonly kind: 'timeout' | 'network' | 'status' | 'malformed' | 'off_schema',
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
    readonly retryAfterMs?: number,
    /** Tokens the endpoint spent on an answer we could not use; still counted in the ledger. */
    readonly usage?: ChatResponse['usage'],
  ) {
    super(message);
  }
}

export interface AttemptResult<T> {
  value: T;
  usage: ChatResponse['usage'];
}

export interface AttemptInput<T> {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  schema: z.ZodType<T>;
  timeoutMs: number;
  signal?: AbortSignal;
  fetch: typeof fetch;
}

/** 408, 409, 425, 429 and 5xx are worth another attempt; any other 4xx is our request's fault. */
const RETRYABLE_STATUS = (status: number) => status >= 500 || [408, 409, 425, 429].includes(status);

export async function attemptCompletion<T>(input: AttemptInput<T>): Promise<AttemptResult<T>> {
  const timeout = AbortSignal.timeout(input.timeoutMs);
  const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
  let raw: string;
  let response: Response;
  try {
    response = await input.fetch(input.url, {
      method: 'POST',
      headers: input.headers,
      body: JSON.stringify(input.body),
      signal,
    });
    raw = await response.text();
  } catch (thrown) {
    if (input.signal?.aborted) throw thrown;
    if (timeout.aborted) throw new AttemptFailure('timeout', `no answer within ${input.timeoutMs} ms`, true);
    throw new AttemptFailure('network', thrown instanceof Error ? thrown.message : String(thrown), true);
  }
  if (!response.ok) {
    const retryable = RETRYABLE_STATUS(response.status);
    const after = retryAfterMs(response.headers.get('retry-after'), Date.now());
    throw new AttemptFailure('status', `HTTP ${response.status}: ${raw.slice(0, 200)}`, retryable, response.status, after);
  }
  const envelope = chatResponse.safeParse(safeJson(raw));
  if (!envelope.success) throw new AttemptFailure('malformed', 'the answer is not a chat completion', true);
  const content = envelope.data.choices[0]!.message.content ?? '';
  const parsed = safeJson(stripFence(content));
  if (parsed === undefined) {
    throw new AttemptFailure('malformed', 'the answer is not JSON', true, undefined, undefined, envelope.data.usage);
  }
  const checked = input.schema.safeParse(parsed);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const message = `the answer does not fit the schema: ${issue ? `${issue.path.join('.')} ${issue.message}` : ''}`;
    throw new AttemptFailure('off_schema', message, true, undefined, undefined, envelope.data.usage);
  }
  return { value: checked.data, usage: envelope.data.usage };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Some local servers wrap JSON in a Markdown fence even in structured mode. */
function stripFence(text: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(text);
  return fenced ? fenced[1]! : text;
}
