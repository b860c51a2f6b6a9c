// How the language-model client is configured: the endpoint and model from the environment, the rest fixed here.

export interface LlmConfig {
  /** OpenAI-compatible base URL, ending before `/chat/completions` (`http://127.0.0.1:11434/v1` for Ollama). */
  baseUrl: string;
  /** Sent as a bearer token when set; local servers need none. */
  apiKey?: string;
  model: string;
  /** One attempt's limit; a local model on CPU can take tens of seconds for a paragraph. */
  timeoutMs: number;
  /** Attempts per call, the first included. */
  maxAttempts: number;
  /** First backoff; doubled each attempt with jitter, unless the endpoint names its own delay. */
  backoffMs: number;
  /** A Retry-After longer than this is not waited for in-call: the call fails and the queue retries later. */
  maxRetryAfterMs: number;
  /** Consecutive failed calls that open the breaker, and how long it stays open. */
  breakerFailures: number;
  breakerCooldownMs: number;
}

export const LLM_DEFAULTS = {
  timeoutMs: 60_000,
  maxAttempts: 3,
  backoffMs: 500,
  maxRetryAfterMs: 30_000,
  breakerFailures: 5,
  breakerCooldownMs: 60_000,
} satisfies Omit<LlmConfig, 'baseUrl' | 'apiKey' | 'model'>;

export function llmConfig(
  settings: Pick<LlmConfig, 'baseUrl' | 'model'> & Partial<LlmConfig>,
): LlmConfig {
  return { ...LLM_DEFAULTS, ...settings, baseUrl: settings.baseUrl.replace(/\/+$/, '') };
}
